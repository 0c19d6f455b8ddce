// Attack prevented: anyone who can reach the app calling Inngest functions through /api/inngest (for
// example running process-wallet with a forged event to fail another tenant's transaction). The
// route answers only Inngest Cloud, with a signing key; everywhere else it is a 404 in the API envelope.
// In cloud mode the SDK checks X-Inngest-Signature: these tests sign requests themselves, the way Inngest
// does (HMAC-SHA256 of the canonical JSON body followed by the timestamp, keyed with the signing key
// without its `signkey-<env>-` prefix), and check what is refused and what is served.
import { createHash, createHmac } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as route from "./route";

const functionCall = () =>
  new Request("http://localhost/api/inngest?fnId=token-platform-process-wallet&stepId=step", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "127.0.0.1" },
    body: JSON.stringify({
      event: { name: "transaction/requested", data: { transactionId: "tx_someone_else" } },
      events: [{ name: "transaction/requested", data: { transactionId: "tx_someone_else" } }],
      steps: {},
      ctx: { run_id: "run_forged", attempt: 0, max_attempts: 1, disable_immediate_execution: false, use_api: false, stack: { stack: [], current: 0 } },
    }),
  });

async function expectNotFound(response: Response) {
  expect(response.status).toBe(404);
  const body = await response.json();
  expect(body.error).toMatchObject({ type: "invalid_request_error", status: 404 });
}

const ENV = ["INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_SIGNING_KEY_FALLBACK", "INNGEST_DEV", "INNGEST_DEV_EXECUTOR", "NODE_ENV"] as const;
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else (process.env as Record<string, string>)[name] = saved[name]!;
  }
});

describe("/api/inngest", () => {
  it("is 404 for every method in embedded mode: a forged function call never runs", async () => {
    await expectNotFound(await route.POST(functionCall(), undefined));
    await expectNotFound(await route.GET(new Request("http://localhost/api/inngest", { headers: { "x-forwarded-for": "127.0.0.1" } }), undefined));
    await expectNotFound(await route.PUT(new Request("http://localhost/api/inngest", { method: "PUT", headers: { "x-forwarded-for": "127.0.0.1" } }), undefined));
  });

  it("is 404 in cloud mode without a signing key (unsigned calls would be accepted)", async () => {
    process.env.INNGEST_EVENT_KEY = "evt_test_only";
    delete process.env.INNGEST_SIGNING_KEY;
    await expectNotFound(await route.POST(functionCall(), undefined));
    await expectNotFound(await route.GET(new Request("http://localhost/api/inngest"), undefined));
  });
});

// A signing key shaped like Inngest's: a prefix naming the environment, then hex.
const SIGNING_KEY = `signkey-prod-${"5f".repeat(32)}`;
const OTHER_KEY = `signkey-prod-${"a1".repeat(32)}`;

/** JSON with keys sorted at every level: the canonical form (RFC 8785) of what these tests send. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function sign(body: string, key: string, ts = Math.floor(Date.now() / 1000)) {
  const mac = createHmac("sha256", key.replace(/^signkey-\w+-/, "")).update(body).update(String(ts)).digest("hex");
  return `t=${ts}&s=${mac}`;
}

const stepId = (id: string) => createHash("sha1").update(id).digest("hex");

/**
 * A call of reconcile-transactions whose one step ("reconcile") is already memoised, as Inngest sends it
 * when the run resumes: the function answers the memoised value and touches nothing.
 */
function reconcileCall(signature?: string, body = reconcileBody()) {
  return new Request("https://platform.example/api/inngest?fnId=token-platform-reconcile-transactions&stepId=step", {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature ? { "x-inngest-signature": signature } : {}) },
    body,
  });
}

function reconcileBody(memoised: unknown = { redispatched: 7, from: "memo" }) {
  const event = { name: "inngest/scheduled.timer", data: { cron: "* * * * *" }, id: "evt_cron_1", ts: 1_700_000_000_000 };
  return canonical({
    event,
    events: [event],
    steps: { [stepId("reconcile")]: { type: "data", data: memoised } },
    ctx: { run_id: "01JSIGNEDRUN", attempt: 0, max_attempts: 1, disable_immediate_execution: false, use_api: false, stack: { stack: [stepId("reconcile")], current: 1 } },
    version: 1,
  });
}

/** The route as Vercel loads it: a fresh module graph in a process whose environment has the Inngest keys. */
async function cloudRoute(fallbackKey?: string) {
  process.env.INNGEST_SIGNING_KEY = SIGNING_KEY;
  process.env.INNGEST_EVENT_KEY = "evt_key_for_tests_only";
  (process.env as Record<string, string>).NODE_ENV = "production";
  delete process.env.INNGEST_DEV;
  delete process.env.INNGEST_DEV_EXECUTOR;
  if (fallbackKey) process.env.INNGEST_SIGNING_KEY_FALLBACK = fallbackKey;
  else delete process.env.INNGEST_SIGNING_KEY_FALLBACK;
  vi.resetModules();
  const { inngest } = await import("@/lib/jobs/client");
  expect(inngest.mode).toBe("cloud"); // isDev is off: the SDK checks every signature
  return import("./route");
}

describe("/api/inngest in cloud mode (INNGEST_SIGNING_KEY set, dev mode off)", () => {
  it("refuses a function call that is unsigned, signed with another key, for another body, or too old", async () => {
    const cloud = await cloudRoute();
    const body = reconcileBody();
    const refused = [
      reconcileCall(undefined, body),
      reconcileCall("t=1700000000", body), // no s=
      reconcileCall(sign(body, OTHER_KEY), body),
      reconcileCall(sign(reconcileBody({ redispatched: 0 }), SIGNING_KEY), body), // signature of another body
      reconcileCall(sign(body, SIGNING_KEY, Math.floor(Date.now() / 1000) - 6 * 60), body), // older than 5 minutes
      reconcileCall(sign(body, SIGNING_KEY).replace(/s=(.)/, (_, c) => `s=${c === "0" ? "1" : "0"}`), body),
    ];
    for (const request of refused) {
      const response = await cloud.POST(request, undefined);
      expect(response.status, request.headers.get("x-inngest-signature") ?? "unsigned").toBe(401);
      expect(response.headers.get("x-inngest-signature")).toBeNull();
      expect(await response.text()).not.toContain("memo");
    }
    // Unsigned introspection gets nothing about the app.
    const get = await cloud.GET(new Request("https://platform.example/api/inngest"), undefined);
    expect(get.status).toBe(401);
  });

  it("serves a correctly signed call and signs its answer with the same key", async () => {
    const cloud = await cloudRoute();
    const body = reconcileBody();
    const response = await cloud.POST(reconcileCall(sign(body, SIGNING_KEY), body), undefined);
    const text = await response.text();
    expect(response.status, text).toBe(200);
    expect(JSON.parse(text)).toEqual({ redispatched: 7, from: "memo" });
    // Inngest checks the answer's signature too: HMAC of the body it got and the answer's timestamp.
    const answer = new URLSearchParams(response.headers.get("x-inngest-signature") ?? "");
    expect(answer.get("s")).toBe(sign(text, SIGNING_KEY, Number(answer.get("t"))).split("&s=")[1]);

    // Signed introspection authenticates and names the app.
    const introspection = await cloud.GET(new Request("https://platform.example/api/inngest", { headers: { "x-inngest-signature": sign("", SIGNING_KEY) } }), undefined);
    expect(introspection.status).toBe(200);
    expect(await introspection.json()).toMatchObject({ authentication_succeeded: true, mode: "cloud", app_id: "token-platform", has_signing_key: true });
  });

  it("accepts the fallback key while a signing key is being rotated", async () => {
    const rotated = await cloudRoute(OTHER_KEY);
    const body = reconcileBody();
    expect((await rotated.POST(reconcileCall(sign(body, SIGNING_KEY), body), undefined)).status).toBe(200);
    expect((await rotated.POST(reconcileCall(sign(body, OTHER_KEY), body), undefined)).status).toBe(200);
    expect((await rotated.POST(reconcileCall(sign(body, `signkey-prod-${"77".repeat(32)}`), body), undefined)).status).toBe(401);
  });
});
