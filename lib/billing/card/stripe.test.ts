// Card payments: the Stripe webhook (events signed with the SDK's generateTestHeaderString), and checkout, portal
// and invoices through the real SDK against a local stand-in (STRIPE_API_BASE): nothing goes to the internet.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { db } from "@/lib/db";
import { call, freshIp, newTenant } from "@/test/client";
import { fakeInvoice, startStripeStandIn, type StripeStandIn } from "@/lib/billing/testing/stripe";
import { activatePlan } from "@/lib/billing/subscriptions";

const WEBHOOK_SECRET = "whsec_test_secret_for_billing_tests";
let standIn: StripeStandIn;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
});
afterAll(() => standIn?.close());

const withStripe = () => {
  process.env.STRIPE_SECRET_KEY = "sk_test_standin";
  process.env.STRIPE_API_BASE = standIn.url;
};
const withoutStripe = () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_API_BASE;
};

let eventCounter = 0;
const event = (type: string, object: Record<string, unknown>, id = `evt_test_${Date.now()}_${++eventCounter}`) =>
  JSON.stringify({ id, object: "event", type, api_version: "2025-10-29.clover", created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });

const deliver = (payload: string, secret = WEBHOOK_SECRET, signature?: string) =>
  call("POST", "/v1/billing/webhook", {
    rawBody: payload,
    headers: { "content-type": "application/json", "stripe-signature": signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
  });

const subscriptionOf = async (t: Awaited<ReturnType<typeof newTenant>>) => (await call("GET", "/v1/billing/subscription", { token: t.accessToken })).body;
const completed = (tenantId: string, sub: string, customer = `cus_${sub}`) => ({
  id: `cs_test_${sub}`, object: "checkout.session", mode: "subscription", payment_status: "paid", customer, subscription: sub, metadata: { tenant_id: tenantId, plan: "growth" },
});

describe("Stripe webhook", () => {
  it("checkout.session.completed switches the plan on; the same event id again changes nothing", async () => {
    const t = await newTenant("Card");
    const tenantId = t.auth.tenant.id;
    const payload = event("checkout.session.completed", completed(tenantId, "sub_card1"));
    const first = await deliver(payload);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ object: "billing_webhook_receipt", received: true, outcome: "activated" });
    expect(await subscriptionOf(t)).toMatchObject({ plan: "growth", source: "card", status: "active" });

    // An admin puts the tenant back on free; a replay of the event must not switch growth on again.
    await db.subscription.update({ where: { tenantId }, data: { plan: "free", source: "admin" } });
    const replay = await deliver(payload);
    expect(replay.status).toBe(200);
    expect(replay.body.outcome).toBe("duplicate");
    expect(await subscriptionOf(t)).toMatchObject({ plan: "free" });
  });

  it("a bad signature answers 400 and changes nothing", async () => {
    const t = await newTenant("Forged");
    const payload = event("checkout.session.completed", completed(t.auth.tenant.id, "sub_forged"));
    const eventId = JSON.parse(payload).id;
    for (const res of [
      await deliver(payload, "whsec_another_secret"),
      await deliver(payload, WEBHOOK_SECRET, "t=1,v1=deadbeef"),
      await deliver(payload.replace('"growth"', '"enterprise"'), WEBHOOK_SECRET, Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })),
      await call("POST", "/v1/billing/webhook", { rawBody: payload }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_signature");
    }
    expect(await db.billingProcessorEvent.findUnique({ where: { id: eventId } })).toBeNull();
    expect(await subscriptionOf(t)).toMatchObject({ plan: "free", source: "free" });
    // The genuine delivery afterwards is handled.
    expect((await deliver(payload)).body.outcome).toBe("activated");
  });

  it("invoice.paid records one card payment per invoice and sets the period; payment_failed marks past_due; deletion ends the plan", async () => {
    const t = await newTenant("Invoices");
    const tenantId = t.auth.tenant.id;
    await deliver(event("checkout.session.completed", completed(tenantId, "sub_inv1", "cus_inv1")));
    const start = Math.floor(Date.now() / 1000);
    const end = start + 31 * 86_400;
    const invoice = {
      id: "in_test_inv1", object: "invoice", customer: "cus_inv1", currency: "usd", amount_due: 9900, amount_paid: 9900, status: "paid",
      parent: { type: "subscription_details", subscription_details: { subscription: "sub_inv1", metadata: { tenant_id: tenantId, plan: "growth" } } },
      lines: { object: "list", data: [{ id: "il_1", period: { start, end } }] },
    };
    expect((await deliver(event("invoice.paid", invoice))).body.outcome).toBe("activated");
    // Another event about the same invoice (Stripe retries with new ids for new events) adds no second payment.
    await deliver(event("invoice.paid", invoice));
    const payments = await db.billingPayment.findMany({ where: { tenantId } });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ method: "card", status: "succeeded", plan: "growth", currency: "usd", amountDue: "9900", amountReceived: "9900", stripeInvoiceId: "in_test_inv1" });
    expect(payments[0].id).toMatch(/^pay_/);
    expect(await subscriptionOf(t)).toMatchObject({ plan: "growth", source: "card", current_period_start: start, current_period_end: end });

    const failed = { ...invoice, id: "in_test_inv2", amount_paid: 0, status: "open" };
    expect((await deliver(event("invoice.payment_failed", failed))).body.outcome).toBe("past_due");
    expect(await subscriptionOf(t)).toMatchObject({ plan: "growth", status: "past_due" });
    expect(await db.billingPayment.findUnique({ where: { stripeInvoiceId: "in_test_inv2" } })).toMatchObject({ status: "failed", amountReceived: "0" });

    const subscription = { id: "sub_inv1", object: "subscription", customer: "cus_inv1", status: "active", cancel_at_period_end: true, metadata: { tenant_id: tenantId, plan: "growth" }, items: { data: [{ current_period_start: start, current_period_end: end, price: { id: "price_x" } }] } };
    expect((await deliver(event("customer.subscription.updated", subscription))).body.outcome).toBe("updated");
    expect(await subscriptionOf(t)).toMatchObject({ plan: "growth", status: "active", cancel_at_period_end: true });

    // A deleted subscription that is not the tenant's current one changes nothing; the current one ends the plan.
    expect((await deliver(event("customer.subscription.deleted", { ...subscription, id: "sub_other", status: "canceled" }))).body.outcome).toBe("ignored");
    expect((await deliver(event("customer.subscription.deleted", { ...subscription, status: "canceled" }))).body.outcome).toBe("canceled");
    expect(await subscriptionOf(t)).toMatchObject({ plan: "free", source: "free" });
  });

  it("the first invoice.paid before checkout.session.completed: the invoice's period stands", async () => {
    const t = await newTenant("Order");
    const tenantId = t.auth.tenant.id;
    const start = Math.floor(Date.now() / 1000);
    const end = start + 31 * 86_400;
    const invoice = {
      id: "in_test_order", object: "invoice", customer: "cus_order", currency: "usd", amount_due: 9900, amount_paid: 9900,
      parent: { subscription_details: { subscription: "sub_order", metadata: { tenant_id: tenantId, plan: "growth" } } },
      lines: { data: [{ period: { start, end } }] },
    };
    expect((await deliver(event("invoice.paid", invoice))).body.outcome).toBe("activated");
    expect((await deliver(event("checkout.session.completed", completed(tenantId, "sub_order", "cus_order")))).body.outcome).toBe("already_active");
    expect(await subscriptionOf(t)).toMatchObject({ plan: "growth", source: "card", current_period_start: start, current_period_end: end });
  });

  it("a stale event changes nothing: the renewal, then the subscription.updated before it (older created, earlier period end)", async () => {
    const t = await newTenant("Stale");
    const tenantId = t.auth.tenant.id;
    const now = Math.floor(Date.now() / 1000);
    const dated = (type: string, object: Record<string, unknown>, created: number) =>
      JSON.stringify({ id: `evt_stale_${++eventCounter}_${now}`, object: "event", type, api_version: "2025-10-29.clover", created, livemode: false, data: { object } });
    const subscription = (start: number, end: number, status = "active") => ({
      id: "sub_stale", object: "subscription", customer: "cus_stale", status, cancel_at_period_end: false, metadata: { tenant_id: tenantId, plan: "growth" },
      items: { data: [{ current_period_start: start, current_period_end: end, price: { id: "price_x" } }] },
    });
    const firstStart = now - 40 * 86_400;
    const renewalStart = now - 10 * 86_400;
    const renewalEnd = renewalStart + 31 * 86_400;
    expect((await deliver(dated("customer.subscription.updated", subscription(renewalStart, renewalEnd), now - 60))).body.outcome).toBe("updated");
    expect(await subscriptionOf(t)).toMatchObject({ plan: "growth", status: "active", current_period_end: renewalEnd });
    // The event before the renewal, delivered late: its period ended 10 days ago.
    const late = await deliver(dated("customer.subscription.updated", subscription(firstStart, renewalStart, "past_due"), now - 3600));
    expect(late.body.outcome).toBe("stale");
    expect(await subscriptionOf(t)).toMatchObject({ plan: "growth", status: "active", current_period_end: renewalEnd });
    // Older created with the same period: stale too (a late past_due must not override the newer state).
    expect((await deliver(dated("customer.subscription.updated", subscription(renewalStart, renewalEnd, "past_due"), now - 120))).body.outcome).toBe("stale");
    const lateInvoice = {
      id: "in_stale_old", object: "invoice", customer: "cus_stale", currency: "usd", amount_due: 9900, amount_paid: 0,
      parent: { subscription_details: { subscription: "sub_stale", metadata: { tenant_id: tenantId, plan: "growth" } } },
      lines: { data: [{ period: { start: firstStart, end: renewalStart } }] },
    };
    expect((await deliver(dated("invoice.payment_failed", lateInvoice, now - 30))).body.outcome).toBe("stale");
    expect(await subscriptionOf(t)).toMatchObject({ plan: "growth", status: "active", current_period_end: renewalEnd });
    // A newer event still applies.
    expect((await deliver(dated("customer.subscription.updated", { ...subscription(renewalStart, renewalEnd), cancel_at_period_end: true }, now))).body.outcome).toBe("updated");
    expect(await subscriptionOf(t)).toMatchObject({ cancel_at_period_end: true });
  });

  describe("paid time is never lost, whichever source pays first (the latest payment's source is in charge)", () => {
    const DAY = 86_400;
    const credit = (tenantId: string) => db.$transaction((tx) => activatePlan(tenantId, "growth", { source: "crypto" }, tx));
    const invoiceOf = (tenantId: string, sub: string, start: number, end: number) => ({
      id: `in_${sub}_${start}`, object: "invoice", customer: `cus_${sub}`, currency: "usd", amount_due: 9900, amount_paid: 9900,
      parent: { subscription_details: { subscription: sub, metadata: { tenant_id: tenantId, plan: "growth" } } },
      lines: { data: [{ period: { start, end } }] },
    });
    const subscriptionOfCard = (tenantId: string, sub: string, start: number, end: number) => ({
      id: sub, object: "subscription", customer: `cus_${sub}`, status: "active", cancel_at_period_end: false, metadata: { tenant_id: tenantId, plan: "growth" },
      items: { data: [{ current_period_start: start, current_period_end: end, price: { id: "price_x" } }] },
    });

    it("card, then crypto, then the card's renewal: the crypto month stays, the renewal adds its own", async () => {
      const t = await newTenant("CardThenCrypto");
      const tenantId = t.auth.tenant.id;
      const start = Math.floor(Date.now() / 1000) - DAY;
      const end = start + 31 * DAY;
      expect((await deliver(event("invoice.paid", invoiceOf(tenantId, "sub_ctc", start, end)))).body.outcome).toBe("activated");
      expect(await subscriptionOf(t)).toMatchObject({ source: "card", current_period_end: end });
      await credit(tenantId);
      expect(await subscriptionOf(t)).toMatchObject({ source: "crypto", current_period_end: end + 30 * DAY });
      // Stripe renews the card at its period end: the renewal's month comes after the crypto month.
      expect((await deliver(event("invoice.paid", invoiceOf(tenantId, "sub_ctc", end, end + 28 * DAY)))).body.outcome).toBe("activated");
      expect(await subscriptionOf(t)).toMatchObject({ source: "card", current_period_start: start, current_period_end: end + 58 * DAY });
      expect((await deliver(event("customer.subscription.updated", subscriptionOfCard(tenantId, "sub_ctc", end, end + 28 * DAY)))).body.outcome).toBe("updated");
      expect(await subscriptionOf(t)).toMatchObject({ plan: "growth", status: "active", current_period_end: end + 58 * DAY });
    });

    it("crypto, then the card (checkout, then invoice.paid): the card's month comes after the crypto month", async () => {
      const t = await newTenant("CryptoThenInvoice");
      const tenantId = t.auth.tenant.id;
      await credit(tenantId);
      const paid = (await subscriptionOf(t)).current_period_end;
      expect((await deliver(event("checkout.session.completed", completed(tenantId, "sub_cti")))).body.outcome).toBe("already_active");
      const start = Math.floor(Date.now() / 1000);
      expect((await deliver(event("invoice.paid", invoiceOf(tenantId, "sub_cti", start, start + 31 * DAY)))).body.outcome).toBe("activated");
      expect(await subscriptionOf(t)).toMatchObject({ source: "card", current_period_end: paid + 31 * DAY });
      expect((await deliver(event("customer.subscription.updated", subscriptionOfCard(tenantId, "sub_cti", start, start + 31 * DAY)))).body.outcome).toBe("updated");
      expect((await subscriptionOf(t)).current_period_end).toBe(paid + 31 * DAY);
    });

    it("crypto, then the card's subscription.updated before its invoice.paid: the card's month is added once", async () => {
      const t = await newTenant("CryptoThenUpdated");
      const tenantId = t.auth.tenant.id;
      await credit(tenantId);
      const paid = (await subscriptionOf(t)).current_period_end;
      const start = Math.floor(Date.now() / 1000);
      expect((await deliver(event("customer.subscription.updated", subscriptionOfCard(tenantId, "sub_ctu", start, start + 31 * DAY)))).body.outcome).toBe("updated");
      expect((await subscriptionOf(t)).current_period_end).toBe(paid + 31 * DAY);
      expect((await deliver(event("invoice.paid", invoiceOf(tenantId, "sub_ctu", start, start + 31 * DAY)))).body.outcome).toBe("activated");
      expect(await subscriptionOf(t)).toMatchObject({ plan: "growth", status: "active", current_period_end: paid + 31 * DAY });
    });
  });

  it("the same event delivered five times at once is handled once", async () => {
    const t = await newTenant("Race");
    const tenantId = t.auth.tenant.id;
    await deliver(event("checkout.session.completed", completed(tenantId, "sub_race", "cus_race")));
    const payload = event("invoice.paid", {
      id: "in_test_race", object: "invoice", customer: "cus_race", currency: "usd", amount_due: 9900, amount_paid: 9900,
      parent: { subscription_details: { subscription: "sub_race", metadata: { tenant_id: tenantId, plan: "growth" } } },
      lines: { data: [{ period: { start: Math.floor(Date.now() / 1000), end: Math.floor(Date.now() / 1000) + 86_400 * 30 } }] },
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(payload)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(["activated", "duplicate", "duplicate", "duplicate", "duplicate"]);
    expect(await db.billingPayment.count({ where: { tenantId } })).toBe(1);
    expect(await db.billingProcessorEvent.count({ where: { id: JSON.parse(payload).id } })).toBe(1);
  });

  it("events of no tenant, and other types, are acknowledged and change nothing", async () => {
    expect((await deliver(event("checkout.session.completed", completed("ten_unknown", "sub_none", "cus_none")))).body.outcome).toBe("ignored");
    expect((await deliver(event("charge.refunded", { id: "ch_1", object: "charge" }))).body.outcome).toBe("ignored");
  });

  it("signed deliveries take no slot of the per-IP bucket: after the IP's bucket is spent, Stripe's events still answer 200, unsigned ones 429", async () => {
    const ip = freshIp();
    const payload = event("charge.refunded", { id: "ch_bucket", object: "charge" });
    const unsigned = () => call("POST", "/v1/billing/webhook", { ip, rawBody: payload, headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" } });
    let refused = 0;
    for (let i = 0; i < 120 && !refused; i++) if ((await unsigned()).status === 429) refused = i;
    expect(refused).toBeGreaterThan(0);
    const body = event("charge.refunded", { id: "ch_bucket_ok", object: "charge" });
    for (let i = 0; i < 3; i++) {
      const body = event("charge.refunded", { id: `ch_bucket_${i}`, object: "charge" });
      const genuine = await call("POST", "/v1/billing/webhook", { ip, rawBody: body, headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }) } });
      expect(genuine.status, JSON.stringify(genuine.body)).toBe(200);
    }
    const genuine = await call("POST", "/v1/billing/webhook", { ip, rawBody: body, headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }) } });
    expect(genuine.status, JSON.stringify(genuine.body)).toBe(200);
    expect(genuine.body.outcome).toBe("ignored");
    expect((await unsigned()).status).toBe(429);
  });

  it("without STRIPE_WEBHOOK_SECRET the webhook answers 503 billing_unavailable", async () => {
    delete process.env.STRIPE_WEBHOOK_SECRET;
    try {
      const res = await deliver(event("charge.refunded", { id: "ch_2" }));
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe("billing_unavailable");
    } finally {
      process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    }
  });
});

describe("checkout, portal and invoices", () => {
  it("without STRIPE_SECRET_KEY: checkout and portal 503 billing_unavailable; plans, usage and invoices still answer", async () => {
    withoutStripe();
    const t = await newTenant("NoStripe");
    for (const path of ["/v1/billing/checkout", "/v1/billing/portal"]) {
      const res = await call("POST", path, { token: t.accessToken, body: path.endsWith("checkout") ? { plan: "growth" } : {} });
      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({ type: "api_error", code: "billing_unavailable" });
      expect(res.body.error.message).toContain("crypto_checkout");
    }
    expect((await call("GET", "/v1/billing/plans", { token: t.accessToken })).status).toBe(200);
    expect((await call("GET", "/v1/billing/usage", { token: t.accessToken })).status).toBe(200);
    expect((await call("GET", "/v1/billing/invoices", { token: t.accessToken })).body).toEqual({ object: "list", data: [], has_more: false });
  });

  it("checkout creates a subscription session with the plan's price; enterprise names contact sales; the portal and invoices follow the customer", async () => {
    withStripe();
    try {
      const t = await newTenant("Checkout");
      const tenantId = t.auth.tenant.id;
      const enterprise = await call("POST", "/v1/billing/checkout", { token: t.accessToken, body: { plan: "enterprise" } });
      expect(enterprise.status).toBe(400);
      expect(enterprise.body.error).toMatchObject({ code: "contact_sales", param: "plan" });
      expect(enterprise.body.error.message).toContain("contact sales");
      expect((await call("POST", "/v1/billing/checkout", { token: t.accessToken, body: { plan: "free" } })).body.error.code).toBe("plan_not_purchasable");

      const portalFirst = await call("POST", "/v1/billing/portal", { token: t.accessToken, body: {} });
      expect(portalFirst.status).toBe(400);
      expect(portalFirst.body.error.code).toBe("no_billing_customer");

      const session = await call("POST", "/v1/billing/checkout", { token: t.accessToken, body: { plan: "growth", success_url: "https://example.com/ok" } });
      expect(session.status, JSON.stringify(session.body)).toBe(201);
      expect(session.body).toMatchObject({ object: "billing_checkout_session", plan: "growth" });
      expect(session.body.id).toMatch(/^cs_test_/);
      expect(session.body.url).toContain(standIn.url);
      const sent = standIn.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.form;
      expect(sent).toMatchObject({
        mode: "subscription", "metadata[tenant_id]": tenantId, "metadata[plan]": "growth", "subscription_data[metadata][tenant_id]": tenantId,
        "line_items[0][price_data][unit_amount]": "9900", "line_items[0][price_data][currency]": "usd", "line_items[0][price_data][recurring][interval]": "month",
        success_url: "https://example.com/ok",
      });
      // One customer per tenant: a second checkout reuses it.
      await call("POST", "/v1/billing/checkout", { token: t.accessToken, body: { plan: "growth" } });
      expect(standIn.requests.filter((r) => r.path === "/v1/customers" && r.form["metadata[tenant_id]"] === tenantId)).toHaveLength(1);
      const customer = (await db.subscription.findUniqueOrThrow({ where: { tenantId } })).stripeCustomerId!;
      expect(customer).toMatch(/^cus_/);
      // A checkout does not switch the plan on (the webhook does).
      expect((await call("GET", "/v1/billing/subscription", { token: t.accessToken })).body.plan).toBe("free");

      const portal = await call("POST", "/v1/billing/portal", { token: t.accessToken, body: { return_url: "https://example.com/back" } });
      expect(portal.status).toBe(201);
      expect(portal.body).toMatchObject({ object: "billing_portal_session" });
      expect(portal.body.url).toContain("/portal/");

      standIn.invoices.set(customer, [fakeInvoice(customer), fakeInvoice(customer)]);
      const invoices = await call("GET", "/v1/billing/invoices?limit=1", { token: t.accessToken });
      expect(invoices.status).toBe(200);
      expect(invoices.body).toMatchObject({ object: "list", has_more: true });
      expect(invoices.body.data[0]).toMatchObject({ object: "invoice", amount_due: "9900", currency: "usd", status: "paid" });
      const bad = await call("GET", "/v1/billing/invoices?starting_after=in_not_mine", { token: t.accessToken });
      expect(bad.status).toBe(400);
      // Another tenant sees none of them.
      const other = await newTenant("Other");
      expect((await call("GET", "/v1/billing/invoices", { token: other.accessToken })).body.data).toEqual([]);
    } finally {
      withoutStripe();
    }
  });

  it("STRIPE_PRICE_GROWTH: the checkout uses the configured price id", async () => {
    withStripe();
    process.env.STRIPE_PRICE_GROWTH = "price_growth_monthly";
    try {
      const t = await newTenant("Priced");
      expect((await call("POST", "/v1/billing/checkout", { token: t.accessToken, body: { plan: "growth" } })).status).toBe(201);
      const sent = standIn.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.form;
      expect(sent["line_items[0][price]"]).toBe("price_growth_monthly");
      expect(sent["line_items[0][price_data][unit_amount]"]).toBeUndefined();
    } finally {
      delete process.env.STRIPE_PRICE_GROWTH;
      withoutStripe();
    }
  });

  it("a checkout whose answers are lost after Stripe made the session: the client's retry with the same Idempotency-Key answers that session, never a second one", async () => {
    withStripe();
    try {
      const t = await newTenant("LostCheckout");
      const tenantId = t.auth.tenant.id;
      const headers = { "idempotency-key": `checkout-lost-${tenantId}` };
      const before = standIn.sessions.length;
      // The session is made, then every answer of the SDK's three tries (one and two retries) is lost.
      standIn.loseAnswers = { path: "/v1/checkout/sessions", count: 3 };
      const lost = await call("POST", "/v1/billing/checkout", { token: t.accessToken, body: { plan: "growth" }, headers });
      expect(lost.status, JSON.stringify(lost.body)).toBe(503);
      expect(lost.body.error.code).toBe("billing_unavailable");
      expect(standIn.sessions.length - before).toBe(1);
      const made = standIn.sessions.at(-1);

      const retried = await call("POST", "/v1/billing/checkout", { token: t.accessToken, body: { plan: "growth" }, headers });
      expect(retried.status, JSON.stringify(retried.body)).toBe(201);
      expect(retried.body.id).toBe(made);
      expect(standIn.sessions.length - before).toBe(1);
      const keys = standIn.requests.filter((r) => r.path === "/v1/checkout/sessions" && r.form["metadata[tenant_id]"] === tenantId).map((r) => r.idempotencyKey);
      expect(keys).toHaveLength(4);
      expect(new Set(keys).size).toBe(1);

      // Another request (no key, or another key) is another checkout.
      const other = await call("POST", "/v1/billing/checkout", { token: t.accessToken, body: { plan: "growth" } });
      expect(other.status).toBe(201);
      expect(other.body.id).not.toBe(made);

      // A key whose first use failed, sent again with other parameters: Stripe refuses it, we answer 409.
      const reusedHeaders = { "idempotency-key": `checkout-reused-${tenantId}` };
      standIn.loseAnswers = { path: "/v1/checkout/sessions", count: 3 };
      expect((await call("POST", "/v1/billing/checkout", { token: t.accessToken, body: { plan: "growth" }, headers: reusedHeaders })).status).toBe(503);
      const reused = await call("POST", "/v1/billing/checkout", { token: t.accessToken, body: { plan: "growth", success_url: "https://example.com/elsewhere" }, headers: reusedHeaders });
      expect(reused.status, JSON.stringify(reused.body)).toBe(409);
      expect(reused.body.error).toMatchObject({ type: "idempotency_error", code: "idempotency_key_reused", param: "idempotency_key" });
    } finally {
      standIn.loseAnswers = undefined;
      withoutStripe();
    }
  });
});
