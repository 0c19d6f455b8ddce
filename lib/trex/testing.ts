// Test helpers for regulated tokens: a T-REX suite deployed through the API, unpaused, ready for agents.
import { expect } from "vitest";
import { db } from "@/lib/db";
import { api, NETWORK, settled, type TestTenant } from "@/lib/tokens/testing";

/** POST /v1/tokens with standard ERC3643; waits until the suite is deployed, unpaused and its storage handed to the tenant wallet. */
export async function deployRegulatedToken(t: TestTenant, body: Record<string, unknown> = {}) {
  const res = await api(t, "POST", "/v1/tokens", { network: NETWORK, name: "Regulated", symbol: "REG", standard: "ERC3643", decimals: 0, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const deploy = await settled(res.body.deploy_tx, 60_000);
  expect(deploy.status, deploy.errorMessage ?? "").toBe("confirmed");
  // The follow-ups (unpause by the tenant wallet, storage ownership by the platform) are recorded when the deployment confirms.
  const followUps = await db.transaction.findMany({ where: { tokenId: res.body.id, kind: { in: ["token.unpause", "trex.storage_ownership"] } } });
  expect(followUps.map((f) => f.kind).sort()).toEqual(["token.unpause", "trex.storage_ownership"]);
  for (const f of followUps) expect((await settled(f.id, 60_000)).status).toBe("confirmed");
  const token = await api(t, "GET", `/v1/tokens/${res.body.id}`);
  expect(token.body).toMatchObject({ status: "deployed", standard: "ERC3643", regulated: { paused: false } });
  return token.body as { id: string; address: `0x${string}`; standard: "ERC3643"; regulated: Record<string, any>; [k: string]: any };
}
