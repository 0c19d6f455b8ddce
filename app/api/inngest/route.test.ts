// Attack prevented: anyone who can reach the app calling Inngest functions through /api/inngest (for
// example running process-wallet with a forged event to fail another tenant's transaction). The
// route answers only Inngest Cloud, with a signing key; everywhere else it is a 404 in the API envelope.
import { afterEach, describe, expect, it } from "vitest";
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

const saved = { event: process.env.INNGEST_EVENT_KEY, signing: process.env.INNGEST_SIGNING_KEY };
afterEach(() => {
  for (const [name, value] of [["INNGEST_EVENT_KEY", saved.event], ["INNGEST_SIGNING_KEY", saved.signing]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
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

  it("is handed to Inngest's serve() in cloud mode with a signing key", async () => {
    process.env.INNGEST_SIGNING_KEY = "signkey-test-0123456789abcdef";
    const response = await route.GET(new Request("http://localhost/api/inngest"), undefined);
    expect(response.status).not.toBe(404);
  });
});
