// Test helper: a tenant's Connect records for tests that need real ones (e.g. the fuzz test's isolation
// checks): a registered, undeployed smart account and an operation awaiting its signature; and the switch
// to connect mode with an owner that signs the pending operations.
import { getAddress, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { expect } from "vitest";
import { call } from "@/test/client";
import { db } from "@/lib/db";
import { prepareUserOperation } from "@/lib/connect/user-ops/prepare";
import { ownerProofFields } from "@/lib/connect/testing/owner-proof";

export const CONNECT_TEST_CHAIN_ID = "80002"; // polygon_amoy, served by the local chain in tests

/** Path values of the tenant's Connect records: `address` (an account) and `userOpHash` (an awaiting_sign operation). */
export async function seedConnect(t: { id: string; apiKey: string }) {
  const signer = privateKeyToAccount(generatePrivateKey()).address;
  const res = await call("POST", "/v1/connect/accounts", { token: t.apiKey, body: { signer, chain_id: CONNECT_TEST_CHAIN_ID } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const op = await prepareUserOperation({ tenantId: t.id, livemode: false }, { address: res.body.address, chain_id: CONNECT_TEST_CHAIN_ID, calls: [{ to: signer }] });
  return { address: res.body.address as string, userOpHash: op.user_op_hash, chainId: CONNECT_TEST_CHAIN_ID };
}

type Caller = { apiKey: string };
const asTenant = (t: Caller, method: string, path: string, body?: unknown) => call(method, path, { token: t.apiKey, body });

/**
 * Switches the tenant to connect mode with `owner` as its signer, proven by the owner's signature: the one
 * place tests switch modes. `apiKey` is a key of the mode to switch (test unless `livemode`). Returns the
 * account address that then acts for the tenant in that mode (on polygon_amoy, or polygon when live).
 */
export async function switchToConnect(t: Caller & { id: string; livemode?: boolean }, owner: PrivateKeyAccount): Promise<Address> {
  const proof = await ownerProofFields({ tenantId: t.id, livemode: t.livemode ?? false }, owner);
  const put = await asTenant(t, "PUT", "/v1/settings/connect", { wallet_mode: "connect", ...proof });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const mode = await asTenant(t, "GET", "/v1/settings/wallet-mode");
  expect(mode.body).toMatchObject({ mode: "connect", owner_signer: owner.address });
  // Null where the mode's network is not served here (a live key in tests: polygon).
  return (mode.body.connect_account_address && getAddress(mode.body.connect_account_address)) as Address;
}

/**
 * Signs, as the owner would, every operation of `account` that awaits its signature until `stop()`:
 * for flows of many connect-mode writes (each one a user operation awaiting the owner).
 */
export function autoSign(t: Caller, owner: PrivateKeyAccount, account: Address) {
  let running = true;
  const signed = new Set<string>();
  const loop = (async () => {
    while (running) {
      // Read from the database, not GET …/ops/pending: polling the API would use up the tenant's rate limit.
      const pending = await db.relayOperation.findMany({ where: { sender: account.toLowerCase(), status: "awaiting_sign" }, select: { userOpHash: true } });
      for (const { userOpHash } of pending) {
        if (signed.has(userOpHash)) continue;
        signed.add(userOpHash);
        const signature = await owner.signMessage({ message: { raw: userOpHash as Hex } });
        await asTenant(t, "POST", `/v1/connect/ops/${userOpHash}/sign`, { signature });
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return { stop: async () => { running = false; await loop; }, signed };
}
