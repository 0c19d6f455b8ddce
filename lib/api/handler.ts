// The one wrapper every route handler goes through. It owns: credentials, rate limits and their headers,
// body/query/path validation, idempotency, the error envelope, the request id and the request log line.
import "@/lib/composition"; // the domains registered with lib/chain before any request
import { z } from "zod";
import { ApiError, internalError } from "./errors";
import { authenticate, type AuthMode, type Caller } from "./credentials";
import { policies, rateLimitHeaders, assertAllowed, type Policy, type RateLimitResult } from "./rate-limit";
import { readJsonBody } from "./body";
import { parseOrThrow } from "./validation";
import { requestHash, withIdempotency } from "./idempotency";
import { newId } from "./ids";
import { IdempotencyKey } from "@/lib/schemas/common";
import { logError, logRequest } from "./log";
import { connectCors } from "@/lib/connect/cors";
import { setResponseText } from "./raw-bodies";

type AnyObject = z.ZodType<Record<string, unknown>>;

export interface RouteOptions<B extends AnyObject | undefined, Q extends AnyObject | undefined, P extends AnyObject | undefined> {
  auth: AuthMode;
  summary: string;
  body?: B;
  query?: Q;
  params?: P;
  /** Schema of the success body, for the OpenAPI document. */
  response?: z.ZodType;
  /** Error statuses the handler itself answers, beyond the wrapper's own, for the OpenAPI document. */
  errors?: Record<number, string>;
  status?: number;
  policy?: Policy;
  tags?: string[];
  deprecated?: boolean;
  /** A check of the request before anything is parsed, whose ApiError answers as is (the billing admin secret: 403 before any 400). */
  guard?: (request: Request) => unknown;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface Context<B, Q, P> {
  request: Request;
  requestId: string;
  caller: Caller | null;
  body: B;
  query: Q;
  params: P;
}

/** For handlers that must pick their status or headers; plain return values are sent as JSON with `status`. */
export class Reply {
  constructor(readonly body: unknown, readonly status: number, readonly headers: Record<string, string> = {}) {}
}

export interface AuthedContext<B, Q, P> extends Context<B, Q, P> {
  caller: Caller;
  tenantId: string;
}

type Handler<M extends AuthMode, B, Q, P> = (
  ctx: M extends "none" ? Context<B, Q, P> : AuthedContext<B, Q, P>,
) => Promise<unknown> | unknown;

export type RouteHandler = ((request: Request, ctx?: { params?: Promise<Record<string, string | string[]>> }) => Promise<Response>) & {
  meta: RouteOptions<AnyObject | undefined, AnyObject | undefined, AnyObject | undefined>;
};

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function api<
  M extends AuthMode,
  B extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  P extends AnyObject | undefined = undefined,
>(options: RouteOptions<B, Q, P> & { auth: M }, handler: Handler<M, Out<B>, Out<Q>, Out<P>>): RouteHandler {
  const route = async (request: Request, routeCtx?: { params?: Promise<Record<string, string | string[]>> }) => {
    const started = performance.now();
    const requestId = newId("req");
    const url = new URL(request.url);
    let rateLimit: RateLimitResult | undefined;
    let caller: Caller | null = null;
    let response: Response;
    let replayed = false;
    const cors = connectCors(request, url.pathname); // browser requests to /v1/connect/** (lib/connect/cors)
    try {
      const auth = await authenticate(request, options.auth, options.policy ?? policies.general);
      rateLimit = auth.rateLimit;
      caller = auth.caller;
      if (rateLimit) assertAllowed(rateLimit); // none for a batch operation: the batch took the slots
      if (auth.failure) throw auth.failure;
      await options.guard?.(request);
      const preflight = await cors?.admit(caller); // 403 unless the Origin is allowed; answers OPTIONS preflights

      const params = options.params ? parseOrThrow(options.params, (await routeCtx?.params) ?? {}, "path") : undefined;
      const query = options.query ? parseOrThrow(options.query, Object.fromEntries(url.searchParams), "query") : undefined;
      const raw = WRITE_METHODS.has(request.method) ? await readJsonBody(request) : undefined;
      const body = options.body ? parseOrThrow(options.body, raw ?? {}, "body") : undefined;

      const run = async () => {
        const result = preflight ? new Reply(null, 204, preflight.headers) : await handler({ request, requestId, caller, tenantId: caller?.tenantId, body, query, params } as never);
        return result instanceof Reply ? result : new Reply(result, options.status ?? 200);
      };

      const key = (body as { idempotency_key?: string } | undefined)?.idempotency_key ?? idempotencyKeyHeader(request);
      if (key && caller && WRITE_METHODS.has(request.method)) {
        const { idempotency_key: _, ...rest } = (body ?? {}) as Record<string, unknown>;
        const stored = await withIdempotency(caller, key, requestHash(request.method, url.pathname, rest), async () => {
          const reply = await run();
          return { status: reply.status, body: reply.body };
        });
        replayed = stored.replayed;
        response = json(stored.body, stored.status);
      } else {
        const reply = await run();
        response = json(reply.body, reply.status, reply.headers);
      }
    } catch (err) {
      response = errorResponse(err, requestId);
    }

    const headers = response.headers;
    headers.set("Request-Id", requestId);
    if (rateLimit) for (const [k, v] of Object.entries(rateLimitHeaders(rateLimit))) headers.set(k, v);
    if (replayed) headers.set("Idempotent-Replayed", "true");
    if (options.deprecated) headers.set("Deprecation", "true");
    if (cors) for (const [k, v] of Object.entries(cors.headers())) headers.set(k, v);
    logRequest({
      request_id: requestId,
      method: request.method,
      path: url.pathname,
      status: response.status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      tenant_id: caller?.tenantId,
      api_key_id: caller?.apiKey?.id,
    });
    return response;
  };
  return Object.assign(route, { meta: options as RouteHandler["meta"] });
}

// The Idempotency-Key header is held to the same schema as the body's idempotency_key.
const IdempotencyHeader = z.object({ "idempotency-key": IdempotencyKey.optional() });
function idempotencyKeyHeader(request: Request) {
  if (!WRITE_METHODS.has(request.method)) return undefined;
  const header = request.headers.get("idempotency-key") ?? undefined;
  return parseOrThrow(IdempotencyHeader, { "idempotency-key": header }, "header")["idempotency-key"];
}

// API answers are never cached. A small one is also sent as is: compressing a few hundred bytes costs the
// server more than it saves (Next.js compresses what has no `no-transform`).
const SMALL_BODY = 8 * 1024;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  const text = status === 204 ? null : JSON.stringify(body);
  const cacheControl = text !== null && text.length > SMALL_BODY ? "no-store" : "no-store, no-transform";
  const response = new Response(text, {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": cacheControl, ...headers },
  });
  if (text !== null) setResponseText(response, text); // the production server writes it as is
  return response;
}

export function errorResponse(err: unknown, requestId: string) {
  const apiError = err instanceof ApiError ? err : internalError();
  if (!(err instanceof ApiError)) logError(requestId, err);
  return json(apiError.body, apiError.status, apiError.headers);
}
