// The console's health panel on real rows: what waits per network, which records are stuck and why (with a fix
// in plain words), failing endpoints with their last error, and the last 24 h by hour; the tenant's own mode only.
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { newId } from "@/lib/core/ids";
import { newTenant } from "@/test/client";
import { healthAtAGlance } from "./health";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
// A sender that is no wallet of ours: nothing in the pipeline picks these rows up while the test reads them.
const stranger = () => `0x${randomBytes(20).toString("hex")}`;

async function record(tenantId: string, fields: Partial<Parameters<typeof db.transaction.create>[0]["data"]>) {
  const id = newId("tx");
  await db.transaction.create({
    data: { id, tenantId, network: "polygon_amoy", chainKey: "lab:health", kind: "token.mint", fromAddress: stranger(), data: "0x", request: {}, ...fields },
  });
  return id;
}

describe("health at a glance", () => {
  it("counts the waiting writes per network, names each stuck one's reason and fix, and keeps to the tenant's mode", async () => {
    const t = await newTenant("Health");
    const tenantId = t.auth.tenant.id as string;
    const scope = { tenantId, livemode: false };
    const unsent = await record(tenantId, { status: "pending", createdAt: minutesAgo(12) });
    const unmined = await record(tenantId, { status: "submitted", createdAt: minutesAgo(40), submittedAt: minutesAgo(30) });
    const capped = await record(tenantId, { status: "submitted", network: "base_sepolia", createdAt: minutesAgo(2), submittedAt: minutesAgo(2), feeCapReachedAt: new Date() });
    await record(tenantId, { status: "pending", createdAt: minutesAgo(1) }); // waiting, not stuck yet
    const confirmedAt = minutesAgo(2);
    await record(tenantId, { status: "confirmed", createdAt: minutesAgo(3), confirmedAt }); // 60 s to confirm
    await record(tenantId, { status: "pending", livemode: true, createdAt: minutesAgo(60) }); // live mode: not in the test view

    const health = await healthAtAGlance(scope);
    expect(health.waiting).toEqual([
      { network: "base_sepolia", unsent: 0, unconfirmed: 1, oldest_seconds: expect.any(Number) },
      { network: "polygon_amoy", unsent: 2, unconfirmed: 1, oldest_seconds: expect.any(Number) },
    ]);
    expect(health.waiting[1].oldest_seconds).toBeGreaterThanOrEqual(40 * 60 - 5);
    const byId = new Map(health.stuck.map((s) => [s.id, s]));
    expect([...byId.keys()].sort()).toEqual([unsent, unmined, capped].sort());
    expect(byId.get(unsent)).toMatchObject({ reason: "not_sent", kind: "token.mint", network: "polygon_amoy" });
    expect(byId.get(unmined)).toMatchObject({ reason: "not_mined" });
    expect(byId.get(capped)).toMatchObject({ reason: "fee_cap", network: "base_sepolia" });
    for (const s of health.stuck) {
      expect(s.fix.length).toBeGreaterThan(20);
      expect(s.fix).not.toMatch(/[A-Z_]{6,}|\/v1\//); // plain words for a tenant admin: no env-var names, no API paths
    }
    const confirmedHour = new Date(confirmedAt.getTime() - (confirmedAt.getTime() % 3_600_000)).toISOString().slice(0, 13) + ":00Z";
    const hour = health.latency.find((h) => h.hour === confirmedHour)!;
    expect(health.latency).toHaveLength(25);
    expect(hour).toMatchObject({ confirmed: 1 });
    expect(health.latency.filter((h) => h.confirmed > 0)).toHaveLength(1);
    expect(hour.p50).toBeCloseTo(60, 0);

    const live = await healthAtAGlance({ tenantId, livemode: true });
    expect(live.waiting).toEqual([{ network: "polygon_amoy", unsent: 1, unconfirmed: 0, oldest_seconds: expect.any(Number) }]);
    const other = await newTenant("Health other");
    const theirs = await healthAtAGlance({ tenantId: other.auth.tenant.id as string, livemode: false });
    expect(theirs.waiting).toEqual([]);
    expect(theirs.stuck).toEqual([]);
  });

  it("lists a failing endpoint with its last error and counts deliveries per hour by outcome", async () => {
    const t = await newTenant("Health hooks");
    const tenantId = t.auth.tenant.id as string;
    const endpoint = await db.webhookEndpoint.create({
      data: { id: newId("we"), tenantId, url: "https://hooks.invalid/x", events: ["*"], encryptedSecret: "x", failingSince: minutesAgo(20) },
    });
    const event = await db.event.create({ data: { id: newId("evt"), tenantId, livemode: false, type: "token.minted", data: {}, dispatchedAt: new Date() } });
    const delivery = (status: string, lastError: string | null) =>
      db.webhookDelivery.create({ data: { id: newId("whd"), tenantId, endpointId: endpoint.id, eventId: event.id, eventType: event.type, status, lastError, lastAttemptAt: new Date(), enqueuedAt: new Date() } });
    await delivery("failed", "ECONNREFUSED: connect refused");
    await delivery("pending", "HTTP 500");
    await delivery("succeeded", null);

    const health = await healthAtAGlance({ tenantId, livemode: false });
    expect(health.failingEndpoints).toEqual([
      { id: endpoint.id, url: endpoint.url, disabled: false, disabled_reason: null, failing_since: expect.any(Number), last_error: expect.stringMatching(/ECONNREFUSED|HTTP 500/) },
    ]);
    expect(health.deliveries.outcomes).toEqual(["failed", "pending", "succeeded"]);
    // One hour holds all three (the current one, or the one before if the hour turned meanwhile).
    const filled = health.deliveries.series.filter((h) => Object.keys(h.by_outcome).length > 0);
    expect(filled.map((h) => h.by_outcome)).toEqual([{ failed: 1, pending: 1, succeeded: 1 }]);
  });
});
