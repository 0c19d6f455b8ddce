// Test helpers of social recovery: the reads and the guardians' signature the recovery tests share, and a
// tenant's real recovery records for tests that need them (e.g. the fuzz test's isolation checks of
// /v1/connect/recovery/{requestId}/…): guardians configured on one of its Connect accounts and a pending
// recovery request. Recovery requests are addressed by id ({requestId}), which no collection lists.
import { concatHex, parseAbi, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { expect } from "vitest";
import { call } from "@/test/client";
import { chain, readUntil } from "@/lib/tokens/testing";

export const CHAIN_ID = "80002"; // polygon_amoy, served by the local chain in tests
export const RECIPIENT: Address = "0x00000000000000000000000000000000000c0ffe";

export const ownerOfAbi = parseAbi(["function ownerOf(address account) view returns (address)"]);

export const kernelRead = parseAbi([
  "function rootValidator() view returns (bytes21)",
  "function isModuleInstalled(uint256 moduleType, address module, bytes additionalContext) view returns (bool)",
]);

/** Waits for the chain's clock (the next block's timestamp, which the API also reads) to reach `unixSeconds`. */
export const chainClockReaches = (unixSeconds: number) =>
  readUntil(() => chain().getBlock({ blockTag: "pending" }), (block) => Number(block.timestamp) >= unixSeconds);

/** Guardians' signature: their raw ECDSA signatures of the hash, 65 bytes each, ascending by address. */
export async function guardianSignature(hash: Hex, signers: PrivateKeyAccount[]) {
  const sorted = [...signers].sort((a, b) => (BigInt(a.address) < BigInt(b.address) ? -1 : 1));
  return concatHex(await Promise.all(sorted.map((s) => s.sign({ hash }))));
}

/** Configures two guardians (threshold 1) on `address` and initiates a recovery; returns the request's id (`rcv_…`). */
export async function seedRecovery(t: { apiKey: string }, address: string, chainId: string, timelockSeconds?: number) {
  const [g1, g2, next] = [0, 1, 2].map(() => privateKeyToAccount(generatePrivateKey()).address);
  const configured = await call("POST", "/v1/connect/recovery/configure", { token: t.apiKey, body: { account: address, chain_id: chainId, guardians: [g1, g2], threshold: 1, timelock_seconds: timelockSeconds } });
  expect(configured.status, JSON.stringify(configured.body)).toBe(200);
  const started = await call("POST", "/v1/connect/recovery/initiate", { token: t.apiKey, body: { account: address, chain_id: chainId, guardian: g1, new_signer: next } });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return { requestId: started.body.id as string, guardians: [g1, g2] };
}
