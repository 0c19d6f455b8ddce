// The one wrapper every route handler goes through. It owns: credentials, rate limits and their headers,
// body/query/path validation, idempotency, the error envelope, the request id and the request log line.
import "@/lib/composition"; // the domains registered with lib/chain before any request
import { z } from "zod";
import { ApiError, internalError, serviceUnavailable } from "@/lib/core/errors";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { uniqueConflict } from "@/lib/db/unique-violation";
import { authenticate, markUnmetered, type AuthMode } from "./credentials";
import { scopeOf, type Caller, type Scope } from "@/lib/core/scope";
import { policies, rateLimitHeaders, assertAllowed, type Policy, type RateLimitResult } from "@/lib/http/rate-limit";
import { readBodyText, readJsonBody } from "./body";
import { parseOrThrow } from "@/lib/schemas/validation";
import { recordResponse, routeOf } from "@/lib/observability/metrics";
import { annotate, withSpan } from "@/lib/observability/tracing";
import { requestHash, withIdempotency, type ResumeAnswer } from "./idempotency";
import { Transaction } from "@/lib/schemas/transactions";
import { findByIdempotencyClaims } from "@/lib/chain/records/statements";
import { withoutClaimAnswer, writeRefs } from "@/lib/core/idempotency-context";
import { serializeTransaction } from "@/lib/chain/records/serialize";
import { newId } from "@/lib/core/ids";
import { IdempotencyKey } from "@/lib/schemas/common";
import { logError, logRequest, logUnavailable } from "./log";
import { logApiRequest } from "./request-log";
import { connectCors } from "@/lib/connect/end-users/cors";
import { setResponseText } from "./raw-bodies";
import { requireAdmin, type Admin } from "@/lib/billing/admin";
import { actorOf, assertRole } from "./access";
import { actingAs } from "@/lib/core/actor";
import type { Role } from "@/lib/core/roles";
import type { ApiTag } from "./tags";

export type AnyObject = z.ZodType<Record<string, unknown>>;

export interface RouteOptions<B extends AnyObject | undefined, Q extends AnyObject | undefined, P extends AnyObject | undefined> {
  auth: AuthMode;
  summary: string;
  /** Longer text for the OpenAPI document (e.g. what an addition to the spec does). */
  description?: string;
  body?: B;
  query?: Q;
  params?: P;
  /** Schema of the success body, for the OpenAPI document. */
  response?: z.ZodType;
  /** Error statuses the handler itself answers, beyond the wrapper's own, for the OpenAPI document. */
  errors?: Record<number, string>;
  status?: number;
  policy?: Policy;
  /** Its area in the OpenAPI document (./tags). */
  tags?: readonly ApiTag[];
  deprecated?: boolean;
  /** The body is handed over as received (ctx.rawBody), not parsed as JSON: for a signed inbound webhook. */
  rawBody?: boolean;
  /**
   * A signed inbound webhook: a request whose body verifies (`signed(rawBody, request)`) takes no slot of the
   * per-IP bucket, so a sender's deliveries never share it with the public's noise; any other request takes it.
   * Implies rawBody.
   */
  signed?: (rawBody: string, request: Request) => boolean;
  /** The platform's admin secret (X-Admin-Secret, lib/billing/admin) is checked before anything else of the request: 403 without it; ctx.admin. */
  adminSecret?: boolean;
  /** The least role a member's session needs (./access): default `viewer` for reads, `developer` for writes. API keys pass. */
  role?: Role;
}

export type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface Context<B, Q, P> {
  request: Request;
  requestId: string;
  caller: Caller | null;
  body: B;
  query: Q;
  params: P;
  /** With the option rawBody: the body's text, exactly as received. */
  rawBody?: string;
  /** With the option adminSecret: who the admin is, for the audit row. */
  admin?: Admin;
}

/** For handlers that must pick their status or headers; plain return values are sent as JSON with `status`. */
export class Reply {
  constructor(readonly body: unknown, readonly status: number, readonly headers: Record<string, string> = {}) {}
}

export interface AuthedContext<B, Q, P> extends Context<B, Q, P> {
  caller: Caller;
  tenantId: string;
  /** The tenant and the environment of the caller's key (lib/core/scope): what every query is scoped to. */
  scope: Scope;
}

export type Handler<M extends AuthMode, B, Q, P> = (
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
  type RouteContext = { params?: Promise<Record<string, string | string[]>> };
  const route = (request: Request, routeCtx?: RouteContext) =>
    withSpan(`${request.method} ${routeOf(new URL(request.url).pathname)}`, { "http.request.method": request.method }, () => handle(request, routeCtx));
  const handle = async (request: Request, routeCtx?: RouteContext) => {
    const started = performance.now();
    const requestId = newId("req");
    const url = new URL(request.url);
    let rateLimit: RateLimitResult | undefined;
    let caller: Caller | null = null;
    let response: Response;
    let replayed = false;
    const cors = connectCors(request, url.pathname); // browser requests to /v1/connect/** (lib/connect/end-users/cors)
    try {
      // Read before the credential check: a verified signature exempts the request from the IP bucket.
      const signedBody = options.signed && WRITE_METHODS.has(request.method) ? ((await readBodyText(request)) ?? "") : undefined;
      if (signedBody !== undefined && options.signed!(signedBody, request)) markUnmetered(request);
      const auth = await authenticate(request, options.auth, options.policy ?? policies.general);
      rateLimit = auth.rateLimit;
      caller = auth.caller;
      if (caller) annotate({ tenant: caller.tenantId, mode: caller.apiKey?.environment ?? "console" });
      if (rateLimit) assertAllowed(rateLimit); // none for a batch operation: the batch took the slots
      if (auth.failure) throw auth.failure;
      assertRole(caller, request.method, options.role); // 403 for a member whose role is below the route's
      const preflight = await cors?.admit(caller); // 403 unless the Origin is allowed; answers OPTIONS preflights
      const admin = options.adminSecret ? requireAdmin(request) : undefined; // before the body: a stranger learns nothing of it

      const params = options.params ? parseOrThrow(options.params, (await routeCtx?.params) ?? {}, "path") : undefined;
      const query = options.query ? parseOrThrow(options.query, Object.fromEntries(url.searchParams), "query") : undefined;
      const rawBody = signedBody ?? (options.rawBody && WRITE_METHODS.has(request.method) ? ((await readBodyText(request)) ?? "") : undefined);
      const raw = WRITE_METHODS.has(request.method) && !options.rawBody ? await readJsonBody(request) : undefined;
      const body = options.body ? parseOrThrow(options.body, raw ?? {}, "body") : undefined;

      const run = async () => {
        const result = preflight ? new Reply(null, 204, preflight.headers) : await actingAs(actorOf(caller, request), () => handler({ request, requestId, caller, tenantId: caller?.tenantId, scope: caller ? scopeOf(caller) : undefined, body, query, params, rawBody, admin } as never));
        return result instanceof Reply ? result : new Reply(result, options.status ?? 200);
      };

      const key = (body as { idempotency_key?: string } | undefined)?.idempotency_key ?? idempotencyKeyHeader(request);
      if (key && caller && WRITE_METHODS.has(request.method)) {
        const { idempotency_key: _, ...rest } = (body ?? {}) as Record<string, unknown>;
        const stored = await withIdempotency(caller, key, requestHash(request.method, url.pathname, rest), async () => {
          const reply = await run();
          return { status: reply.status, body: reply.body };
        }, { resumeAnswer: options.response === Transaction ? answerWithClaimedWrite(options.status ?? 200) : undefined, status: options.status ?? 200 });
        replayed = stored.replayed;
        response = json(stored.body, stored.status);
      } else {
        const reply = await withoutClaimAnswer(run); // inside a keyed batch, this operation's answer is not the batch's
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
    recordResponse(url.pathname, response.status);
    logRequest({
      request_id: requestId,
      method: request.method,
      path: url.pathname,
      status: response.status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      tenant_id: caller?.tenantId,
      api_key_id: caller?.apiKey?.id,
    });
    logApiRequest(request, response, requestId, caller, started); // the tenant's request log, written later (./request-log)
    return response;
  };
  return Object.assign(route, { meta: options as RouteHandler["meta"] });
}

/**
 * A route that answers its one chain write's record, resumed under an earlier run's claim, answers the record
 * that run made before anything runs again: its checks (a balance, a role) would judge the state the write
 * itself changed (a confirmed force transfer has moved the balance it checked).
 */
const answerWithClaimedWrite = (status: number): ResumeAnswer => async (claimId) => {
  const earlier = await findByIdempotencyClaims(writeRefs(claimId, 2));
  // More than one write under the claim: the operation's own lookup (writeOnce's find) knows which one it answers.
  return earlier.length === 1 ? { status, body: serializeTransaction(earlier[0]) } : null;
};

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
  if (err instanceof ApiError) return json(err.body, err.status, err.headers);
  // A concurrent request created the same resource first (a unique constraint): 409 naming it, not 500.
  const exists = uniqueConflict(err);
  if (exists) return json(exists.body, exists.status);
  // Load or a database restart is not a bug: 503 with Retry-After, logged once per outage (lib/api/log).
  if (isDatabaseUnavailable(err)) {
    logUnavailable(requestId, err);
    const unavailable = serviceUnavailable();
    return json(unavailable.body, unavailable.status, unavailable.headers);
  }
  logError(requestId, err);
  const internal = internalError();
  return json(internal.body, internal.status);
}
