// Test helpers for regulated tokens: a T-REX suite deployed through the API, unpaused, ready for agents.
import { expect } from "vitest";
import { db } from "@/lib/db";
import { platformAccount } from "@/lib/chain/eoa/platform-signer";
import { api, NETWORK, settled, type TestTenant } from "@/lib/tokens/testing";

/** POST /v1/tokens with standard ERC3643; waits until the suite is deployed, unpaused and its storage handed to the tenant wallet. */
export async function deployRegulatedToken(t: TestTenant, body: Record<string, unknown> = {}) {
  const res = await api(t, "POST", "/v1/tokens", { network: NETWORK, name: "Regulated", symbol: "REG", standard: "ERC3643", decimals: 0, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const deploy = await settled(res.body.deploy_tx, 100_000).catch(async (error: Error) => {
    throw new Error(`${error.message}; the platform wallet then: ${await platformWalletState()}`);
  });
  expect(deploy.status, deploy.errorMessage ?? "").toBe("confirmed");
  // The follow-ups (unpause by the tenant wallet, storage ownership by the platform) are recorded when the deployment confirms.
  const followUps = await db.transaction.findMany({ where: { tokenId: res.body.id, kind: { in: ["token.unpause", "trex.storage_ownership"] } } });
  expect(followUps.map((f) => f.kind).sort()).toEqual(["token.unpause", "trex.storage_ownership"]);
  for (const f of followUps) expect((await settled(f.id, 100_000)).status).toBe("confirmed");
  const token = await api(t, "GET", `/v1/tokens/${res.body.id}`);
  expect(token.body).toMatchObject({ status: "deployed", standard: "ERC3643", regulated: { paused: false } });
  return token.body as { id: string; address: `0x${string}`; standard: "ERC3643"; regulated: Record<string, any>; [k: string]: any };
}

/** What the platform signer's wallet is doing: its open records and its runs (for a deployment that never ends). */
async function platformWalletState() {
  const from = platformAccount(NETWORK).address;
  const records = await db.transaction.findMany({ where: { fromAddress: from, status: { in: ["pending", "submitted"] } }, select: { id: true, kind: true, status: true, nonce: true, errorMessage: true, attempts: true } });
  const runs = await db.jobRun.findMany({
    where: { concurrencyKey: { contains: from } },
    select: { id: true, status: true, attempt: true, nextRunAt: true, lockedBy: true, lockedUntil: true, output: true },
    orderBy: { id: "desc" },
    take: 5,
  });
  const wake = await db.walletNonce.findMany({ where: { address: from } });
  return JSON.stringify({ records, runs, wake, now: new Date() }, (_, v) => (typeof v === "bigint" ? v.toString() : v));
}
