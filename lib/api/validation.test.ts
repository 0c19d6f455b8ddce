// Strings PostgreSQL cannot store are refused before any schema or database sees them, naming the field;
// names refuse control characters while free text keeps its line breaks. (test/fuzz.test.ts walks every
// operation with such values; these pin the answer a client gets.)
import { describe, expect, it } from "vitest";
import { call, newTenant } from "@/test/client";

const expectInvalid = (res: { status: number; body: any }, param: string | undefined, code = "parameter_invalid") => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error).toMatchObject({ type: "invalid_request_error", code, status: 400 });
  expect(res.body.error.param).toBe(param);
};

describe("unstorable strings and control characters", () => {
  it("NUL and lone surrogates anywhere in a request are a 400 naming the field", async () => {
    const t = await newTenant();
    const token = { name: "Fuzz", symbol: "FZZ", standard: "ERC20", network: "polygon_amoy" };
    expectInvalid(await call("POST", "/v1/tokens", { token: t.apiKey, body: { ...token, symbol: "F\u0000Z" } }), "symbol");
    expectInvalid(await call("POST", "/v1/tokens", { token: t.apiKey, body: { ...token, idempotency_key: "k\u0000" } }), "idempotency_key");
    expectInvalid(await call("POST", "/v1/tokens", { token: t.apiKey, body: { ...token, name: "\ud800" } }), "name");
    const hook = { url: "https://example.com/hooks", events: ["*"] };
    expectInvalid(await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { ...hook, metadata: { "a\u0000": "x" } } }), "metadata");
    expectInvalid(await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { ...hook, description: "x\udfff" } }), "description");
    expectInvalid(await call("GET", "/v1/tokens?starting_after=%00", { token: t.apiKey }), "starting_after");
    expectInvalid(await call("GET", "/v1/webhook_endpoints/we_%00", { token: t.apiKey }), "id");
    const batch = { operations: [{ method: "POST", path: "/v1/webhook_endpoints", body: { ...hook, description: "\u0000" } }] };
    expectInvalid(await call("POST", "/v1/batch", { token: t.apiKey, body: batch }), "operations.0.body.description");
  });

  it("the Idempotency-Key header is held to the body's idempotency_key rules", async () => {
    const t = await newTenant();
    const send = (key: string) => call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "k" }, headers: { "idempotency-key": key } });
    expectInvalid(await send("x".repeat(256)), "idempotency-key");
    expectInvalid(await send("a\u0001b"), "idempotency-key");
    expect((await send("fine-key-1")).status).toBe(201);
  });

  it("names refuse control characters; free text keeps line breaks", async () => {
    const t = await newTenant();
    expectInvalid(await call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "ops\nkey" } }), "name");
    expectInvalid(await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url: "https://example.com/h", events: ["*"], metadata: { "a\tb": "x" } } }), "metadata.a\tb");
    const created = await call("POST", "/v1/webhook_endpoints", {
      token: t.apiKey,
      body: { url: "https://example.com/h", events: ["*"], description: "line one\nline two\ttabbed", metadata: { note: "a\nb" } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ description: "line one\nline two\ttabbed", metadata: { note: "a\nb" } });
    const named = await call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "  مفتاح 🔑 e\u0301  " } });
    expect(named.status).toBe(201);
    expect(named.body.name).toBe("مفتاح 🔑 e\u0301");
  });

  it("a body nested deeper than 32 levels is refused before anything walks it", async () => {
    const t = await newTenant();
    const deep = '{"a":'.repeat(5000) + "1" + "}".repeat(5000);
    const raw = `{"operations":[{"method":"POST","path":"/v1/webhook_endpoints","body":${deep}}]}`;
    expectInvalid(await call("POST", "/v1/batch", { token: t.apiKey, rawBody: raw }), undefined, "invalid_request");
  });
});
