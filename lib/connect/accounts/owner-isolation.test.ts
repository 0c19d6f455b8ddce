// Connect accounts and their runs are per tenant, mode and chain: two tenants with the same owner (or the
// test and live mode of one tenant) get different smart accounts, and an operation one of them leaves
// unsigned never holds up the other's writes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAddress, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { call } from "@/test/client";
import { db } from "@/lib/db";
import { ERC20_FEATURES, NETWORK, eventually, tenant } from "@/lib/tokens/testing";
import { switchToConnect } from "@/lib/connect/testing/records";
import { runUserOperations } from "@/lib/connect/user-ops/service";

const deploy = (key: string, network: string) =>
  call("POST", "/v1/tokens", { token: key, body: { network, name: "Owned", symbol: "OWN", standard: "ERC20", features: ERC20_FEATURES } });

/** The operation awaiting the owner that carries this record, as its tenant and mode see it. */
async function awaitingSign(key: string, transactionId: string, timeoutMs = 20_000) {
  const carried = await eventually(
    () => db.relayOperation.findFirst({ where: { transactionId, status: "awaiting_sign" } }),
    `the operation of ${transactionId} awaiting its owner`,
    timeoutMs,
  );
  const pending = await call("GET", "/v1/connect/ops/pending?limit=100", { token: key });
  const op = (pending.body.data as any[]).find((o) => o.user_op_hash === carried.userOpHash);
  expect(op, "listed in the tenant's ops/pending for this key").toBeDefined();
  return op;
}

const accountOf = async (key: string): Promise<Address> => getAddress((await call("GET", "/v1/settings/wallet-mode", { token: key })).body.connect_account_address);

describe("connect accounts are per tenant and mode", () => {

  it("two tenants with the same owner: B's unsigned write does not hold up A's, and their accounts differ", async () => {
    const [a, b] = await Promise.all([tenant(), tenant()]);
    const owner = privateKeyToAccount(generatePrivateKey());
    await switchToConnect({ id: a.id, apiKey: a.apiKey }, owner);
    await switchToConnect({ id: b.id, apiKey: b.apiKey }, owner);

    const left = await deploy(b.apiKey, NETWORK);
    expect(left.status, JSON.stringify(left.body)).toBe(201);
    await awaitingSign(b.apiKey, left.body.deploy_tx); // B never signs it

    const mine = await deploy(a.apiKey, NETWORK);
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const op = await awaitingSign(a.apiKey, mine.body.deploy_tx);
    expect(getAddress(op.account)).toBe(await accountOf(a.apiKey));
    expect(await accountOf(a.apiKey)).not.toBe(await accountOf(b.apiKey));
  });

  describe("test and live mode of one tenant", () => {
    // A live network served by the local chain and bundler, as a configured RPC and bundler would (in this process).
    const saved = { rpc: process.env.RPC_URL_POLYGON, bundler: process.env.BUNDLER_URL_POLYGON };
    beforeAll(() => {
      process.env.RPC_URL_POLYGON = process.env.LOCAL_CHAIN_RPC_URL;
      process.env.BUNDLER_URL_POLYGON = process.env.LOCAL_BUNDLER_URL;
    });
    afterAll(() => {
      for (const [name, value] of [["RPC_URL_POLYGON", saved.rpc], ["BUNDLER_URL_POLYGON", saved.bundler]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });

    it("an unsigned test-mode write does not hold up live-mode writes, and the two accounts differ", async () => {
      const t = await tenant();
      const owner = privateKeyToAccount(generatePrivateKey());
      const live = await call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "live", environment: "live" } });
      expect(live.status).toBe(201);
      const liveKey = live.body.secret as string;
      await switchToConnect({ id: t.id, apiKey: t.apiKey }, owner);
      await switchToConnect({ id: t.id, apiKey: liveKey, livemode: true }, owner);

      const left = await deploy(t.apiKey, NETWORK);
      expect(left.status, JSON.stringify(left.body)).toBe(201);
      await awaitingSign(t.apiKey, left.body.deploy_tx); // never signed

      const mine = await deploy(liveKey, "polygon");
      expect(mine.status, JSON.stringify(mine.body)).toBe(201);
      // The tests' executor runs in another process, without the live network: the account's run is made here.
      const record = await db.transaction.findUniqueOrThrow({ where: { id: mine.body.deploy_tx } });
      expect(record).toMatchObject({ submitter: "user_operation", chainKey: "polygon", status: "pending" });
      await runUserOperations({ from: record.fromAddress, chainKey: record.chainKey }, record.network);
      const op = await awaitingSign(liveKey, record.id, 1_000);
      expect(getAddress(op.account)).toBe(await accountOf(liveKey));
      expect(await accountOf(t.apiKey)).not.toBe(await accountOf(liveKey));
    });
  });
});
