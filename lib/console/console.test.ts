// The console's server logic: forms validated with the API's schemas, errors mapped to fields, sign-in
// through lib/auth with the API's rate limit, the test event, confirmations and wallet balances — against
// the real database, local chain and executor of the test setup.
import { afterAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { call, freshIp, newTenant } from "@/test/client";
import { db } from "@/lib/db";
import { ApiError, invalidRequest } from "@/lib/core/errors";
import { CreateTokenInput } from "@/lib/schemas/tokens";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";
import { api, deployToken, settled, tenant } from "@/lib/tokens/testing";
import { bodyFromForm, errorState, fieldMessage, runForm } from "./forms";
import { formBody, validateForm } from "./form-specs";
import { safeCallback } from "./redirects";
import { quickstartScript, quickstartSteps } from "./quickstart";
import { formatAmount } from "./amounts";
import { confirmationsAt, withConfirmations } from "./confirmations";
import { sendTestEvent, TEST_EVENT_TYPE } from "./test-event";
import { authorizeCredentials } from "./auth";
import { ipOf } from "./rate-limit";
import { walletBalances } from "./wallet";
import { explorerUrl } from "./explorer";

const form = (entries: [string, string][]) => entries as Iterable<[string, FormDataEntryValue]>;
const formData = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("forms", () => {
  it("builds the API body: declared fields only, empty inputs left out, numbers, checkboxes, lists, nesting", () => {
    const body = formBody(
      "createToken",
      form([
        ["name", " Acme "],
        ["symbol", "ACME"],
        ["standard", "ERC20"],
        ["network", "polygon_amoy"],
        ["initial_supply", ""],
        ["decimals", "6"],
        ["features.mintable", "on"],
        ["$ACTION_ID_abc", "x"],
        ["id", "tok_other"],
      ]),
    );
    expect(body).toEqual({
      name: "Acme",
      symbol: "ACME",
      standard: "ERC20",
      network: "polygon_amoy",
      decimals: 6,
      features: { mintable: true, burnable: false, pausable: false, votes: false },
    });
    expect(bodyFromForm(form([["events", "*"], ["events", " token.deployed "], ["events", ""]]), { events: "list" })).toEqual({ events: ["*", "token.deployed"] });
    // A number field with text stays text, so the schema reports it instead of a silent NaN.
    expect(bodyFromForm(form([["decimals", "six"]]), { decimals: "number" })).toEqual({ decimals: "six" });
    // Clearable fields send "" (an update that clears); plain ones leave it out; absent ones stay absent.
    expect(bodyFromForm(form([["description", "  "], ["url", ""]]), { description: "clearable", url: "string", events: "list" })).toEqual({ description: "", events: [] });
  });

  it("reports every field error of the API schema, with the API's wording minus the field prefix", async () => {
    const state = await runForm(CreateTokenInput, { symbol: "A B", standard: "ERC20", network: "polygon_amoy", decimals: 40 }, async () => "never");
    expect(state.status).toBe("error");
    expect(state.message).toBe("Missing required parameter: name");
    expect(state.fields).toEqual({
      name: "This field is required.",
      symbol: "Must not contain whitespace.",
      decimals: "Must be at most 36.",
    });
    const fields = validateForm("register", formData([["email", "ada"], ["password", "longpassword"], ["full_name", "Ada"], ["company_name", "Acme"]]));
    expect(fields).toEqual({ email: expect.stringMatching(/email/i), password: "Must contain a letter and a digit or symbol." });
    expect(validateForm("register", formData([["email", "ada@example.com"], ["password", "correct horse 1"], ["full_name", "Ada"], ["company_name", "Acme"]]))).toEqual({});
  });

  it("runs the lib function with the parsed input and maps its errors to the field it names", async () => {
    const ok = await runForm(CreateTokenInput, { name: "A", symbol: "A", standard: "ERC721", network: "sepolia" }, async (input) => input.features);
    expect(ok).toEqual({ status: "ok", result: { mintable: true, burnable: false, pausable: false, votes: false } });
    const failed = await runForm(CreateTokenInput, { name: "A", symbol: "A", standard: "ERC20", network: "sepolia" }, async () => {
      throw invalidRequest("parameter_invalid", "Invalid base_uri: only ERC721 and ERC1155 tokens have URIs", "base_uri");
    });
    expect(failed).toEqual({
      status: "error",
      message: "Invalid base_uri: only ERC721 and ERC1155 tokens have URIs",
      fields: { base_uri: "Only ERC721 and ERC1155 tokens have URIs." },
    });
    expect(errorState(new ApiError(404, "invalid_request_error", "resource_missing", "No such token"))).toEqual({ status: "error", message: "No such token" });
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(errorState(new Error("connection refused to 10.0.0.3"))).toEqual({ status: "error", message: "Something went wrong on our side. Please try again." });
    } finally {
      console.error = quiet;
    }
    expect(fieldMessage(invalidRequest("parameter_missing", "Missing required parameter: to", "to"))).toBe("This field is required.");
  });
});

describe("small helpers", () => {
  it("sends people back only to this site's own pages after sign-in", () => {
    expect(safeCallback("/tokens/tok_1?x=1")).toBe("/tokens/tok_1?x=1");
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/sign-in", "/api/auth/signout", "", null]) {
      expect(safeCallback(bad)).toBe("/dashboard");
    }
  });

  it("writes the reference flow with the key, the wallet and this deployment's address, safely quoted", () => {
    const steps = quickstartSteps({ baseUrl: "http://127.0.0.1:4000", secretKey: "sk_test_abc'def", walletAddress: "0x00000000000000000000000000000000000000aa", network: "polygon_amoy" });
    expect(steps.map((s) => s.title)).toEqual([
      "Set your test key, the API's address and a helper that stops on errors",
      "List the networks",
      "Deploy a token on polygon_amoy (1,000 ACMED)",
      "Wait until it is deployed",
      "Mint 1.5 ACMED to your wallet",
      "Read the balance (in the smallest unit: 18 decimals)",
    ]);
    expect(steps[0].command).toMatch(/^export SK='sk_test_abc'\\''def'\nexport B='http:\/\/127\.0\.0\.1:4000'\ncall\(\) \{/);
    expect(steps[2].command).toContain('"network":"polygon_amoy"');
    expect(steps[4].command).toContain('"to":"0x00000000000000000000000000000000000000aa"');
    expect(steps[5].command).toContain("balance?address=0x00000000000000000000000000000000000000aa&nft_token_id=0");
    expect(quickstartScript({ baseUrl: "http://x", secretKey: "sk_test_1", walletAddress: "0x1", network: "polygon_amoy" })).toMatch(/^# Set your test key/);
    const live = quickstartSteps({ baseUrl: "http://x", secretKey: "sk_live_1", walletAddress: "0x1", network: "polygon", livemode: true });
    expect(live[0].title).toMatch(/^Set your live key/);
    expect(live[2].command).toContain('"network":"polygon"');
  });

  it("formats smallest-unit amounts and counts confirmations", () => {
    expect(formatAmount("1000000000000000000000", 18)).toBe("1,000");
    expect(formatAmount("1500000", 6)).toBe("1.5");
    expect(formatAmount("12", 0)).toBe("12");
    expect(formatAmount("1e5", 18)).toBeNull();
    expect(formatAmount("", 18)).toBeNull();
    expect(confirmationsAt(10, 10n)).toBe(1);
    expect(confirmationsAt(10, 14n)).toBe(5);
    expect(confirmationsAt(10, 9n)).toBe(0); // a node behind the one that saw the block
    expect(confirmationsAt(null, 9n)).toBeNull();
    expect(confirmationsAt(10, null)).toBeNull();
  });

  it("takes the client IP the way the API does (TRUSTED_PROXY=1 in tests: the rightmost X-Forwarded-For entry)", () => {
    expect(ipOf({ "x-forwarded-for": "203.0.113.7, 10.0.0.1" })).toBe("10.0.0.1");
    expect(ipOf(new Headers({ "x-forwarded-for": "198.51.100.2" }))).toBe("198.51.100.2");
    expect(ipOf(new Headers({ "x-real-ip": "198.51.100.2" }))).toBe("unknown");
    expect(ipOf(undefined)).toBe("unknown");
  });

  it("links a block explorer only where the network really runs (not on the local chain)", () => {
    const hash = `0x${"ab".repeat(32)}`;
    expect(explorerUrl("polygon_amoy", "tx", hash)).toBeNull();
    process.env.RPC_URL_POLYGON_AMOY = "https://rpc.example/amoy";
    try {
      expect(explorerUrl("polygon_amoy", "tx", hash)).toBe(`https://amoy.polygonscan.com/tx/${hash}`);
      expect(explorerUrl("polygon_amoy", "address", null)).toBeNull();
    } finally {
      delete process.env.RPC_URL_POLYGON_AMOY;
    }
    expect(explorerUrl("nowhere", "tx", hash)).toBeNull();
  });
});

describe("sign-in", () => {
  it("accepts the right password, refuses a wrong one, and shares the per-IP limit of /auth/login", async () => {
    const t = await newTenant();
    const ip = freshIp();
    const headers = { "x-forwarded-for": ip };
    expect(await authorizeCredentials({ email: t.email.toUpperCase(), password: t.password }, headers)).toEqual({
      id: t.auth.user.id,
      email: t.email,
      name: "Ada Owner",
    });
    // the console's session is its cookie: signing in issues no API refresh token
    expect(await db.refreshToken.count({ where: { userId: t.auth.user.id } })).toBe(1); // the one from registering
    expect(await authorizeCredentials({ email: t.email, password: "wrong password 1" }, headers)).toBeNull();
    expect(await authorizeCredentials({ email: "not an email", password: "x" }, headers)).toBeNull(); // no slot taken
    expect(await authorizeCredentials(undefined, headers)).toBeNull();
    // 2 slots used by the console; the API's login takes the same bucket.
    for (let i = 0; i < 8; i++) await call("POST", "/auth/login", { ip, body: { email: t.email, password: "wrong password 1" } });
    await expect(authorizeCredentials({ email: t.email, password: t.password }, headers)).rejects.toMatchObject({ status: 429 });
    const events = await db.event.count({ where: { tenantId: t.auth.tenant.id, type: "auth.login" } });
    expect(events).toBe(1);
  });
});

describe("send test event", () => {
  const receivers: Receiver[] = [];
  afterAll(async () => Promise.all(receivers.map((r) => r.close())));

  it("delivers a signed webhook_endpoint.test to that endpoint only, through the delivery log", async () => {
    const t = await newTenant();
    const scope = { tenantId: t.auth.tenant.id, livemode: false };
    const target = await startReceiver();
    const other = await startReceiver();
    receivers.push(target, other);
    const endpoint = await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url: target.url, events: ["*"] } });
    const bystander = await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url: other.url, events: ["*"] } });
    expect(endpoint.status).toBe(201);

    const delivery = await sendTestEvent(scope, endpoint.body.id);
    expect(delivery).toMatchObject({ object: "webhook_delivery", endpoint: endpoint.body.id, event_type: TEST_EVENT_TYPE, status: "pending" });
    const [got] = await target.waitFor(1, (r) => r.body.includes(TEST_EVENT_TYPE));
    const payload = new Webhook(endpoint.body.secret).verify(got.body, got.headers as Record<string, string>) as any;
    expect(payload).toMatchObject({ object: "event", type: TEST_EVENT_TYPE, id: delivery.event, data: { object: { id: endpoint.body.id, object: "webhook_endpoint" } } });
    expect(JSON.stringify(payload)).not.toContain("whsec_");

    let listed: any;
    for (let i = 0; i < 100; i++) {
      listed = await call("GET", `/v1/webhook_endpoints/${endpoint.body.id}/deliveries`, { token: t.apiKey });
      if (listed.body.data[0]?.status === "succeeded") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(listed.body.data[0]).toMatchObject({ id: delivery.id, status: "succeeded", response_status: 200, attempts: 1 });
    await new Promise((r) => setTimeout(r, 300)); // the outbox had its chance to fan the event out
    expect(other.received.filter((r) => r.body.includes(TEST_EVENT_TYPE))).toHaveLength(0);
    expect(await db.webhookDelivery.count({ where: { endpointId: bystander.body.id, eventType: TEST_EVENT_TYPE } })).toBe(0);
  });

  it("refuses a disabled endpoint (400), another tenant's (404) and the other mode's (404)", async () => {
    const t = await newTenant();
    const stranger = await newTenant();
    const endpoint = await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url: "https://example.com/hook", events: ["*"] } });
    await call("POST", `/v1/webhook_endpoints/${endpoint.body.id}`, { token: t.apiKey, body: { disabled: true } });
    await expect(sendTestEvent({ tenantId: t.auth.tenant.id, livemode: false }, endpoint.body.id)).rejects.toMatchObject({ status: 400, code: "webhook_endpoint_disabled" });
    await expect(sendTestEvent({ tenantId: stranger.auth.tenant.id, livemode: false }, endpoint.body.id)).rejects.toMatchObject({ status: 404 });
    await expect(sendTestEvent({ tenantId: t.auth.tenant.id, livemode: true }, endpoint.body.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("chain reads of the console", () => {
  it("counts confirmations of mined transactions and shows the wallet's balance on the local chain", async () => {
    const t = await tenant();
    const token = await deployToken(t, { name: "Conf", symbol: "CNF", standard: "ERC20", initial_supply: "1000" });
    const mint = await api(t, "POST", `/v1/tokens/${token.id}/mint`, { to: t.wallet, amount: "5" });
    await settled(mint.body.id);
    const list = await api(t, "GET", `/v1/transactions?token=${token.id}`);
    const rows = await withConfirmations(list.body.data as { id: string; network: string; block_number: number | null }[]);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.confirmations).toBeGreaterThanOrEqual(1);
    const [newer, older] = rows;
    expect(older.confirmations!).toBeGreaterThanOrEqual(newer.confirmations!);
    expect(await withConfirmations([{ network: "polygon_amoy", block_number: null }])).toEqual([{ network: "polygon_amoy", block_number: null, confirmations: null }]);

    const balances = await walletBalances(t.wallet, false);
    expect(balances).toHaveLength(1); // every test network is served by the one local chain here
    expect(balances[0]).toMatchObject({ local: true, currency: "ETH" });
    expect(balances[0].networks).toContain("Polygon Amoy");
    expect(Number(balances[0].balance)).toBeGreaterThan(0); // topped up for gas
  });
});
