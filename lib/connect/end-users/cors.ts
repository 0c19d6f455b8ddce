// CORS for the Connect routes browsers call (/v1/connect/**), from the tenant's allowed origins
// (GET/PUT /v1/settings/cors). The request wrapper (lib/api/handler.ts) calls `connectCors` once per
// request and, when it answers a hook, `admit` after authentication:
//
// - A request without an Origin header (server to server) is not a CORS request: nothing changes.
// - A preflight (OPTIONS with Origin) carries no credential, so its tenant is unknown: it is answered
//   204 with the Access-Control-Allow-* headers when some tenant allows that origin (in either mode),
//   and 403 (error envelope `origin_not_allowed`, no CORS headers) otherwise.
// - The actual request is held to the caller's own tenant and mode (its API key): an Origin that tenant
//   did not allow answers 403 `origin_not_allowed` before the handler runs, so a disallowed page can
//   neither read a response nor cause a write. Allowed origins get Access-Control-Allow-Origin (and the
//   exposed rate-limit and request-id headers) on every answer, errors included.
import { hotQuery } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import type { Caller } from "@/lib/core/scope";

const PREFIX = "/v1/connect/";

const ALLOW_METHODS = "GET, POST, PUT, PATCH, DELETE";
const ALLOW_HEADERS = "Authorization, Content-Type, Idempotency-Key";
const EXPOSE_HEADERS = "Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-RateLimit-Policy, Retry-After, Idempotent-Replayed";
const MAX_AGE_SECONDS = "600";

export const ORIGIN_NOT_ALLOWED = "Origin not allowed: browser requests to /v1/connect need the page's origin in the tenant's allowed origins (PUT /v1/settings/cors)";

const anyTenantSql = "SELECT 1 FROM connect_settings WHERE $1 = ANY(allowed_origins) LIMIT 1";
const tenantSql = "SELECT 1 FROM connect_settings WHERE tenant_id = $2 AND livemode = $3 AND $1 = ANY(allowed_origins)";

export interface CorsHook {
  /** Throws 403 unless the origin is allowed; answers a preflight (204) itself. */
  admit(caller: Caller | null): Promise<{ status: 204; body: null; headers: Record<string, string> } | undefined>;
  /** Headers for the answer: CORS headers once admitted, `Vary: Origin` always. */
  headers(): Record<string, string>;
}

/** The CORS hook of a request, or null when the path is not under /v1/connect or there is no Origin. */
export function connectCors(request: Request, pathname: string): CorsHook | null {
  if (!pathname.startsWith(PREFIX)) return null;
  const origin = request.headers.get("origin");
  if (origin === null) return null;
  const preflight = request.method === "OPTIONS";
  let admitted = false;
  const allowHeaders = (): Record<string, string> => ({ "Access-Control-Allow-Origin": origin, "Access-Control-Expose-Headers": EXPOSE_HEADERS });
  return {
    async admit(caller) {
      const { rows } = caller && !preflight
        ? await hotQuery("cors_tenant_origin", tenantSql, [origin, caller.tenantId, caller.livemode])
        : await hotQuery("cors_any_origin", anyTenantSql, [origin]);
      if (!rows.length) throw new ApiError(403, "permission_error", "origin_not_allowed", `${ORIGIN_NOT_ALLOWED}; '${origin.slice(0, 200)}' is not.`);
      admitted = true;
      if (!preflight) return undefined;
      return {
        status: 204,
        body: null,
        headers: {
          ...allowHeaders(),
          "Access-Control-Allow-Methods": ALLOW_METHODS,
          "Access-Control-Allow-Headers": ALLOW_HEADERS,
          "Access-Control-Max-Age": MAX_AGE_SECONDS,
        },
      };
    },
    headers: () => (admitted ? { ...allowHeaders(), Vary: "Origin" } : { Vary: "Origin" }),
  };
}
