// The production server's path for the API (scripts/serve.ts): a /v1 request goes straight to its compiled
// route handler, everything else to Next.js. What an integrator sees must not depend on which path answered:
// the error envelope, the 1 MB body cap (declared or streamed), path parameters decoded, large answers
// gzipped only when the client takes gzip, and Next.js's own answers (redirects, 404, 405) for the rest.
import { expect, test } from "@playwright/test";
import { Agent, request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";

const base = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set: run through `npm run test:e2e` (global setup starts the app)");
  return url;
};

/** One raw HTTP exchange (no client-side decompression or redirects): status, headers and body bytes. */
function raw(method: string, path: string, headers: Record<string, string>, body?: Buffer | Buffer[]) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((ok, fail) => {
    const req = httpRequest(`${base()}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", fail);
    for (const part of Array.isArray(body) ? body : body ? [body] : []) req.write(part);
    req.end();
  });
}

async function apiKey() {
  const post = async (path: string, token: string | null, body: unknown) => {
    const res = await fetch(`${base()}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    expect(res.status, path).toBeLessThan(300);
    return (await res.json()) as Record<string, string>;
  };
  const auth = await post("/auth/register", null, { email: `serve-${Date.now()}@example.com`, password: "serve pass 123", company_name: "Serve", full_name: "Serve" });
  return (await post("/v1/api_keys", auth.access_token, { name: "serve" })).secret;
}

test("the API answers through the production server as it does through Next.js", async () => {
  const key = await apiKey();
  const auth = { authorization: `Bearer ${key}` };

  // A route: the wrapper's headers, no caching, the length of what is sent.
  const list = await raw("GET", "/v1/tokens?limit=1", auth);
  expect(list.status).toBe(200);
  expect(list.headers["request-id"]).toMatch(/^req_/);
  expect(list.headers["cache-control"]).toContain("no-store");
  expect(Number(list.headers["content-length"])).toBe(list.body.length);
  expect(JSON.parse(list.body.toString())).toMatchObject({ object: "list", data: [] });

  // A path parameter arrives decoded, and another tenant's or an unknown id is a 404 in the envelope.
  const missing = await raw("GET", "/v1/tokens/tok%5Fnope", auth);
  expect(missing.status).toBe(404);
  expect(JSON.parse(missing.body.toString()).error).toMatchObject({ type: "invalid_request_error", code: "resource_missing", message: "No such token: 'tok_nope'" });

  // Bodies over 1 MB are refused with 413 and nothing is created, whether the length is declared or streamed.
  const huge = Buffer.from(JSON.stringify({ name: "x".repeat(1024 * 1024), symbol: "BIG" }));
  const declared = await raw("POST", "/v1/tokens", { ...auth, "content-type": "application/json", "content-length": String(huge.length) }, huge);
  expect(declared.status).toBe(413);
  expect(JSON.parse(declared.body.toString()).error.code).toBe("request_too_large");
  const streamed = await raw("POST", "/v1/tokens", { ...auth, "content-type": "application/json", "transfer-encoding": "chunked" }, [huge.subarray(0, 600_000), huge.subarray(600_000)]);
  expect(streamed.status).toBe(413);
  expect(JSON.parse(streamed.body.toString()).error.code).toBe("request_too_large");
  const after = await raw("GET", "/v1/tokens?limit=1", auth);
  expect(JSON.parse(after.body.toString()).data).toEqual([]);

  // Bad JSON is the wrapper's 400, not a server failure.
  const bad = await raw("POST", "/v1/tokens", { ...auth, "content-type": "application/json" }, Buffer.from("{not json"));
  expect(bad.status).toBe(400);
  expect(JSON.parse(bad.body.toString()).error.code).toBe("invalid_json");

  // A large answer is gzipped for a client that takes gzip, and sent as is otherwise; the same document.
  const zipped = await raw("GET", "/v1/openapi.json", { "accept-encoding": "gzip" });
  expect(zipped.status).toBe(200);
  expect(zipped.headers["content-encoding"]).toBe("gzip");
  const plain = await raw("GET", "/v1/openapi.json", {});
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(gunzipSync(zipped.body).toString()).toBe(plain.body.toString());
  expect(JSON.parse(plain.body.toString()).openapi).toMatch(/^3\./);

  // What is not a route's method stays with Next.js: its redirect, and the API's own 404 and 405 answers.
  expect((await raw("GET", "/v1/tokens/", auth)).status).toBe(308);
  const unknown = await raw("GET", "/v1/no_such_thing", auth);
  expect(unknown.status).toBe(404);
  expect(JSON.parse(unknown.body.toString()).error.type).toBe("invalid_request_error");
  const wrongMethod = await raw("DELETE", "/v1/tokens", auth);
  expect(wrongMethod.status).toBe(405);
  expect(JSON.parse(wrongMethod.body.toString()).error.type).toBe("invalid_request_error");
});

test("a kept-alive connection is still open after a minute idle, as load balancers and client pools expect", async () => {
  // Node's default closes it after 5 s; a client or load balancer that reuses it a moment later gets a reset
  // (ECONNRESET, a 502 behind a balancer with the usual 60 s idle timeout).
  test.setTimeout(120_000);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<{ status: number; reused: boolean }>((ok, fail) => {
      const req = httpRequest(`${base()}/api/health`, { agent }, (res) => {
        res.resume();
        res.on("end", () => ok({ status: res.statusCode!, reused: req.reusedSocket }));
      });
      req.on("error", fail);
      req.end();
    });
  try {
    expect(await get()).toEqual({ status: 200, reused: false });
    await new Promise((r) => setTimeout(r, 61_000));
    expect(await get()).toEqual({ status: 200, reused: true });
  } finally {
    agent.destroy();
  }
});
