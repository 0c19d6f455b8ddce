// The API end to end over HTTP, against each server that runs it: the production server (`npm start`,
// scripts/serve.ts: a /v1 request goes straight to its compiled route handler, everything else to Next.js)
// and the stock `next start` that Vercel runs (project "next-start" in playwright.config.ts). What an
// integrator sees must not depend on which path answered: the error envelope, the 1 MB body cap (declared or
// streamed), path parameters decoded, large answers gzipped only when the client takes gzip, Next.js's own
// answers (redirects, 404, 405) for the rest, and the reference flow. Calls go through the typed client
// (packages/client) checked against the OpenAPI document (e2e/typed-client.ts), so drift fails here.
import { Agent, request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import { typedClient } from "./typed-client";
import { expect, test } from "./helpers";

/** The server of this project: E2E_BASE_URL (`npm start`), or E2E_NEXT_START_URL for the next-start project. */
const base = () => {
  const stock = test.info().project.name === "next-start";
  const url = stock ? process.env.E2E_NEXT_START_URL : process.env.E2E_BASE_URL;
  // An app started by hand (E2E_BASE_URL) comes without a next start beside it unless E2E_NEXT_START_URL says so.
  test.skip(stock && !url && Boolean(process.env.E2E_BASE_URL), "no E2E_NEXT_START_URL: the next start server was not started");
  if (!url) throw new Error(`${stock ? "E2E_NEXT_START_URL" : "E2E_BASE_URL"} is not set: run through \`npm run test:e2e\` (global setup starts the servers)`);
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

/** A new tenant's test API key, through the typed client: register, then create the key with the session. */
async function apiKey() {
  const anonymous = typedClient(base());
  const registered = await anonymous.POST("/auth/register", {
    body: { email: `serve-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`, password: "serve pass 123", company_name: "Serve", full_name: "Serve" },
  });
  expect(registered.response.status, JSON.stringify(registered.error)).toBe(201);
  const key = await typedClient(base(), registered.data!.access_token).POST("/v1/api_keys", { body: { name: "serve", environment: "test" } });
  expect(key.response.status, JSON.stringify(key.error)).toBe(201);
  return key.data!.secret;
}

test("the API answers through the production server as it does through Next.js", async () => {
  const key = await apiKey();
  const auth = { authorization: `Bearer ${key}` };

  // A route: the wrapper's headers, no caching, the length of what is sent.
  const list = await raw("GET", "/v1/tokens?limit=1", auth);
  expect(list.status).toBe(200);
  expect(list.headers["request-id"]).toMatch(/^req_/);
  expect(list.headers["cache-control"]).toContain("no-store");
  // The production server sends the length; the stock `next start` drops a route handler's Content-Length
  // (next/dist/server/send-response.js) and sends the body chunked, which HTTP/1.1 clients read alike.
  const length = list.headers["content-length"];
  if (length !== undefined || test.info().project.name !== "next-start") expect(Number(length)).toBe(list.body.length);
  else expect(list.headers["transfer-encoding"]).toBe("chunked");
  const api = typedClient(base(), key);
  const typed = await api.GET("/v1/tokens", { params: { query: { limit: 1 } } });
  expect(typed.data).toMatchObject({ object: "list", data: [], has_more: false });
  const missingTyped = await api.GET("/v1/tokens/{id}", { params: { path: { id: "tok_nope" } } });
  expect(missingTyped.response.status).toBe(404);
  expect(missingTyped.error?.error).toMatchObject({ type: "invalid_request_error", code: "resource_missing", status: 404 });

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

test("the reference flow through the typed client: deploy on polygon_amoy, mint, read the balance", async () => {
  test.setTimeout(180_000);
  const api = typedClient(base(), await apiKey());
  const holder = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
  const created = await api.POST("/v1/tokens", {
    body: { name: "Typed Dollar", symbol: "TPD", standard: "ERC20", network: "polygon_amoy", initial_supply: "0", decimals: 18, features: { mintable: true, burnable: true, pausable: true } },
  });
  expect(created.response.status, JSON.stringify(created.error)).toBe(201);
  const id = created.data!.id;
  await expect.poll(async () => (await api.GET("/v1/tokens/{id}", { params: { path: { id } } })).data?.status, { timeout: 120_000, intervals: [250] }).toBe("deployed");

  const mint = await api.POST("/v1/tokens/{id}/mint", { params: { path: { id } }, body: { to: holder, amount: "1000" } });
  expect(mint.response.status, JSON.stringify(mint.error)).toBe(201);
  const txId = mint.data!.id;
  await expect.poll(async () => (await api.GET("/v1/transactions/{id}", { params: { path: { id: txId } } })).data?.status, { timeout: 60_000, intervals: [100] }).toBe("confirmed");
  const balance = await api.GET("/v1/tokens/{id}/balance", { params: { path: { id }, query: { address: holder, nft_token_id: "0" } } });
  expect(balance.data).toMatchObject({ balance: "1000" });

  // A body the document does not allow is the 400 envelope naming the field.
  const bad = await api.POST("/v1/tokens/{id}/mint", { params: { path: { id } }, body: { to: "not an address", amount: "1" } });
  expect(bad.response.status).toBe(400);
  expect(bad.error?.error).toMatchObject({ type: "invalid_request_error", param: "to" });
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
