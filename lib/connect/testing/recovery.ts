// Test helper: a tenant's real recovery records for tests that need them (e.g. the fuzz test's isolation
// checks of /v1/connect/recovery/{requestId}/…): guardians configured on one of its Connect accounts and a
// pending recovery request. Recovery requests are addressed by id ({requestId}), which no collection lists.
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect } from "vitest";
import { call } from "@/test/client";

/** Configures two guardians (threshold 1) on `address` and initiates a recovery; returns the request's id (`rcv_…`). */
export async function seedRecovery(t: { apiKey: string }, address: string, chainId: string, timelockSeconds?: number) {
  const [g1, g2, next] = [0, 1, 2].map(() => privateKeyToAccount(generatePrivateKey()).address);
  const configured = await call("POST", "/v1/connect/recovery/configure", { token: t.apiKey, body: { account: address, chain_id: chainId, guardians: [g1, g2], threshold: 1, timelock_seconds: timelockSeconds } });
  expect(configured.status, JSON.stringify(configured.body)).toBe(200);
  const started = await call("POST", "/v1/connect/recovery/initiate", { token: t.apiKey, body: { account: address, chain_id: chainId, guardian: g1, new_signer: next } });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return { requestId: started.body.id as string, guardians: [g1, g2] };
}
