// Test helper: a tenant's Connect records for tests that need real ones (e.g. the fuzz test's isolation
// checks): a registered, undeployed smart account and an operation awaiting its signature.
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect } from "vitest";
import { call } from "@/test/client";
import { prepareUserOperation } from "./ops";

export const CONNECT_TEST_CHAIN_ID = "80002"; // polygon_amoy, served by the local chain in tests

/** Path values of the tenant's Connect records: `address` (an account) and `userOpHash` (an awaiting_sign operation). */
export async function seedConnect(t: { id: string; apiKey: string }) {
  const signer = privateKeyToAccount(generatePrivateKey()).address;
  const res = await call("POST", "/v1/connect/accounts", { token: t.apiKey, body: { signer, chain_id: CONNECT_TEST_CHAIN_ID } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const op = await prepareUserOperation({ tenantId: t.id, livemode: false }, { address: res.body.address, chain_id: CONNECT_TEST_CHAIN_ID, calls: [{ to: signer }] });
  return { address: res.body.address as string, userOpHash: op.user_op_hash, chainId: CONNECT_TEST_CHAIN_ID };
}
