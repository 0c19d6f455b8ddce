// RATE_LIMIT_GENERAL_PER_MINUTE, when set, is the general limit for every plan (dedicated deployments,
// benchmarks, the multi-instance tests): a growth tenant's API key is held to it too.
import { afterAll, beforeAll, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.RATE_LIMIT_GENERAL_PER_MINUTE = "7";
});
import { call, freshIp, newTenant } from "@/test/client";

const ADMIN = "admin-secret-for-rate-limit-override-0123456789";
beforeAll(() => {
  process.env.BILLING_ADMIN_SECRET = ADMIN;
});
afterAll(() => {
  delete process.env.BILLING_ADMIN_SECRET;
});

it("the override applies to every plan, in the headers and the 429", async () => {
  const t = await newTenant("Override");
  const activated = await call("POST", "/v1/billing/activate", {
    ip: freshIp(), // the admin route is limited per client IP, which other test processes share
   
    headers: { "x-admin-secret": ADMIN },
    body: { tenant_id: t.auth.tenant.id, plan: "growth", days: 30, reason: "override test" },
  });
  expect(activated.status).toBe(200);
  const results = [];
  for (let i = 0; i < 7; i++) results.push(await call("GET", "/v1/tokens", { token: t.apiKey }));
  // newTenant's session request took one of the 7.
  expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 429]);
  expect(results[0].headers.get("x-ratelimit-limit")).toBe("7");
  expect(results[5].headers.get("x-ratelimit-remaining")).toBe("0");
  expect(results[6].headers.get("x-ratelimit-policy")).toBe("7;w=60");
});
