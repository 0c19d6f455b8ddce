// Hostile input on every operation of /v1/openapi.json, through the real route handlers: wrong types,
// sizes, unicode, NUL and control characters, lone surrogates, huge and negative numbers, malformed
// JSON, hostile path and query values, bad credentials, and another tenant's real ids. Nothing may
// answer 5xx; every 4xx is exactly the error envelope. The walk is driven by the document, so new
// operations are fuzzed without edits here; valid values (to reach past the first check) come from
// the schemas: enums, examples, defaults, formats, and ids listed by the operations themselves.
// test/client.ts also holds every answer to the operation's documented responses (test/conformance.ts).
import { afterAll, beforeAll, expect, it } from "vitest";
import { pool } from "@/lib/db";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { account, deployContract, settled } from "@/lib/tokens/testing";
import { connectBase } from "@/lib/connect/local/setup";
import { seedConnect } from "@/lib/connect/testing/records";
import { softAuthenticator } from "@/lib/connect/testing/passkeys";
import { seedRecovery } from "@/lib/connect/testing/recovery";
import { LOCAL_VRF_KEY_HASH, localCoordinator, localSubscriptionId } from "@/lib/vrf/base";
import { startStripeStandIn, type StripeStandIn } from "@/lib/billing/testing/stripe";
import { LOCAL_GATEWAY_SIGNER } from "@/lib/confidential/local-gateway";
import { resolveHandler } from "@/lib/api/dispatch";
import { routeTable } from "@/lib/api/route-table.generated";
import { routeModules } from "@/lib/api/route-modules.generated";
import { call, freshIp, newTenant, type CallOptions, type CallResult } from "./client";

type Schema = Record<string, any>;
type Credential = "apiKey" | "session" | "none";
interface Param {
  name: string;
  in: "path" | "query";
  required?: boolean;
  schema: Schema;
}
interface Operation {
  method: string;
  template: string;
  credential: Credential;
  params: Param[];
  body?: Schema;
}
interface Tenant {
  id: string;
  apiKey: string;
  accessToken: string;
  publishable: string;
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// The billing admin operations take the admin secret in a header: sent with every case (unless a case sets its
// own headers), so the fuzzing reaches past the 403. Their 403 without it is tested in lib/billing.
const ADMIN_SECRET = "fuzz-admin-secret-0123456789abcdef";
process.env.BILLING_ADMIN_SECRET = ADMIN_SECRET;
const ADMIN_OPERATIONS = new Set(["/v1/billing/activate", "/v1/billing/admin/payments", "/v1/billing/payments/{id}/confirm"]);
// Resources that are the same for every tenant (nothing to isolate): a feature flag exists for every tenant.
const SHARED_RESOURCES = ["/v1/connect/networks/{chainId}", "/v1/tenant-features/{feature}"];

const HOSTILE_STRINGS = [
  "", " ", "x".repeat(10_000), "😀🚀👩‍👩‍👧‍👦", "\u202Eevil\u202C مرحبا עברית", "e\u0301\u0302\u0303\u0304\u0305",
  "\u0000", "a\u0000b", "a\u0001\u001b[31m\u007f\u0085", "a\nb\tc\r", "\ud800", "x\udfffy", "\uFEFF\u200B",
  "NaN", "Infinity", "-1", "1e400", "9".repeat(400), "0x", "../../etc/passwd", "%00", "' OR 1=1--", "<script>alert(1)</script>", "null",
];
const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS, null, true, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, [], [1, "a", null], {}, { nested: { deep: [null] } },
];
// Already URL-encoded where encoding matters (%00 → NUL, %ED%A0%80 → an invalid UTF-8 sequence).
const HOSTILE_QUERY = [
  "", "x".repeat(5000), "%F0%9F%98%80", "%E2%80%AEevil", "e%CC%81%CC%82", "%00", "a%00b", "%01%1B", "a%0Ab", "%ED%A0%80", "%", "%zz",
  "-1", "0", "1.5", "1e400", "NaN", "Infinity", "0x10", "9".repeat(400), "null", "[]", "%27%20OR%201%3D1--", "..%2F..%2F",
];
const HOSTILE_PATH = ["..", "..%2F..%2Fauth", "%2E%2E", "%00", "a%00b", "%ED%A0%80", "%", "x".repeat(5000), "%F0%9F%98%80", "%27%20OR%201%3D1--", "tok_00000000000000000000000000", "-1", "%20"];
const RAW_BODIES: (string | Uint8Array<ArrayBuffer>)[] = [
  "", "   ", "{", '{"a":', "nul", "[]", "[{}]", '"text"', "123", "null", "\uFEFF{}", '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}', "[".repeat(100_000), "[".repeat(5000) + "]".repeat(5000), "{}garbage", new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
];
// Parses fine, then overflows the stack of whatever walks it (JSON.stringify gives up near 5,000 levels).
const DEEP_JSON = '{"a":'.repeat(5000) + "1" + "}".repeat(5000);
const HOSTILE_HEADERS = ["x".repeat(10_000), "\u0001", "é", "", "a b", "'; DROP TABLE idempotency_records;--"];

let doc: any;
let a: Tenant;
let b: Tenant;
let receiver: Receiver;
let stripe: StripeStandIn;
const problems = new Map<string, string>();
const isolated = new Set<string>();
const tally = new Map<string, { requests: number; ok: number; clientErrors: number; reached: number; statuses: Set<string>; valid?: string }>();
// Answers the wrapper gives before the operation's handler runs (credentials, rate limit, parsing and
// validation of path, query, body and headers, idempotency, routing, CORS): a request answered with one of
// these did not reach the operation. Any other answer (a 2xx, or the handler's own refusal) did.
const BEFORE_HANDLER = new Set([
  "missing_credentials", "invalid_authorization_header", "publishable_key_not_allowed", "invalid_api_key", "invalid_access_token",
  "api_key_required", "access_token_required", "rate_limit_exceeded", "parameter_invalid", "parameter_missing", "parameter_unknown",
  "invalid_request", "invalid_json", "request_too_large", "idempotency_key_reused", "idempotency_request_in_progress",
  "route_not_found", "method_not_allowed", "origin_not_allowed", "admin_secret_invalid",
]);
const VALIDATION = new Set(["parameter_invalid", "parameter_missing", "parameter_unknown", "invalid_request"]);
/**
 * Whether the operation itself ran: a 2xx; an answer none of the wrapper's checks gives; or a validation-like
 * refusal (a handler refuses with parameter_invalid too) of a request the operation's own schemas accept, so
 * the wrapper's validation passed it on.
 */
async function reachedHandler(op: Operation, url: string, options: CallOptions, res: CallResult) {
  if (res.status < 400) return true;
  const code = res.body?.error?.code;
  if (!BEFORE_HANDLER.has(code)) return true;
  if (!VALIDATION.has(code) || !isJsonBody(options)) return false;
  const target = new URL(url, "http://localhost");
  const { handler, params } = await resolveHandler(target.pathname, op.method);
  const accepts = (schema: { safeParse(v: unknown): { success: boolean } } | undefined, value: unknown) => !schema || schema.safeParse(value).success;
  return accepts(handler.meta.params, params) && accepts(handler.meta.query, Object.fromEntries(target.searchParams)) && accepts(handler.meta.body, options.body ?? {});
}
const isJsonBody = (options: CallOptions) => options.rawBody === undefined && !options.headers?.["idempotency-key"];

/**
 * The valid request of an operation, with the values the schemas give. When a rule beyond the schema asks for
 * an optional field (one of two fields required, …), the field the refusal names is filled in and the request
 * sent again, so the operation is reached.
 */
async function validRequest(op: Operation, params: Record<string, string>) {
  let body = op.body ? (validValue(op.body) as Record<string, unknown>) : undefined;
  for (let tries = 0; ; tries++) {
    const res = createRoutes.has(`${op.method} ${op.template}`) ? await twiceAtOnce(op, { params, body }) : await attempt(op, "valid request", a, { params, body });
    const param: string | undefined = res?.body?.error?.param;
    const field = param?.split(".")[0];
    const schema = field !== undefined ? resolve(op.body ?? {}).properties?.[field] : undefined;
    if (!res || res.status !== 400 || !body || !schema || tries === 4) return { res, body };
    // The schema's value if the field was left out, else the next string the schema accepts (a signature of
    // 65 bytes where any hex would do).
    const tried = JSON.stringify(body[field!]);
    const options = [validValue(schema, field), ...STRING_CANDIDATES.filter((c) => fits(resolve(schema), c))];
    const next = options.slice(options.findIndex((o) => JSON.stringify(o) === tried) + 1).find((o) => JSON.stringify(o) !== tried);
    if (next === undefined) return { res, body };
    body = { ...body, [field!]: next };
  }
}
let emails = 0;

// The create operations (POST answering 201) of the route table, so a new one is covered without edits here.
// Each is sent twice at once, same body, no idempotency_key: a duplicate must answer 2xx or a 4xx (409 where a
// unique constraint refuses it), never 5xx (a unique violation used to answer 500).
const createRoutes = new Set<string>();
const firedTwice = new Set<string>();
async function listCreateRoutes() {
  for (const { path, methods } of routeTable) {
    if (!methods.includes("POST")) continue;
    const post = (await routeModules[path]()).POST as { meta?: { status?: number } } | undefined;
    if (post?.meta?.status === 201) createRoutes.add(`POST ${path.replace(/\[(\w+)\]/g, "{$1}")}`);
  }
}
async function twiceAtOnce(op: Operation, request: Request) {
  firedTwice.add(`${op.method} ${op.template}`);
  const both = await Promise.all([attempt(op, "valid request", a, request), attempt(op, "valid request, twice at once", a, request)]);
  return both.find((res) => res && res.status < 300) ?? both[0];
}

beforeAll(async () => {
  doc = (await call("GET", "/v1/openapi.json")).body;
  await listCreateRoutes();
  receiver = await startReceiver();
  // Card billing against a local Stripe stand-in (no internet), so checkout, portal and invoices are fuzzed past
  // their configuration check; the webhook verifies with a secret the fuzzer does not know; the admin operations get the admin secret.
  stripe = await startStripeStandIn();
  Object.assign(process.env, { STRIPE_SECRET_KEY: "sk_test_fuzz", STRIPE_API_BASE: stripe.url, STRIPE_WEBHOOK_SECRET: "whsec_fuzz_only", BILLING_ADMIN_SECRET: ADMIN_SECRET });
  [a, b] = [await tenant("Fuzz A"), await tenant("Fuzz B")];
  for (const t of [a, b]) {
    const endpoint = await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url: receiver.url, events: ["*"] } });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
  }
  await seedRegulated(a);
  await seedConnectRecords(a);
  await seedGovernance(a);
  await seedVrf(a);
  for (const t of [a, b]) await seedConfidential(t);
  for (const t of [a, b]) await seedCryptoCheckout(t);
  // The newest token is the one the token operations are fuzzed on: an ERC20 (every operation applies).
  const token = await call("POST", "/v1/tokens", {
    token: a.apiKey,
    body: { name: "Fuzz", symbol: "FZZ", standard: "ERC20", network: "polygon_amoy", initial_supply: "1000", features: { mintable: true, burnable: true, pausable: true } },
  });
  expect(token.status, JSON.stringify(token.body)).toBe(201);
  expect((await settled(token.body.deploy_tx, 90_000)).status).toBe("confirmed");
  // A deployed vesting schedule of that token, so /v1/vesting/{id}/… is fuzzed on a real wallet.
  const vesting = await call("POST", "/v1/vesting", {
    token: a.apiKey, body: { token: token.body.id, beneficiary: "0x00000000000000000000000000000000000f0222", duration_seconds: 100, amount: "10" },
  });
  expect(vesting.status, JSON.stringify(vesting.body)).toBe(201);
  expect((await settled(vesting.body.deploy_transaction, 90_000)).status).toBe("confirmed");
  // And a deployed vault over it, so /v1/vaults/{id}/… is fuzzed on a real vault.
  const vault = await call("POST", "/v1/vaults", { token: a.apiKey, body: { asset: token.body.id, name: "Fuzz Vault", symbol: "vFZZ" } });
  expect(vault.status, JSON.stringify(vault.body)).toBe(201);
  expect((await settled(vault.body.deploy_transaction, 90_000)).status).toBe("confirmed");
  // With shares from a deposit (approve, then deposit), so /v1/vaults/{id}/operations/{operation_id} has a real id.
  const deposit = await call("POST", `/v1/vaults/${vault.body.id}/deposit`, { token: a.apiKey, body: { assets: "5" } });
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);
  expect((await settled(deposit.body.approve_transaction, 90_000)).status).toBe("confirmed");
  // A price feed consumer of the listed ETH-USD mock, so /v1/price_feeds/{pair}/… is fuzzed on a real consumer (the example pair).
  const ethUsd = (await call("GET", "/v1/price_feeds?network=polygon_amoy", { token: a.apiKey })).body.data.find((f: { pair: string }) => f.pair === "ETH-USD");
  const consumer = await call("POST", "/v1/price_feeds/consumers", {
    token: a.apiKey, body: { name: "Fuzz feed", network: "polygon_amoy", pair: "ETH-USD", price_feed_address: ethUsd.price_feed_address },
  });
  expect(consumer.status, JSON.stringify(consumer.body)).toBe(201);
  expect((await settled(consumer.body.deploy_transaction, 90_000)).status).toBe("confirmed");
  // A deployed Safe with one proposal, so /v1/multisigs/{id}/… and …/transactions/{txIndex}/… are fuzzed on real records.
  const multisig = await call("POST", "/v1/multisigs", {
    token: a.apiKey, body: { name: "Fuzz Safe", network: "polygon_amoy", owners: ["0x00000000000000000000000000000000000f0223", "0x00000000000000000000000000000000000f0224"], threshold: 1 },
  });
  expect(multisig.status, JSON.stringify(multisig.body)).toBe(201);
  expect((await settled(multisig.body.deploy_transaction, 90_000)).status).toBe("confirmed");
  const proposal = await call("POST", `/v1/multisigs/${multisig.body.id}/transactions`, { token: a.apiKey, body: { to: "0x00000000000000000000000000000000000f0225" } });
  expect(proposal.status, JSON.stringify(proposal.body)).toBe(201);
  await receiver.waitFor(1);
  // The newest key is the one operations on /v1/api_keys/{id} act on (rotate, revoke): not the fuzzer's own.
  for (const t of [a, b]) expect((await call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "victim" } })).status).toBe(201);
}, 120_000);

afterAll(async () => {
  receiver?.close();
  await stripe?.close();
});

it("no operation answers 5xx to hostile input, and every 4xx is the error envelope", async () => {
  const operations = listOperations();
  const aIds = new Map<string, unknown>();
  const bIds = new Map<string, unknown>();
  // Ids are looked up before anything is fuzzed, so they are the seeded resources, not ones the fuzzing creates.
  const prepared = [];
  for (const op of operations) prepared.push({ op, aParams: await realParams(op, a, aIds), bParams: await realParams(op, b, bIds) });
  const started = Date.now();
  for (const { op, aParams, bParams } of prepared) {
    tally.set(`${op.method} ${op.template}`, { requests: 0, ok: 0, clientErrors: 0, reached: 0, statuses: new Set() });
    const { res: own, body: ownBody } = await validRequest(op, fill(op, aParams));
    await isolation(op, own, aParams, bParams, ownBody);
    await pooled(cases(op, fill(op, aParams)).map(([label, request]) => () => attempt(op, label, a, request)));
  }
  printTally(Date.now() - started);
  // Every operation of the document was reached in this run: at least one request got past the wrapper's
  // checks to the operation itself (see BEFORE_HANDLER).
  const notReached = [...tally.entries()].filter(([, s]) => !s.reached).map(([k, s]) => `${k}: the valid request → ${s.valid}`);
  console.log(`fuzz: operations covered ${tally.size - notReached.length} of ${operations.length}${notReached.length ? `; not reached:\n  ${notReached.join("\n  ")}` : ""}`);
  expect(tally.size).toBe(operations.length);
  expect(notReached).toEqual([]);
  expect([...problems.values()]).toEqual([]);
  // Every create operation of the route table was sent twice at once (see twiceAtOnce).
  if (!process.env.FUZZ_ONLY) expect([...createRoutes].filter((route) => !firedTwice.has(route))).toEqual([]);
  // Every operation on a tenant's resource was asked for by the other tenant.
  const owned = operations.filter((op) => op.credential !== "none" && op.params.some((p) => p.in === "path") && !SHARED_RESOURCES.includes(op.template));
  expect(owned.filter((op) => !isolated.has(`${op.method} ${op.template}`)).map((op) => `${op.method} ${op.template}`)).toEqual([]);
}, 900_000); // ~4 min on an idle 2-core machine; much longer when it is loaded

/**
 * A's records of the regulated-token areas, so their operations are fuzzed with real ids and asked for by
 * B: an ERC3643 token, an investor identity, a trusted issuer and a claim topic on it, and a
 * configuration-only compliance module.
 */
/** A's governance instance (on a votes token of its own) with one proposal, so /v1/governance/{id}/… is fuzzed on real contracts. */
async function seedGovernance(t: Tenant) {
  const created = async (path: string, body: object) => {
    const res = await call("POST", path, { token: t.apiKey, body });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
    return res.body;
  };
  const votes = await created("/v1/tokens", { name: "Fuzz Votes", symbol: "FZV", standard: "ERC20", network: "polygon_amoy", initial_supply: "1000", features: { votes: true } });
  expect((await settled(votes.deploy_tx, 90_000)).status).toBe("confirmed");
  const g = await created("/v1/governance", { name: "Fuzz DAO", token: votes.id, voting_delay: 1, voting_period: 100, min_delay: 0 });
  for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 200))) {
    const now = await call("GET", `/v1/governance/${g.id}`, { token: t.apiKey });
    if (now.body.status === "active") break;
    expect(now.body.status).not.toBe("failed");
    expect(Date.now() - started).toBeLessThan(90_000);
  }
  await settled((await created(`/v1/governance/${g.id}/delegate`, { delegatee: "0x00000000000000000000000000000000000f0333" })).id, 90_000);
  const proposal = await created(`/v1/governance/${g.id}/proposals`, { targets: ["0x00000000000000000000000000000000000f0333"], calldatas: ["0x"], description: "Fuzz proposal" });
  expect((await settled(proposal.transaction.id, 90_000)).status).toBe("confirmed");
}

/** A's VRF consumer with one request, so /v1/vrf/consumers/{id}/… and /v1/vrf/requests/{id}/… are fuzzed on real records. */
async function seedVrf(t: Tenant) {
  const consumer = await call("POST", "/v1/vrf/consumers", {
    token: t.apiKey,
    body: { name: "Fuzz VRF", network: "polygon_amoy", vrf_coordinator: localCoordinator(), key_hash: LOCAL_VRF_KEY_HASH, subscription_id: await localSubscriptionId("polygon_amoy") },
  });
  expect(consumer.status, JSON.stringify(consumer.body)).toBe(201);
  expect((await settled(consumer.body.deploy_transaction, 90_000)).status).toBe("confirmed");
  const request = await call("POST", "/v1/vrf/requests", { token: t.apiKey, body: { consumer_id: consumer.body.id, num_words: 1, network: "polygon_amoy" } });
  expect(request.status, JSON.stringify(request.body)).toBe(201);
  expect((await settled(request.body.transaction, 90_000)).status).toBe("confirmed");
}

/**
 * A decrypt request of each tenant (the opt-in feature on, the local test gateway as its gateway), so
 * /v1/confidential/decrypt_requests/{id}/… is fuzzed on real records; that collection has no list operation.
 */
// Collections with no list operation of their own: the seeded record's id per tenant.
const seededIds = new Map<string, Map<string, string>>();
async function seedConfidential(t: Tenant) {
  const on = await call("POST", "/v1/tenant-features/confidential_decrypt", { token: t.apiKey, body: { enabled: true, config: { gateway_signer: LOCAL_GATEWAY_SIGNER } } });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  const request = await call("POST", "/v1/confidential/decrypt_requests", {
    token: t.apiKey, body: { handle: `0x${"ab".repeat(32)}`, contract_address: "0x00000000000000000000000000000000000f0444", network: "polygon_amoy" },
  });
  expect(request.status, JSON.stringify(request.body)).toBe(201);
  const collection = "/v1/confidential/decrypt_requests";
  if (!seededIds.has(collection)) seededIds.set(collection, new Map());
  seededIds.get(collection)!.set(t.id, request.body.id);
}

async function seedRegulated(t: Tenant) {
  const created = async (path: string, body: object) => {
    const res = await call("POST", path, { token: t.apiKey, body });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
    return res.body;
  };
  const token = await created("/v1/tokens", { name: "Fuzz Regulated", symbol: "FZR", standard: "ERC3643", network: "polygon_amoy", decimals: 0 });
  expect((await settled(token.deploy_tx, 90_000)).status).toBe("confirmed");
  const suite = (await call("GET", `/v1/tokens/${token.id}`, { token: t.apiKey })).body.regulated;
  await created("/v1/identities", { token_id: token.id, wallet: "0x00000000000000000000000000000000000f0221", country: "FR" });
  await created("/v1/trusted_issuers", { token_id: token.id, issuer: suite.identity_registry, claim_topics: ["1"] });
  await created("/v1/claim_topics", { token_id: token.id, topic: "1" });
  await created("/v1/compliance/modules", { kind: "MaxBalanceModule", on_chain: false, max_balance: "10" });
}

/**
 * A's Connect records: a smart account with an operation awaiting its signature, a recovery request, a passkey
 * and a paymaster. Operations ({userOpHash}) and recovery requests ({requestId}) are listed by no collection:
 * those come from here.
 */
const seededOperations = new Map<string, string>();
const seededRecoveries = new Map<string, string>();
/** A crypto checkout of the tenant: /v1/billing/crypto_checkout/{id} has no list to find ids in. */
async function seedCryptoCheckout(t: Tenant) {
  const res = await call("POST", "/v1/billing/crypto_checkout", { token: t.accessToken, body: { plan: "growth", currency: "USDC", network: "polygon_amoy" } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (!seededIds.has("/v1/billing/crypto_checkout")) seededIds.set("/v1/billing/crypto_checkout", new Map());
  seededIds.get("/v1/billing/crypto_checkout")!.set(t.id, res.body.id);
}
async function seedConnectRecords(t: Tenant) {
  const seeded = await seedConnect({ id: t.id, apiKey: t.apiKey });
  seededOperations.set(t.id, seeded.userOpHash);
  seededRecoveries.set(t.id, (await seedRecovery(t, seeded.address, seeded.chainId)).requestId);
  const key = softAuthenticator();
  const passkey = await call("POST", "/v1/connect/passkeys", {
    token: t.apiKey,
    body: { address: seeded.address, chain_id: seeded.chainId, credential_id: key.credentialId, public_key: key.publicKey },
  });
  expect(passkey.status, JSON.stringify(passkey.body)).toBe(201);
  // A deployed VerifyingPaymaster (EntryPoint v0.7 sample) whose signer the tenant registers.
  const signer = generatePrivateKey();
  const deployer = await account(true);
  const paymasterArtifact = JSON.parse(readFileSync(createRequire(import.meta.url).resolve("@account-abstraction/contracts/artifacts/VerifyingPaymaster.json"), "utf8"));
  const address = await deployContract(deployer.wallet, paymasterArtifact.abi, paymasterArtifact.bytecode, [connectBase().entryPoint, privateKeyToAddress(signer)]);
  const paymaster = await call("POST", "/v1/connect/paymasters", { token: t.apiKey, body: { address, chain_id: seeded.chainId, signer_private_key: signer } });
  expect(paymaster.status, JSON.stringify(paymaster.body)).toBe(201);
}

// ---------- the document ----------

function listOperations(): Operation[] {
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries<any>(doc.paths)) {
    for (const [method, spec] of Object.entries<any>(item)) {
      const security: Record<string, string[]>[] = spec.security ?? [];
      const credential: Credential = security.some((s) => "apiKey" in s) ? "apiKey" : security.some((s) => "session" in s) ? "session" : "none";
      const body = spec.requestBody?.content?.["application/json"]?.schema;
      operations.push({ method: method.toUpperCase(), template, credential, params: spec.parameters ?? [], body: body && resolve(body) });
    }
  }
  // FUZZ_ONLY=<regex> (e.g. "POST /v1/connect"): only the matching operations, while working on them.
  const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;
  // Destructive operations last, so the resources they remove are still there for the others.
  return operations.filter((op) => !only || only.test(`${op.method} ${op.template}`)).sort((x, y) => Number(x.method === "DELETE") - Number(y.method === "DELETE"));
}

function resolve(schema: Schema): Schema {
  if (!schema?.$ref) return schema ?? {};
  return resolve(doc.components.schemas[schema.$ref.replace("#/components/schemas/", "")]);
}

/** A value the schema accepts, taken from the schema itself (const, example, default, enum, format, bounds). */
function validValue(raw: Schema, name?: string): unknown {
  const schema = resolve(raw);
  // A URL that answers (webhook endpoints): deliveries to the example's host would each wait seconds on DNS here.
  if (name === "url" && receiver) return receiver.url;
  if ("const" in schema) return schema.const;
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (union) return validValue(union[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries((schema.required ?? []).map((k: string) => [k, validValue(schema.properties[k], k)]));
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => validValue(schema.items ?? {}));
    case "integer":
    case "number":
      return Math.max(schema.minimum ?? 1, 1);
    case "boolean":
      return true;
    case "string":
      if (schema.format === "email") return `fuzz${Date.now()}-${++emails}@example.com`;
      if (name === "network" && fits(schema, "polygon_amoy")) return "polygon_amoy"; // a free-form network name: the local chain's
      return (schema.pattern && STRING_CANDIDATES.find((c) => fits(schema, c))) || "x".repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return {};
  }
}

// For a string with a pattern and no example: the first of these the schema accepts (an address, a hash, a
// signature's length, hex bytes, a number, a JWT's shape, a network), so the request gets past validation.
const STRING_CANDIDATES = [
  "0x00000000000000000000000000000000000f0226", `0x${"ab".repeat(65)}`, `0x${"ab".repeat(32)}`, "0x", "1", "80002", "polygon_amoy",
  "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJmdXp6In0.c2ln", "x",
];
const fits = (schema: Schema, value: string) =>
  value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity) && (schema.pattern === undefined || new RegExp(schema.pattern, "u").test(value));

const accepts = (schema: Schema, value: unknown) =>
  typeof value === "string" &&
  (schema.pattern === undefined || new RegExp(schema.pattern, "u").test(value)) &&
  value.length <= (schema.maxLength ?? Infinity);

/**
 * Real ids of `tenant` for the operation's path parameters: the first item listed by the collection the
 * parameter sits under (`/v1/tokens/{id}` → GET /v1/tokens), when that collection has a list operation.
 */
async function realParams(op: Operation, t: Tenant, memo: Map<string, unknown>) {
  const found: Record<string, string | undefined> = {};
  const segments = op.template.split("/");
  for (const [i, segment] of segments.entries()) {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!name) continue;
    if (name === "userOpHash" || name === "requestId") {
      found[name] = (name === "userOpHash" ? seededOperations : seededRecoveries).get(t.id);
      continue;
    }
    const collection = segments.slice(0, i).join("/");
    const seeded = seededIds.get(collection)?.get(t.id);
    if (seeded) {
      found[name] = seeded;
      continue;
    }
    const list = doc.paths[collection]?.get;
    const url = collection.replace(/\{(\w+)\}/g, (_, n) => encodeURIComponent(found[n] ?? ""));
    if (list && !memo.has(url)) {
      const credential = list.security?.some((s: object) => "apiKey" in s) ? t.apiKey : t.accessToken;
      const res = await call("GET", url, { token: credential, ip: freshIp() });
      memo.set(url, res.body?.data?.[0]);
    }
    // The item's field named like the parameter ({address} → address, {credentialId} → credential_id), else its id.
    const item = memo.get(url) as Record<string, unknown> | undefined;
    const id = (item?.[name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] ?? item?.id) as string | undefined;
    const schema = op.params.find((p) => p.in === "path" && p.name === name)?.schema ?? {};
    found[name] = accepts(schema, id) ? id : undefined;
  }
  return found;
}

/** The path parameters: the real ids found, else a value the parameter's schema accepts. */
function fill(op: Operation, real: Record<string, string | undefined>) {
  const params: Record<string, string> = {};
  for (const p of op.params.filter((p) => p.in === "path")) params[p.name] = encodeURIComponent(String(real[p.name] ?? validValue(p.schema)));
  return params;
}

// ---------- the requests ----------

interface Request {
  params: Record<string, string>;
  query?: string;
  body?: unknown;
  rawBody?: string | Uint8Array<ArrayBuffer>;
  token?: string | null;
  headers?: Record<string, string>;
}

function cases(op: Operation, params: Record<string, string>): [string, Request][] {
  const out: [string, Request][] = [];
  if (op.credential !== "none") {
    const wrongKind = op.credential === "apiKey" ? a.accessToken : a.apiKey;
    out.push(["no credential", { params, token: null }], ["other credential kind", { params, token: wrongKind }]);
    out.push(["publishable key", { params, token: a.publishable }], ["garbage bearer", { params, token: "x".repeat(5000) }]);
    out.push(["basic auth", { params, token: null, headers: { authorization: "Basic YTpi" } }]);
    out.push(["revoked-looking key", { params, token: "sk_test_" + "0".repeat(32) }], ["forged jwt", { params, token: "eyJhbGciOiJub25lIn0.e30." }]);
  }
  for (const p of op.params.filter((p) => p.in === "path")) {
    for (const value of HOSTILE_PATH) out.push([`path ${p.name}=${short(value)}`, { params: { ...params, [p.name]: value } }]);
  }
  const queryParams = op.params.filter((p) => p.in === "query");
  for (const p of queryParams) {
    for (const value of HOSTILE_QUERY) out.push([`query ${p.name}=${short(value)}`, { params, query: `${p.name}=${value}` }]);
    out.push([`query ${p.name} twice`, { params, query: `${p.name}=1&${p.name}=2` }], [`query ${p.name}[]`, { params, query: `${p.name}[]=1` }]);
  }
  out.push(["unknown query parameter", { params, query: "unknown_parameter=1" }], ["NUL query name", { params, query: "%00=1" }]);
  if (op.body) out.push(...bodyCases(op.body, params));
  if (WRITES.has(op.method)) {
    for (const raw of RAW_BODIES) out.push([`raw body ${short(typeof raw === "string" ? raw : "<invalid utf-8>")}`, { params, rawBody: raw }]);
    for (const value of HOSTILE_HEADERS) {
      out.push([`Idempotency-Key ${short(value)}`, { params, body: op.body ? validValue(op.body) : undefined, headers: { "idempotency-key": value } }]);
    }
  }
  return out;
}

function bodyCases(schema: Schema, params: Record<string, string>): [string, Request][] {
  const valid = validValue(schema) as Record<string, unknown>;
  const out: [string, Request][] = [
    ["body as array", { params, body: [valid] }],
    ["unknown field", { params, body: { ...valid, unknown_field: 1 } }],
    ["NUL field name", { params, body: { ...valid, "\u0000": 1 } }],
    ["long field name", { params, body: { ...valid, ["k".repeat(5000)]: 1 } }],
  ];
  const fields = slots(schema, []);
  // Every enum value is valid: each one may lead somewhere else (another standard, another method).
  const variants = fields.flatMap(([path, slot]) => (slot.enum ?? []).slice(1).map((value: unknown) => ({ path, body: setAt(valid, path, value) })));
  for (const variant of variants) out.push([`body ${variant.path.join(".")}=${short(getAt(variant.body, variant.path))}`, { params, body: variant.body }]);
  for (const [path, slot] of fields) {
    for (const value of HOSTILE_VALUES) out.push([`body ${path.join(".")}=${short(value)}`, { params, body: setAt(valid, path, value) }]);
    const siblings = variants.filter((v) => v.path.slice(0, -1).join() === path.slice(0, -1).join()).map((v) => v.body);
    for (const base of [valid, ...siblings]) {
      const deep = JSON.stringify(setAt(base, path, "<deep>")).replace('"<deep>"', DEEP_JSON);
      out.push([`body ${path.join(".")}=<nested 5000 deep>`, { params, rawBody: deep }]);
    }
    if (slot.additionalProperties && typeof slot.additionalProperties === "object") {
      const entry = validValue(slot.additionalProperties);
      for (const key of HOSTILE_STRINGS) out.push([`body ${path.join(".")} key ${short(key)}`, { params, body: setAt(valid, path, { [key]: entry }) }]);
    }
  }
  return out;
}

/** Every field of a body schema: top-level, nested object fields and array items (as index 0). */
function slots(raw: Schema, at: (string | number)[]): [(string | number)[], Schema][] {
  const schema = resolve(raw);
  const variant = resolve((schema.anyOf ?? schema.oneOf ?? schema.allOf)?.[0] ?? schema);
  const out: [(string | number)[], Schema][] = at.length ? [[at, variant]] : [];
  if (at.length > 3) return out;
  for (const [name, sub] of Object.entries<Schema>(variant.properties ?? {})) out.push(...slots(sub, [...at, name]));
  if (variant.items) out.push(...slots(variant.items, [...at, 0]));
  return out;
}

function setAt(base: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (typeof head === "number") return [setAt(Array.isArray(base) ? base[0] : undefined, rest, value)];
  const object = base && typeof base === "object" && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
  return { ...object, [head]: setAt(object[head], rest, value) };
}

const getAt = (base: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>((value, key) => (value as Record<string | number, unknown> | undefined)?.[key], base);

function urlOf(op: Operation, request: Request) {
  const path = op.template.replace(/\{(\w+)\}/g, (_, name) => request.params[name]);
  const required = op.params
    .filter((p) => p.in === "query" && p.required)
    .map((p) => `${p.name}=${encodeURIComponent(String(validValue(p.schema, p.name)))}`);
  const query = [...required, request.query].filter(Boolean).join("&");
  return query ? `${path}?${query}` : path;
}

async function attempt(op: Operation, label: string, t: Tenant, request: Request): Promise<CallResult | undefined> {
  const stats = tally.get(`${op.method} ${op.template}`)!;
  stats.requests++;
  const token = request.token === undefined ? credentialOf(op, t) : request.token ?? undefined;
  const headers = ADMIN_OPERATIONS.has(op.template) ? { "x-admin-secret": ADMIN_SECRET, ...request.headers } : request.headers;
  const options: CallOptions = { token, ip: freshIp(), headers, rawBody: request.rawBody };
  if (request.body !== undefined) options.body = request.body;
  else if (op.body && request.rawBody === undefined) options.body = validValue(op.body);
  await resetRateLimits();
  let res: CallResult;
  try {
    res = await call(op.method, urlOf(op, request), options);
  } catch (error) {
    report(op, label, `threw ${(error as Error).message.slice(0, 500)}`);
    return undefined;
  }
  if (res.status < 400) stats.ok++;
  else if (res.status < 500) stats.clientErrors++;
  if (await reachedHandler(op, urlOf(op, request), options, res)) stats.reached++;
  stats.statuses.add(res.status < 400 ? String(res.status) : `${res.status} ${res.body?.error?.code}`);
  if (label === "valid request") stats.valid = `${res.status} ${JSON.stringify(res.body?.error ?? "").slice(0, 240)}`;
  if (res.status >= 500) report(op, label, `${res.status} ${JSON.stringify(res.body)}`);
  else if (res.status >= 400) {
    const wrong = envelopeProblem(res);
    if (wrong) report(op, label, `${res.status}: ${wrong}: ${JSON.stringify(res.body).slice(0, 300)}`);
  }
  if (label === "no credential" && res.status !== 401) report(op, label, `expected 401, got ${res.status}`);
  return res;
}

const credentialOf = (op: Operation, t: Tenant) => (op.credential === "apiKey" ? t.apiKey : op.credential === "session" ? t.accessToken : undefined);

function envelopeProblem(res: CallResult): string | null {
  const types: string[] = resolve(doc.components.schemas.Error).properties.error.properties.type.enum;
  const body = res.body;
  if (!body || typeof body !== "object" || Object.keys(body).join() !== "error") return "body is not {error}";
  const { type, code, message, status, param, ...others } = body.error ?? {};
  // Optional fields the Error schema documents (e.g. `proposal` of governance_only) are allowed.
  const documented = Object.keys(resolve(doc.components.schemas.Error).properties.error.properties);
  const extra = Object.keys(others).filter((k) => !documented.includes(k));
  if (extra.length) return `extra fields ${extra}`;
  if (!types.includes(type)) return `type ${type} is not one of ${types}`;
  if (typeof code !== "string" || !code || typeof message !== "string" || !message) return "code and message must be non-empty strings";
  if (status !== res.status) return `error.status ${status} differs from HTTP ${res.status}`;
  if (param !== undefined && typeof param !== "string") return "param must be a string";
  // Validation speaks our words (lib/schemas/validation.ts issueMessage), never zod's defaults.
  if (/Invalid input|expected \w+, received|received NaN|Too (big|small)|Invalid option/.test(message)) return `zod's wording in the message`;
  return null;
}

/**
 * Tenant isolation: B asking for A's resources, and A asking for B's, is 404 — unless the same request
 * with the caller's own ids is refused before any lookup (400), in which case the same refusal is fine.
 */
async function isolation(op: Operation, own: CallResult | undefined, aParams: Record<string, string | undefined>, bParams: Record<string, string | undefined>, body?: unknown) {
  const pathParams = op.params.filter((p) => p.in === "path");
  if (!pathParams.length || op.credential === "none" || !own || SHARED_RESOURCES.includes(op.template)) return;
  const check = async (label: string, t: Tenant, params: Record<string, string>) => {
    const res = await attempt(op, label, t, { params, body }); // the body of A's valid request
    isolated.add(`${op.method} ${op.template}`);
    if (!res || res.status === 404) return;
    if (own.status === 400 && res.status === 400 && res.body?.error?.code === own.body?.error?.code) return;
    report(op, label, `expected 404, got ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  };
  if (pathParams.some((p) => aParams[p.name] !== undefined)) await check("tenant B with A's ids", b, fill(op, aParams));
  for (const p of pathParams) {
    if (bParams[p.name] === undefined || bParams[p.name] === aParams[p.name]) continue;
    await check(`tenant A with B's ${p.name}`, a, { ...fill(op, aParams), [p.name]: encodeURIComponent(bParams[p.name]!) });
  }
}

// ---------- plumbing ----------

async function tenant(name: string): Promise<Tenant> {
  const t = await newTenant(name);
  return { id: t.auth.tenant.id, apiKey: t.apiKey, accessToken: t.accessToken, publishable: t.key.publishable };
}

// Thousands of requests from two tenants: the limiter is reset so every case reaches the checks behind it.
// The pooled requests take slots while this runs; a deadlock with one of them only means "try again".
async function resetRateLimits() {
  for (;;) {
    try {
      await pool.query("DELETE FROM rate_limit_windows WHERE key LIKE '%:' || $1 OR key LIKE '%:' || $2", [a.id, b.id]);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "40P01") throw error;
    }
  }
}

async function pooled(tasks: (() => Promise<unknown>)[], width = 4) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < tasks.length) await tasks[next++]();
  }));
}

function report(op: Operation, label: string, what: string) {
  const key = `${op.method} ${op.template} ${label.split("=")[0]}`;
  if (!problems.has(key)) problems.set(key, `${op.method} ${op.template} [${label}] → ${what}`);
}

const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 24 ? `${text.slice(0, 21)}…(${text.length})` : text;
};

function printTally(ms: number) {
  const rows = [...tally.entries()];
  const width = Math.max(...rows.map(([k]) => k.length));
  const lines = rows.map(([k, s]) => `${k.padEnd(width)}  ${String(s.requests).padStart(5)}  ${String(s.ok).padStart(4)}  ${String(s.clientErrors).padStart(5)}  ${String(s.reached).padStart(7)}`);
  const total = rows.reduce((n, [, s]) => n + s.requests, 0);
  console.log(
    [`${"operation".padEnd(width)}  tried   2xx    4xx  reached`, ...lines, `${"total".padEnd(width)}  ${String(total).padStart(5)}   (${rows.length} operations, ${(ms / 1000).toFixed(1)} s)`].join("\n"),
  );
}
