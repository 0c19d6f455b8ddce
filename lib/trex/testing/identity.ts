// Test helpers for identities: wait for an identity's chain writes (follow-ups included) to end, and
// register a fresh investor wallet through the API.
import { expect } from "vitest";
import type { Address } from "viem";
import { db } from "@/lib/db";
import { account, api, type TestTenant } from "@/lib/tokens/testing";

/** Polls the identity until its status is one of `statuses`. */
export async function identityIn(id: string, statuses: string[], timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const row = await db.identity.findUniqueOrThrow({ where: { id } });
    if (statuses.includes(row.status)) return row;
    if (Date.now() - started > timeoutMs) throw new Error(`${id} still ${row.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** POST /v1/identities for a new wallet (the IdFactory deploys its ONCHAINID) and waits until it is registered. */
export async function registeredInvestor(t: TestTenant, tokenId: string, country: string | number = "FR") {
  const investor = await account(true);
  const res = await api(t, "POST", "/v1/identities", { token_id: tokenId, wallet: investor.address, country });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const row = await identityIn(res.body.id, ["registered", "failed"]);
  expect(row.status, row.failureReason ?? "").toBe("registered");
  return { investor, id: res.body.id as string, identity: row.identityAddress as Address };
}
