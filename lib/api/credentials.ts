// Who is calling: an API key secret (sk_test_…/sk_live_…) or a user session access token (JWT), both
// sent as `Authorization: Bearer …`. Checking the key and taking its tenant's rate-limit slot is one
// statement, so an authenticated request costs one database round trip.
import { createHash } from "node:crypto";
import { hotQuery, meteringPool } from "@/lib/db";
import { verifyAccessToken } from "@/lib/auth/tokens";
import { unauthorized } from "./errors";
import { clientIpFrom } from "./client-ip";
import { rateLimitCte, rateLimitParams, readRateLimit, takeSlot, type Policy, type RateLimitResult } from "./rate-limit";

/** `any`: an API key or a session, for reads both the console and integrations make. */
export type AuthMode = "api_key" | "bearer" | "any" | "none";

export interface Caller {
  tenantId: string;
  apiKey?: { id: string; environment: "test" | "live" };
  /** True for live-mode API keys: such callers see and write live data only (test keys: test data only). */
  livemode: boolean;
  userId?: string;
}

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

const apiKeyLookup = `WITH k AS (
  SELECT id, tenant_id, environment FROM api_keys
  WHERE revoked_at IS NULL
    AND (secret_hash = $1 OR (previous_secret_hash = $1 AND previous_secret_expires_at > now()))
  LIMIT 1
),
touch AS (
  UPDATE api_keys SET last_used_at = now()
  WHERE id IN (SELECT id FROM k) AND (last_used_at IS NULL OR last_used_at < now() - interval '60 seconds')
  RETURNING id
)`;
const apiKeySql = `${apiKeyLookup},
${rateLimitCte("$4 || ':' || k.tenant_id", "FROM k", 2)}
SELECT k.id, k.tenant_id, k.environment, rl.allowed, rl.used, rl.oldest, rl.now_ms FROM k CROSS JOIN rl`;
const apiKeyUnmeteredSql = `${apiKeyLookup}
SELECT k.id, k.tenant_id, k.environment FROM k`;

// The operations of POST /v1/batch run through the same wrapper as separate Request objects, with the
// batch's credential. The batch already took its rate-limit slots, so these requests are authenticated
// but take none. Only lib/batch adds to this set; a request from outside can never be in it.
const unmetered = new WeakSet<Request>();
export function markUnmetered(request: Request): Request {
  unmetered.add(request);
  return request;
}

export function bearerCredential(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : "";
}

/** The client IP as the deployment's proxy reports it (see ./client-ip: TRUSTED_PROXY). */
const clientIp = (request: Request): string => clientIpFrom((name) => request.headers.get(name));

const isSecretKey = (c: string) => /^sk_(test|live)_/.test(c);

/**
 * Authenticates the request as `mode` demands and takes a slot of `policy`: per tenant once the caller
 * is known, per client IP otherwise (no credential needed, or a credential that failed).
 * Returns the caller (null for mode "none") and the rate-limit result (none for a batch operation, see
 * markUnmetered); throws 401 ApiErrors with the rate-limit result attached so the envelope still carries the headers.
 */
export async function authenticate(
  request: Request,
  mode: AuthMode,
  policy: Policy,
): Promise<{ caller: Caller | null; rateLimit?: RateLimitResult; failure?: Error }> {
  const metered = !unmetered.has(request);
  const slot = async (key: string) => (metered ? takeSlot(key, policy) : undefined);
  if (mode === "none") return { caller: null, rateLimit: await slot(`ip:${clientIp(request)}`) };

  const credential = bearerCredential(request);
  const fail = async (code: string, message: string) => ({
    caller: null,
    rateLimit: await slot(`ip:${clientIp(request)}`),
    failure: unauthorized(code, message),
  });
  if (credential === null) {
    return fail("missing_credentials", "No credentials: send `Authorization: Bearer <credential>`.");
  }
  if (credential === "") return fail("invalid_authorization_header", "The Authorization header must be `Bearer <credential>`.");
  if (credential.startsWith("pk_")) {
    return fail("publishable_key_not_allowed", "A publishable key (pk_…) cannot authenticate API calls; use the secret key (sk_…).");
  }

  if (mode === "api_key" || (mode === "any" && isSecretKey(credential))) {
    if (!isSecretKey(credential)) {
      return fail("api_key_required", "This endpoint takes an API key secret (sk_test_… or sk_live_…), not a session access token.");
    }
    const { rows } = metered
      ? await hotQuery("authenticate_api_key", apiKeySql, [hashSecret(credential), ...rateLimitParams(policy), policy.name], meteringPool)
      : await hotQuery("authenticate_api_key_unmetered", apiKeyUnmeteredSql, [hashSecret(credential)]);
    if (!rows.length) return fail("invalid_api_key", "Invalid API key: it does not exist, was revoked, or its rotation grace period ended.");
    const row = rows[0];
    return {
      caller: { tenantId: row.tenant_id, apiKey: { id: row.id, environment: row.environment }, livemode: row.environment === "live" },
      rateLimit: metered ? readRateLimit(policy, row) : undefined,
    };
  }

  if (isSecretKey(credential)) {
    return fail("access_token_required", "This endpoint takes a user session access token (from /auth/login), not an API key.");
  }
  const session = await verifyAccessToken(credential);
  if (!session) return fail("invalid_access_token", "Invalid or expired access token: sign in again or use /auth/refresh.");
  return {
    caller: { tenantId: session.tenantId, userId: session.userId, livemode: false },
    rateLimit: await slot(session.tenantId),
  };
}
