// Calls the app's route handlers in-process the way Next.js routes a request (404/405 included), so
// API tests run the real wrapper, database and schemas without a server in between. Every answer is
// checked against the OpenAPI document (the operation's response schema, or the error envelope): a
// mismatch fails the calling test.
import { resolveHandler } from "@/lib/api/dispatch";
import type { RouteHandler } from "@/lib/api/handler";
import { BatchResult } from "@/lib/schemas/batch";
import { responseDrift, undocumentedStatus } from "./conformance";

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as is (bytes for bodies that are not valid UTF-8). */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  ip?: string;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

// Test files run in parallel processes: each takes its own random /16 so their client IPs never meet.
const ipPrefix = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
let ipCounter = 0;
/** A fresh client IP per call, so per-IP limits (10/min on /auth/register) don't leak between tests. */
export const freshIp = () => `${ipPrefix}.${++ipCounter % 250}`;

export async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const url = new URL(path, "http://localhost");
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  headers.set("x-forwarded-for", options.ip ?? "127.0.0.1");
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  }

  const { handler, params } = await resolveHandler(url.pathname, method);
  const response = await handler(new Request(url, { method, headers, body }), { params: Promise.resolve(params) });
  const text = await response.text();
  const result = { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  await checkConformance(method, path, handler, result, options.body);
  return result;
}

async function checkConformance(method: string, path: string, handler: RouteHandler, result: CallResult, sent: unknown) {
  const drift = responseDrift(handler, result.status, result.body) ?? (await undocumentedStatus(method, new URL(path, "http://localhost").pathname, result.status));
  if (drift) throw new Error(`${method} ${path} answered ${result.status} outside its OpenAPI response schema: ${drift}`);
  // The operations of a batch answer as if sent alone: each is held to its own operation's schema.
  const operations = (sent as { operations?: { method: string; path: string }[] } | undefined)?.operations;
  if (handler.meta.response !== BatchResult || !Array.isArray(operations) || result.status >= 300) return;
  for (const [i, op] of operations.entries()) {
    const inner = result.body.results[i];
    const { handler: opHandler } = await resolveHandler(new URL(op.path, "http://localhost").pathname, op.method);
    const opDrift = responseDrift(opHandler, inner.status, inner.body);
    if (opDrift) throw new Error(`${method} ${path}: operation ${i} (${op.method} ${op.path}) answered ${inner.status} outside its OpenAPI response schema: ${opDrift}`);
  }
}

let counter = 0;
/** Registers a new tenant; returns its session and a fresh test API key. */
export async function newTenant(name = "Acme") {
  const email = `owner${Date.now()}${++counter}@example.com`;
  const reg = await call("POST", "/auth/register", {
    ip: freshIp(),
    body: { email, password: "correct horse 1", company_name: `${name} ${counter}`, full_name: "Ada Owner" },
  });
  if (reg.status !== 201) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  const key = await call("POST", "/v1/api_keys", { token: reg.body.access_token, body: { name: "test key", environment: "test" } });
  if (key.status !== 201) throw new Error(`api key failed: ${JSON.stringify(key.body)}`);
  return { email, password: "correct horse 1", auth: reg.body, accessToken: reg.body.access_token as string, apiKey: key.body.secret as string, key: key.body };
}
