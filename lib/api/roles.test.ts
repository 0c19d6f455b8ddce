// The role matrix: each role against a representative read and write of each kind a session may call (API keys,
// billing, analytics, events, a batch), through the real wrapper and database. A write below the route's role
// answers 403 `permission_denied` in the error envelope; another tenant's member finds nothing (404); API keys
// act for the tenant as before.
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "@/lib/core/roles";
import { call, newTenant } from "@/test/client";
import { listAuditLog } from "@/lib/team/audit";
import { addMember, ownerOf, type TestTenant } from "@/lib/team/testing";

const ROLES: Role[] = ["owner", "admin", "developer", "viewer"];
let tenant: TestTenant;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  tenant = await newTenant("Matrix");
  tokens.owner = tenant.accessToken;
  for (const role of ["admin", "developer", "viewer"] as const) tokens[role] = (await addMember(tenant, role)).accessToken;
});

const denied = (role: Role, minimum: Role) => ({
  error: {
    type: "permission_error",
    code: "permission_denied",
    status: 403,
    message: expect.stringContaining(`Your role (${role}) does not allow this: it needs the ${minimum} role`),
  },
});

describe("every role reads", () => {
  const reads = ["/v1/api_keys", "/v1/billing/subscription", "/v1/billing/usage", "/v1/analytics/overview", "/v1/events?limit=5"];
  for (const role of ROLES) {
    it(`${role}: ${reads.join(", ")}`, async () => {
      for (const path of reads) expect([path, (await call("GET", path, { token: tokens[role] })).status]).toEqual([path, 200]);
    });
  }
});

describe("writes need their role", () => {
  it("API keys (create, rotate, revoke): developer and above; a viewer gets 403 and nothing changes", async () => {
    const target = (await call("POST", "/v1/api_keys", { token: tokens.owner, body: { name: "to rotate", environment: "test" } })).body.id as string;
    for (const role of ROLES) {
      const created = await call("POST", "/v1/api_keys", { token: tokens[role], body: { name: `by ${role}`, environment: "test" } });
      const rotated = await call("POST", `/v1/api_keys/${target}/rotate`, { token: tokens[role], body: { grace_period_seconds: 3600 } });
      if (role === "viewer") {
        expect(created.body).toEqual(denied("viewer", "developer"));
        expect(rotated.status).toBe(403);
        expect((await call("DELETE", `/v1/api_keys/${target}`, { token: tokens[role] })).status).toBe(403);
      } else {
        expect([role, created.status, rotated.status]).toEqual([role, 201, 200]);
        expect((await call("DELETE", `/v1/api_keys/${created.body.id}`, { token: tokens[role] })).status).toBe(200);
      }
    }
    const names = (await call("GET", "/v1/api_keys?limit=100", { token: tokens.viewer })).body.data.map((k: { name: string }) => k.name);
    expect(names).not.toContain("by viewer");
  });

  it("billing changes (card and crypto checkout, portal): owners only", async () => {
    for (const role of ROLES) {
      const checkout = await call("POST", "/v1/billing/checkout", { token: tokens[role], body: { plan: "free" } });
      const crypto = await call("POST", "/v1/billing/crypto_checkout", { token: tokens[role], body: { plan: "free", currency: "USDC", network: "ethereum" } });
      const portal = await call("POST", "/v1/billing/portal", { token: tokens[role], body: {} });
      if (role === "owner") {
        // Past the role check: the plan itself is refused (the free plan costs nothing).
        expect([checkout.body.error.code, crypto.status, portal.status === 403]).toEqual(["plan_not_purchasable", 400, false]);
      } else {
        expect(checkout.body).toEqual(denied(role, "owner"));
        expect([crypto.status, portal.status]).toEqual([403, 403]);
      }
    }
  });

  it("a batch is checked operation by operation: a viewer's reads pass, its write is refused", async () => {
    const batch = await call("POST", "/v1/batch", {
      token: tokens.viewer,
      body: { operations: [{ method: "GET", path: "/v1/api_keys" }, { method: "POST", path: "/v1/api_keys", body: { name: "batched", environment: "test" } }] },
    });
    expect(batch.status).toBe(200);
    expect(batch.body.results.map((r: { status: number }) => r.status)).toEqual([200, 403]);
    expect(batch.body.results[1].body.error.code).toBe("permission_denied");
  });
});

describe("tenancy and API keys", () => {
  it("another tenant's member finds nothing of this tenant (404), whatever their role", async () => {
    const other = await newTenant("Stranger");
    const strangerAdmin = await addMember(other, "admin");
    for (const token of [other.accessToken, strangerAdmin.accessToken]) {
      expect((await call("GET", `/v1/api_keys/${tenant.key.id}`, { token })).status).toBe(404);
      expect((await call("DELETE", `/v1/api_keys/${tenant.key.id}`, { token })).status).toBe(404);
      expect((await call("POST", `/v1/api_keys/${tenant.key.id}/rotate`, { token, body: {} })).status).toBe(404);
    }
    expect((await listAuditLog(ownerOf(other), { limit: 100 })).data.every((e) => e.target !== tenant.key.id)).toBe(true);
  });

  it("API keys keep acting for the tenant, and the audit log names the key", async () => {
    const created = await call("POST", "/v1/webhook_endpoints", { token: tenant.apiKey, body: { url: "https://example.com/hooks", events: ["token.deployed"] } });
    expect(created.status).toBe(201);
    const entry = (await listAuditLog(ownerOf(tenant), { limit: 1 })).data[0];
    expect(entry).toMatchObject({ action: "webhook_endpoint.created", target: created.body.id, actor: { type: "api_key", id: tenant.key.id, name: "test key" } });
  });
});
