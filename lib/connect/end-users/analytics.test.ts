// Connect analytics over a tenant's real records: accounts registered through the API and operations the
// server built for them (awaiting_sign, one cancelled through the API), plus rows written straight to the
// tables on known days and in known states (relayed operations with gas paid, session keys, recovery,
// passkeys, OAuth links, paymasters), so every figure is checkable. Live-mode rows of the same tenant and
// another tenant's records never count.
import { beforeAll, describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { randomBytes, randomUUID } from "node:crypto";
import { call, newTenant } from "@/test/client";
import { prepareUserOperation } from "@/lib/connect/user-ops/prepare";

const CHAIN_ID = "80002"; // polygon_amoy, served by the local chain in tests
const DAY = 24 * 3600 * 1000;
const daysAgo = (n: number) => {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  return new Date(d.getTime() - n * DAY);
};
const uid = (prefix: string) => `${prefix}_${randomUUID().replaceAll("-", "")}`;
const dateOf = (d: Date) => d.toISOString().slice(0, 10);

type Tenant = Awaited<ReturnType<typeof newTenant>>;
const get = (t: Tenant, path: string) => call("GET", path, { token: t.apiKey });

async function register(t: Tenant) {
  const signer = privateKeyToAccount(generatePrivateKey()).address;
  const res = await call("POST", "/v1/connect/accounts", { token: t.apiKey, body: { signer, chain_id: CHAIN_ID } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; address: `0x${string}` };
}

describe("Connect analytics", () => {
  let t: Tenant;
  let other: Tenant;
  let accounts: { id: string; address: `0x${string}` }[];

  beforeAll(async () => {
    [t, other] = await Promise.all([newTenant("ConnectAnalytics"), newTenant("ConnectAnalyticsB")]);
    const tenantId = t.auth.tenant.id as string;
    accounts = [await register(t), await register(t), await register(t), await register(t)];
    await register(other); // another tenant's account: never counted here
    // One account registered 3 days ago, one 40 days ago (outside the 7- and 30-day periods).
    await db.connectAccount.update({ where: { id: accounts[2].id }, data: { createdAt: daysAgo(3) } });
    await db.connectAccount.update({ where: { id: accounts[3].id }, data: { createdAt: daysAgo(40) } });

    // Operations the server builds (awaiting_sign); one cancelled through the API.
    const scope = { tenantId, livemode: false };
    const built = await prepareUserOperation(scope, { address: accounts[0].address, chain_id: CHAIN_ID, calls: [{ to: accounts[1].address }] });
    await prepareUserOperation(scope, { address: accounts[1].address, chain_id: CHAIN_ID, calls: [{ to: accounts[0].address }] });
    expect((await call("POST", `/v1/connect/ops/${built.user_op_hash}/cancel`, { token: t.apiKey })).body.status).toBe("cancelled");

    // Relayed operations on known days with known outcomes; one sponsored; one live-mode (never counted in test mode).
    const op = (status: string, createdAt: Date, gas: string | null, extra: Record<string, unknown> = {}, livemode = false) => ({
      id: uid("rop"), tenantId, livemode, accountId: accounts[0].id, network: "polygon_amoy", chainId: CHAIN_ID, sender: accounts[0].address.toLowerCase(),
      userOpHash: `0x${randomBytes(32).toString("hex")}`, entryPoint: "0x0", nonce: "0", callData: "0x",
      userOperation: { sender: accounts[0].address, ...extra }, status, actualGasCost: gas, createdAt,
    });
    await db.relayOperation.createMany({
      data: [
        op("confirmed", daysAgo(0), "1000"),
        op("confirmed", daysAgo(2), "2500", { paymaster: "0x00000000000000000000000000000000000000aa" }),
        op("failed", daysAgo(2), "500"),
        op("pending", daysAgo(5), null),
        op("confirmed", daysAgo(45), "7"), // outside the 30-day period, still in the all-time figures
        op("confirmed", daysAgo(0), "999999", {}, true), // live mode
      ],
    });

    const now = Math.floor(Date.now() / 1000);
    const session = (validUntil: number, revokedAt: Date | null, livemode = false) => ({
      id: uid("ses"), tenantId, livemode, accountId: accounts[0].id, chainId: CHAIN_ID, network: "polygon_amoy", account: accounts[0].address.toLowerCase(),
      signer: "0x01", validatorAddress: "0x02", validUntil: BigInt(validUntil), targets: [], selectors: [], valueLimit: "0", revokedAt,
    });
    await db.connectSessionKey.createMany({ data: [session(now + 3600, null), session(now + 3600, null), session(now + 3600, new Date()), session(now - 60, null), session(now + 3600, null, true)] });

    await db.connectRecoveryConfig.create({ data: { id: uid("rcc"), tenantId, accountId: accounts[0].id, guardians: ["0x03", "0x04"], threshold: 2, timelockSeconds: 60 } });
    const request = (status: string) => ({
      id: uid("rcv"), tenantId, accountId: accounts[0].id, initiatedBy: "0x03", confirmations: ["0x03"], newValidator: "0x05", newValidatorData: "0x", status, executableAt: new Date(),
    });
    await db.connectRecoveryRequest.createMany({ data: [request("pending"), request("executed"), request("cancelled"), request("cancelled")] });

    const passkey = (accountId: string, livemode = false) => ({ id: uid("psk"), tenantId, livemode, accountId, credentialId: uid("cred"), publicKey: "x" });
    await db.connectPasskey.createMany({ data: [passkey(accounts[0].id), passkey(accounts[0].id), passkey(accounts[1].id), passkey(accounts[1].id, true)] });
    await db.connectOAuthLink.createMany({
      data: [
        { id: uid("oal"), tenantId, accountId: accounts[0].id, provider: "google", subject: "g-1" },
        { id: uid("oal"), tenantId, accountId: accounts[1].id, provider: "google", subject: "g-2" },
        { id: uid("oal"), tenantId, accountId: accounts[1].id, provider: "apple", subject: "a-1" },
      ],
    });
    const paymaster = (active: boolean, n: number) => ({ id: uid("pm"), tenantId, chainId: CHAIN_ID, address: `0x${String(n).padStart(40, "0")}`, signerAddress: "0x06", encryptedKey: "x", active });
    await db.connectPaymaster.createMany({ data: [paymaster(true, 1), paymaster(false, 2)] });
  });

  it("overview: all-time counts and what the period added, in the key's mode only", async () => {
    const res = await get(t, "/v1/connect/analytics/overview?period=30d");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      object: "connect_analytics_overview",
      livemode: false,
      period: "30d",
      start: dateOf(daysAgo(29)),
      end: dateOf(daysAgo(0)),
      accounts: { total: 4, created: 3, by_chain: { [CHAIN_ID]: 4 } },
      relay_operations: {
        total: 7,
        created: 6,
        by_status: { awaiting_sign: 1, cancelled: 1, confirmed: 3, failed: 1, pending: 1 },
        sponsored: 1,
        success_rate: 0.75,
        gas_cost_wei: "4007",
      },
      session_keys: { total: 4, valid: 2, revoked: 1, expired: 1 },
      recovery: { configured_accounts: 1, requests: 4, requests_by_status: { pending: 1, executed: 1, cancelled: 2 } },
      passkeys: { total: 3, accounts: 2 },
      oauth_links: { total: 3, by_provider: { google: 2, apple: 1 } },
      paymasters: { total: 2, active: 1 },
    });
    const week = await get(t, "/v1/connect/analytics/overview?period=7d");
    expect(week.body).toMatchObject({ period: "7d", start: dateOf(daysAgo(6)), accounts: { total: 4, created: 3 }, relay_operations: { total: 7, created: 6 } });
    expect((await get(t, "/v1/connect/analytics/overview")).body.period).toBe("30d"); // the default

    // Another tenant sees only its own account.
    const b = await get(other, "/v1/connect/analytics/overview");
    expect(b.body).toMatchObject({
      accounts: { total: 1, created: 1 },
      relay_operations: { total: 0, by_status: {}, sponsored: 0, success_rate: null, gas_cost_wei: "0" },
      session_keys: { total: 0, valid: 0 },
      recovery: { configured_accounts: 0, requests: 0, requests_by_status: {} },
      passkeys: { total: 0, accounts: 0 },
      oauth_links: { total: 0, by_provider: {} },
      paymasters: { total: 0, active: 0 },
    });
  });

  it("timeseries: accounts and operations per UTC day of the period, zero-filled", async () => {
    const res = await get(t, "/v1/connect/analytics/timeseries?period=7d");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ object: "connect_analytics_timeseries", livemode: false, period: "7d", start: dateOf(daysAgo(6)), end: dateOf(daysAgo(0)) });
    expect(res.body.series.map((d: any) => d.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => dateOf(daysAgo(n))));
    const day = (n: number) => res.body.series.find((d: any) => d.date === dateOf(daysAgo(n)));
    expect(day(0)).toEqual({ date: dateOf(daysAgo(0)), accounts_created: 2, relay_operations: 3, relay_by_status: { awaiting_sign: 1, cancelled: 1, confirmed: 1 } });
    expect(day(2)).toEqual({ date: dateOf(daysAgo(2)), accounts_created: 0, relay_operations: 2, relay_by_status: { confirmed: 1, failed: 1 } });
    expect(day(3)).toEqual({ date: dateOf(daysAgo(3)), accounts_created: 1, relay_operations: 0, relay_by_status: {} });
    expect(day(5)).toMatchObject({ accounts_created: 0, relay_operations: 1, relay_by_status: { pending: 1 } });
    for (const n of [1, 4, 6]) expect(day(n)).toEqual({ date: dateOf(daysAgo(n)), accounts_created: 0, relay_operations: 0, relay_by_status: {} });
    expect(res.body).toMatchObject({ accounts_created: 3, relay_operations: 6 });

    const quarter = await get(t, "/v1/connect/analytics/timeseries?period=90d");
    expect(quarter.body.series).toHaveLength(90);
    expect(quarter.body).toMatchObject({ accounts_created: 4, relay_operations: 7 });
    expect(quarter.body.series.find((d: any) => d.date === dateOf(daysAgo(40))).accounts_created).toBe(1);

    const b = await get(other, "/v1/connect/analytics/timeseries?period=7d");
    expect(b.body).toMatchObject({ accounts_created: 1, relay_operations: 0 });
  });

  it("refuses an unknown period and another method; needs an API key", async () => {
    for (const path of ["/v1/connect/analytics/overview", "/v1/connect/analytics/timeseries"]) {
      const bad = await get(t, `${path}?period=1y`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.param).toBe("period");
      expect((await get(t, `${path}?livemode=true`)).status).toBe(400); // the key decides the mode
      expect((await call("GET", path)).status).toBe(401);
      expect((await call("POST", path, { token: t.apiKey, body: {} })).status).toBe(405);
    }
  });
});
