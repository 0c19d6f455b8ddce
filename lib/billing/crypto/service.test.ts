// Crypto checkout against the real local chain and database: transfers of the local USDC/USDT reach the
// payment through the log watcher and the durable function of the global executor, with no manual step.
import { beforeAll, describe, expect, it } from "vitest";
import { pbkdf2Sync } from "node:crypto";
import { getAddress, type Address } from "viem";
import { HDKey } from "viem/accounts";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { localAccounts } from "@/lib/chain/local/accounts";
import { account, chain, eventually, send } from "@/lib/tokens/testing";
import { call, newTenant } from "@/test/client";
import { currentPlan } from "@/lib/billing/subscriptions";
import { LOCAL_STABLECOIN_GRANT, localStablecoin } from "@/lib/billing/crypto/stablecoins";
import { MAX_PENDING_CHECKOUTS } from "@/lib/billing/crypto/service";
import { depositAddress } from "@/lib/billing/crypto/deposits";
import { PLANS } from "@/lib/billing/plans";

const ADMIN_SECRET = "admin-secret-for-the-billing-tests-0123456789";
process.env.BILLING_ADMIN_SECRET = ADMIN_SECRET;

const DUE = BigInt(PLANS.growth.price_stablecoin);
const abi = () => artifact("LocalStablecoin").abi;

let payer: Awaited<ReturnType<typeof account>>;

beforeAll(async () => {
  payer = await account(true);
  for (const symbol of ["USDC", "USDT"] as const) {
    await send(payer.wallet, { address: localStablecoin(symbol), abi: abi(), functionName: "mint", args: [payer.address, 10_000n * DUE] });
  }
});

async function tenant() {
  const t = await newTenant("Billing");
  return { id: t.auth.tenant.id as string, token: t.accessToken };
}

async function checkout(t: { token: string }, body: Record<string, unknown> = {}) {
  const res = await call("POST", "/v1/billing/crypto_checkout", { token: t.token, body: { plan: "growth", currency: "USDC", network: "polygon_amoy", ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const pay = (to: string, amount: bigint, symbol: "USDC" | "USDT" = "USDC") =>
  send(payer.wallet, { address: localStablecoin(symbol), abi: abi(), functionName: "transfer", args: [to as Address, amount] });

const status = async (t: { token: string }, id: string) => {
  const res = await call("GET", `/v1/billing/crypto_checkout/${id}`, { token: t.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** Waits until the payment has received `amount` in all (the watcher and the durable function did their part). */
const received = (t: { token: string }, id: string, amount: bigint) =>
  eventually(async () => {
    const body = await status(t, id);
    return BigInt(body.amount_received) >= amount ? body : null;
  }, `payment ${id} to receive ${amount}`, 90_000, 200);

describe("local stablecoins", () => {
  it("USDC and USDT are 6-decimal ERC-20s at fixed addresses, funded on local accounts 0–9", async () => {
    for (const symbol of ["USDC", "USDT"] as const) {
      const address = localStablecoin(symbol);
      const read = (functionName: string, args: unknown[] = []) => chain().readContract({ address, abi: abi(), functionName, args } as never);
      expect(await read("decimals")).toBe(6);
      expect(await read("symbol")).toBe(symbol);
      expect(await read("balanceOf", [localAccounts()[0].address])).toBeGreaterThanOrEqual(LOCAL_STABLECOIN_GRANT - 10_000n * DUE);
    }
    expect(localStablecoin("USDC")).toBe("0x7472587c74Ca2dD08e43fb4A33245AABFfd5F299"); // the README's
    expect(localStablecoin("USDT")).toBe("0xD6b094b8760E1989363cf8823633119f22A01b1B");
  });
});

describe("crypto checkout", () => {
  it("answers a unique deposit address, the plan's price and a one-hour expiry", async () => {
    const t = await tenant();
    const [a, b] = [await checkout(t), await checkout(t, { currency: "USDT" })];
    expect(a).toMatchObject({ object: "billing_payment", method: "crypto", plan: "growth", status: "pending", currency: "USDC", amount_due: DUE.toString(), amount_received: "0", decimals: 6, network: "polygon_amoy", chain_id: 31337 });
    expect(a.token_address).toBe(localStablecoin("USDC"));
    expect(b.token_address).toBe(localStablecoin("USDT"));
    expect(a.deposit_address).not.toBe(b.deposit_address);
    expect(a.expires_at - a.created).toBeGreaterThanOrEqual(3599);
    expect(a.expires_at - a.created).toBeLessThanOrEqual(3601);
    expect(a.payment_uri).toBe(`ethereum:${a.token_address}@31337/transfer?address=${a.deposit_address}&uint256=${DUE}`);
    const rows = await db.billingPayment.findMany({ where: { id: { in: [a.id, b.id] } } });
    expect(new Set(rows.map((r) => r.derivationIndex)).size).toBe(2);
    for (const row of rows) expect(depositAddress(row.derivationIndex!, true)).toBe(row.depositAddress);
  });

  it("many checkouts at once each get their own derivation index and address", async () => {
    const tenants = await Promise.all(Array.from({ length: 4 }, () => tenant()));
    const made = await Promise.all(tenants.flatMap((t) => [checkout(t), checkout(t)]));
    expect(new Set(made.map((p) => p.deposit_address)).size).toBe(8);
  });

  it(`caps a tenant's waiting checkouts at ${MAX_PENDING_CHECKOUTS} with a 409, even when asked all at once; an expired one frees its place`, async () => {
    const t = await tenant();
    const post = () => call("POST", "/v1/billing/crypto_checkout", { token: t.token, body: { plan: "growth", currency: "USDC", network: "polygon_amoy" } });
    const answers = await Promise.all(Array.from({ length: MAX_PENDING_CHECKOUTS + 3 }, post));
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(MAX_PENDING_CHECKOUTS).fill(201), 409, 409, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(refused.body.error).toMatchObject({ status: 409, code: "too_many_pending_checkouts", message: expect.stringContaining(`at most ${MAX_PENDING_CHECKOUTS}`) });
    expect(await db.billingPayment.count({ where: { tenantId: t.id } })).toBe(MAX_PENDING_CHECKOUTS);
    const oldest = answers.find((r) => r.status === 201)!.body.id;
    await db.billingPayment.update({ where: { id: oldest }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await post()).status).toBe(201);
  });

  it("outside development, refuses test networks and the local chain with a 400 naming `network`, recording nothing", async () => {
    const t = await tenant();
    const saved = process.env.NODE_ENV;
    Object.assign(process.env, { NODE_ENV: "production", ALLOW_LOCAL_CHAIN: "1" });
    try {
      for (const network of ["polygon_amoy", "sepolia"]) {
        const res = await call("POST", "/v1/billing/crypto_checkout", { token: t.token, body: { plan: "growth", currency: "USDC", network } });
        expect(res.body.error).toMatchObject({ status: 400, code: "network_not_billable", param: "network", message: expect.stringContaining("test network") });
      }
    } finally {
      Object.assign(process.env, { NODE_ENV: saved });
      delete process.env.ALLOW_LOCAL_CHAIN;
    }
    expect(await db.billingPayment.count({ where: { tenantId: t.id } })).toBe(0);
  });

  it("refuses what cannot be bought, and networks without what a payment needs", async () => {
    const t = await tenant();
    const post = (body: Record<string, unknown>) => call("POST", "/v1/billing/crypto_checkout", { token: t.token, body: { plan: "growth", currency: "USDC", network: "polygon_amoy", ...body } });
    expect((await post({ plan: "enterprise" })).body.error).toMatchObject({ status: 400, code: "plan_contact_sales", param: "plan" });
    expect((await post({ plan: "free" })).body.error).toMatchObject({ status: 400, code: "plan_not_purchasable" });
    expect((await post({ currency: "DAI" })).status).toBe(400);
    expect((await post({ network: "nowhere" })).body.error).toMatchObject({ status: 400, code: "network_unknown" });
    // A mainnet without an RPC here.
    expect((await post({ network: "polygon" })).body.error).toMatchObject({ status: 503, code: "crypto_checkout_unavailable" });
    // A real network (its own RPC): no deposit key → 503; a key but no stablecoin address → 503; both → 201.
    const env = { RPC_URL_SEPOLIA: process.env.LOCAL_CHAIN_RPC_URL, BILLING_DEPOSIT_XPUB: undefined as string | undefined, BILLING_USDC_SEPOLIA: undefined as string | undefined };
    Object.assign(process.env, { RPC_URL_SEPOLIA: env.RPC_URL_SEPOLIA });
    try {
      expect((await post({ network: "sepolia" })).body.error).toMatchObject({ status: 503, code: "crypto_checkout_unavailable", message: expect.stringContaining("BILLING_DEPOSIT_XPUB") });
      const seed = pbkdf2Sync("test test test test test test test test test test test junk", "mnemonic", 2048, 64, "sha512");
      process.env.BILLING_DEPOSIT_XPUB = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'/0").publicExtendedKey;
      expect((await post({ network: "sepolia" })).body.error).toMatchObject({ status: 503, message: expect.stringContaining("BILLING_USDC_SEPOLIA") });
      process.env.BILLING_USDC_SEPOLIA = localStablecoin("USDC");
      const made = await post({ network: "sepolia" });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      // The xpub's child <index> is the wallet's own m/44'/60'/0'/0/<index>.
      const row = await db.billingPayment.findUniqueOrThrow({ where: { id: made.body.id } });
      if (row.derivationIndex! < 20) expect(made.body.deposit_address).toBe(localAccounts()[row.derivationIndex!].address);
      expect(made.body.chain_id).toBe(11155111);
    } finally {
      delete process.env.RPC_URL_SEPOLIA;
      delete process.env.BILLING_DEPOSIT_XPUB;
      delete process.env.BILLING_USDC_SEPOLIA;
    }
  });

  it("paying the amount due activates the plan with no manual step; a second payment does not credit again", async () => {
    const t = await tenant();
    expect((await currentPlan(t.id)).plan.id).toBe("free");
    const p = await checkout(t);
    await pay(p.deposit_address, DUE);
    const paid = await eventually(async () => {
      const body = await status(t, p.id);
      return body.status === "succeeded" ? body : null;
    }, "the payment to succeed", 90_000, 200);
    expect(paid).toMatchObject({ amount_received: DUE.toString(), excess_amount: "0", amount_remaining: "0", payment_uri: null });
    expect(paid.transfers).toEqual([expect.objectContaining({ from: getAddress(payer.address), amount: DUE.toString(), counted_as: "payment" })]);
    const plan = await currentPlan(t.id);
    expect(plan.plan.id).toBe("growth");
    expect(plan.source).toBe("crypto");
    const periodEnd = (await db.subscription.findUniqueOrThrow({ where: { tenantId: t.id } })).currentPeriodEnd;

    await pay(p.deposit_address, DUE);
    const again = await received(t, p.id, 2n * DUE);
    expect(again).toMatchObject({ status: "succeeded", excess_amount: DUE.toString() });
    expect(again.transfers.map((x: { counted_as: string }) => x.counted_as)).toEqual(["payment", "excess"]);
    expect((await db.subscription.findUniqueOrThrow({ where: { tenantId: t.id } })).currentPeriodEnd).toEqual(periodEnd);

    // The history lists it.
    const history = await call("GET", "/v1/billing/payments", { token: t.token });
    expect(history.body).toMatchObject({ object: "list", total: 1, data: [{ id: p.id, status: "succeeded" }] });
  });

  it("an underpayment stays pending with what arrived; a top-up completes it, and the overpayment is recorded as excess", async () => {
    const t = await tenant();
    const p = await checkout(t, { currency: "USDT" });
    await pay(p.deposit_address, DUE / 2n, "USDT");
    const partial = await received(t, p.id, DUE / 2n);
    expect(partial).toMatchObject({ status: "pending", amount_received: (DUE / 2n).toString(), amount_remaining: (DUE - DUE / 2n).toString() });
    expect(partial.payment_uri).toContain(`uint256=${DUE - DUE / 2n}`);
    // Another token sent to the same address is not this payment's (it asked for USDT).
    await pay(p.deposit_address, DUE, "USDC");
    expect((await currentPlan(t.id)).plan.id).toBe("free");

    await pay(p.deposit_address, DUE, "USDT");
    const done = await received(t, p.id, DUE / 2n + DUE);
    expect(done).toMatchObject({ status: "succeeded", excess_amount: (DUE / 2n).toString() });
    expect(done.amount_received).toBe((DUE / 2n + DUE).toString()); // the USDC transfer is not counted
    expect((await currentPlan(t.id)).plan.id).toBe("growth");
  });

  it("a request paid after its expiry does not activate: it is expired, with what arrived recorded", async () => {
    const t = await tenant();
    const p = await checkout(t);
    // Lateness is judged by the block's time: the expiry is the chain's latest block's, so the payment's block is after it.
    const chainNow = Number((await chain().getBlock()).timestamp) * 1000;
    await db.billingPayment.update({ where: { id: p.id }, data: { expiresAt: new Date(Math.min(chainNow, Date.now() - 1000)) } });
    expect((await status(t, p.id)).status).toBe("expired");
    await pay(p.deposit_address, DUE);
    const late = await received(t, p.id, DUE);
    expect(late).toMatchObject({ status: "expired", amount_received: DUE.toString(), payment_uri: null });
    expect(late.transfers[0].counted_as).toBe("late");
    expect((await currentPlan(t.id)).plan.id).toBe("free");
  });

  it("another tenant's payment ids answer 404, and its history is its own", async () => {
    const [a, b] = [await tenant(), await tenant()];
    const p = await checkout(a);
    const other = await call("GET", `/v1/billing/crypto_checkout/${p.id}`, { token: b.token });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe("resource_missing");
    expect((await call("GET", "/v1/billing/crypto_checkout/pay_nope", { token: a.token })).status).toBe(404);
    expect((await call("GET", "/v1/billing/payments", { token: b.token })).body).toMatchObject({ data: [], total: 0 });
    // The bearer is a session: an API key is not one.
    const key = await newTenant("Key");
    expect((await call("GET", "/v1/billing/payments", { token: key.apiKey })).status).toBe(401);
  });

  it("pages through the payment history", async () => {
    const t = await tenant();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await checkout(t));
    const first = await call("GET", "/v1/billing/payments?limit=2", { token: t.token });
    expect(first.body).toMatchObject({ has_more: true, total: 3 });
    expect(first.body.data.map((p: { id: string }) => p.id)).toEqual([made[2].id, made[1].id]);
    const next = await call("GET", `/v1/billing/payments?limit=2&starting_after=${made[1].id}`, { token: t.token });
    expect(next.body).toMatchObject({ has_more: false, data: [{ id: made[0].id }] });
  });
});

describe("admin endpoints", () => {
  const wrong = "x".repeat(ADMIN_SECRET.length);

  it("answer 403 without the secret and with a wrong one of the same length, before reading anything else", async () => {
    for (const headers of [{}, { "x-admin-secret": wrong }, { "x-admin-secret": "" }] as Record<string, string>[]) {
      const list = await call("GET", "/v1/billing/admin/payments?limit=10", { headers });
      expect(list.status).toBe(403);
      expect(list.body.error).toMatchObject({ type: "permission_error", code: "admin_secret_invalid" });
      expect((await call("GET", "/v1/billing/admin/payments", { headers })).status).toBe(403); // not 400 for the missing limit
      expect((await call("POST", "/v1/billing/payments/pay_nope/confirm", { headers })).status).toBe(403);
    }
    // Never in logs or audit rows: the audit names a fingerprint.
    const rows = await db.adminAuditLog.findMany();
    expect(JSON.stringify(rows)).not.toContain(ADMIN_SECRET);
  });

  it("list pending payments across tenants; `limit` is required", async () => {
    const [a, b] = [await tenant(), await tenant()];
    const [pa, pb] = [await checkout(a), await checkout(b)];
    const headers = { "x-admin-secret": ADMIN_SECRET };
    expect((await call("GET", "/v1/billing/admin/payments", { headers })).status).toBe(400);
    const list = await call("GET", "/v1/billing/admin/payments?limit=100", { headers });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const ids = list.body.data.map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([pa.id, pb.id]));
    expect(list.body.data.find((p: { id: string }) => p.id === pa.id).tenant_id).toBe(a.id);
    expect(list.body.data.every((p: { status: string }) => p.status === "pending")).toBe(true);
    const audit = await db.adminAuditLog.findFirst({ where: { action: "billing.payments.list" }, orderBy: { id: "desc" } });
    expect(audit?.actor).toMatch(/^admin:[0-9a-f]{12}$/);
  });

  it("confirm a payment by hand: the plan is activated once, with an audit row each time; unknown ids 404", async () => {
    const t = await tenant();
    const p = await checkout(t);
    const headers = { "x-admin-secret": ADMIN_SECRET };
    expect((await call("POST", "/v1/billing/payments/pay_nope/confirm", { headers })).status).toBe(404);
    const confirmed = await call("POST", `/v1/billing/payments/${p.id}/confirm`, { headers, body: { note: "paid by bank transfer" } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ id: p.id, status: "succeeded", confirmed_by: expect.stringMatching(/^admin:/) });
    expect((await currentPlan(t.id)).plan.id).toBe("growth");
    const periodEnd = (await db.subscription.findUniqueOrThrow({ where: { tenantId: t.id } })).currentPeriodEnd;

    const again = await call("POST", `/v1/billing/payments/${p.id}/confirm`, { headers });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("succeeded");
    expect((await db.subscription.findUniqueOrThrow({ where: { tenantId: t.id } })).currentPeriodEnd).toEqual(periodEnd);
    const audits = await db.adminAuditLog.findMany({ where: { target: p.id, action: "billing.payment.confirm" }, orderBy: { id: "asc" } });
    expect(audits.map((r) => (r.detail as { changed: boolean }).changed)).toEqual([true, false]);
    expect(audits[0]).toMatchObject({ tenantId: t.id });

    // A transfer arriving afterwards is excess, not a second activation.
    await pay(p.deposit_address, DUE);
    expect(await received(t, p.id, DUE)).toMatchObject({ status: "succeeded", excess_amount: DUE.toString() });
    expect((await db.subscription.findUniqueOrThrow({ where: { tenantId: t.id } })).currentPeriodEnd).toEqual(periodEnd);
  });
});
