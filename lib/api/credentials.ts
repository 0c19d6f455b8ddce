// Who is calling: an API key secret (sk_test_…/sk_live_…) or a user session access token (JWT), both
// sent as `Authorization: Bearer …`. Checking the key and taking its tenant's rate-limit slot is one
// statement, shared by the requests that arrive together, so an authenticated request costs at most one
// database round trip.
import { hotQuery, meteringPool } from "@/lib/db";
import { verifyAccessToken } from "@/lib/auth/tokens";
import { sessionMember } from "@/lib/team/members";
import { unauthorized, type ApiError } from "@/lib/core/errors";
import { currentPlan } from "@/lib/billing/subscriptions";
import { apiCallsCte, apiCallsRefusal, periodsCte, planRateLimitParams, type ApiCallsRow } from "@/lib/billing/quotas/api-calls";
import { clientIpFrom } from "@/lib/http/client-ip";
import { hashSecret } from "@/lib/core/secrets";
import type { Caller } from "@/lib/core/scope";
import { gatherWhileBusy } from "@/lib/core/gather";
import { generalLimitOverride, policies, rateLimitCte, readRateLimit, takeSlot, type Policy, type RateLimitResult, type RateLimitRow } from "@/lib/http/rate-limit";

/** Who may call: `api_key` (an integration), `session` (a signed-in console user's access token), `any` (either: reads
 * both the console and integrations make), `none` (public). */
export type AuthMode = "api_key" | "session" | "any" | "none";


// Looks up each secret hash of $1 (in arrival order) among the live keys, and marks the keys used (at
// most once a minute; a key row another statement holds is skipped, so the mark never waits or deadlocks).
const apiKeyLookup = `WITH k AS (
  SELECT i.ord, a.id, a.tenant_id, a.environment
  FROM unnest($1::text[]) WITH ORDINALITY i(hash, ord)
  CROSS JOIN LATERAL (
    SELECT id, tenant_id, environment FROM api_keys
    WHERE revoked_at IS NULL
      AND (secret_hash = i.hash OR (previous_secret_hash = i.hash AND previous_secret_expires_at > now()))
    LIMIT 1
  ) a
),
touch AS (
  UPDATE api_keys SET last_used_at = now()
  WHERE id IN (
    SELECT id FROM api_keys
    WHERE id IN (SELECT id FROM k) AND (last_used_at IS NULL OR last_used_at < now() - interval '60 seconds')
    FOR UPDATE SKIP LOCKED
  )
  RETURNING id
)`;
// The requests of a group take their tenants' slots in arrival order (rank within the tenant), each tenant
// under its plan's limit: $4 plan ids, $5 their limits, $6 the limit of an unknown plan (planRateLimitParams).
const apiKeySql = `${apiKeyLookup},
${periodsCte},
ranked AS (
  SELECT k.*, $3 || ':' || k.tenant_id AS limit_key, row_number() OVER (PARTITION BY k.tenant_id ORDER BY k.ord)::int AS rank,
    COALESCE(pl.lim, $6::int) AS lim
  FROM k JOIN periods p ON p.tenant_id = k.tenant_id
  LEFT JOIN unnest($4::text[], $5::int[]) pl(plan, lim) ON pl.plan = p.plan
),
wanted AS (SELECT limit_key AS key, count(*)::int AS n, min(lim)::int AS lim FROM ranked GROUP BY limit_key),
${rateLimitCte(2)},
${apiCallsCte(3)}
SELECT r.ord, r.id, r.tenant_id, r.environment, r.rank, rl.granted, rl.lim, rl.used, rl.oldest, rl.now_ms, a.plan, a.period_start, a.period_end, a.calls
FROM ranked r JOIN rl ON rl.key = r.limit_key JOIN api_calls a ON a.tenant_id = r.tenant_id`;

// The general policy takes the plan's limit unless RATE_LIMIT_GENERAL_PER_MINUTE overrides it; other policies
// (the batch route's) keep theirs for every plan.
const keyCheckParams = (policy: Policy) =>
  [policy.windowSeconds, policy.name, ...planRateLimitParams(policy === policies.general ? generalLimitOverride : policy.limit)];
const apiKeyUnmeteredSql = `${apiKeyLookup}
SELECT k.ord, k.id, k.tenant_id, k.environment FROM k`;

type KeyRow = { ord: string; id: string; tenant_id: string; environment: "test" | "live" } & Partial<RateLimitRow> & Partial<ApiCallsRow> & { rank?: number };
type KeyCheck = { caller: Caller; rateLimit?: RateLimitResult; quota?: ApiError | null } | null;

const callerOf = (row: KeyRow): Caller => ({
  tenantId: row.tenant_id,
  apiKey: { id: row.id, environment: row.environment },
  livemode: row.environment === "live",
});

// The key checks of requests that arrive while earlier checks are on their way go as one statement (group
// commit, lib/core/gather): under load, requests no longer queue one by one on their tenant's rate-limit row.
const checkKeysOf = new Map<Policy, (hash: string) => Promise<KeyCheck>>();
function checkKey(hash: string, policy: Policy): Promise<KeyCheck> {
  let check = checkKeysOf.get(policy);
  if (!check) {
    check = gatherWhileBusy(async (hashes: string[]) => {
      const { rows } = await hotQuery<KeyRow>("authenticate_api_keys", apiKeySql, [hashes, ...keyCheckParams(policy)], meteringPool);
      const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
      return hashes.map((_, i) => {
        const row = byOrd.get(i + 1);
        const rateLimit = row && readRateLimit(policy, row as KeyRow & RateLimitRow, row.rank);
        // The plan's API calls (lib/billing/quotas/api-calls): only a request the rate limiter admitted is counted.
        const quota = row && rateLimit?.allowed ? apiCallsRefusal(row as KeyRow & ApiCallsRow, row.rank ?? 1) : null;
        const value: KeyCheck = row ? { caller: callerOf(row), rateLimit: rateLimit!, quota } : null;
        return { status: "fulfilled", value };
      });
    }, 2);
    checkKeysOf.set(policy, check);
  }
  return check(hash);
}

async function checkKeyUnmetered(hash: string): Promise<KeyCheck> {
  const { rows } = await hotQuery<KeyRow>("authenticate_api_key_unmetered", apiKeyUnmeteredSql, [[hash]]);
  return rows.length ? { caller: callerOf(rows[0]) } : null;
}

// The operations of POST /v1/batch run through the same wrapper as separate Request objects, with the
// batch's credential. The batch already took its rate-limit slots, so these requests are authenticated
// but take none. Only lib/batch adds to this set, and the wrapper for a signed inbound webhook whose signature
// verified (RouteOptions.signed); a request from outside can never be in it otherwise.
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
    const checked = metered ? await checkKey(hashSecret(credential), policy) : await checkKeyUnmetered(hashSecret(credential));
    if (!checked) return fail("invalid_api_key", "Invalid API key: it does not exist, was revoked, or its rotation grace period ended.");
    return checked.quota ? { caller: checked.caller, rateLimit: checked.rateLimit, failure: checked.quota } : checked;
  }

  if (isSecretKey(credential)) {
    return fail("access_token_required", "This endpoint takes a user session access token (from /auth/login), not an API key.");
  }
  const session = await verifyAccessToken(credential);
  if (!session) return fail("invalid_access_token", "Invalid or expired access token: sign in again or use /auth/refresh.");
  // The member as they are now: removed, or their password changed since the token was issued, it no longer works.
  const member = await sessionMember(session.userId, session.tenantId, new Date(session.issuedAt * 1000 + 999));
  if (!member) return fail("invalid_access_token", "This access token no longer works (the member was removed or changed their password): sign in again.");
  return {
    caller: { tenantId: session.tenantId, userId: session.userId, livemode: false, member: { role: member.role, email: member.email } },
    rateLimit: metered ? await takeSlot(session.tenantId, await planPolicy(session.tenantId, policy)) : undefined,
  };
}

/**
 * The general policy under the tenant's plan's rate limit, for requests outside the key check (a session, a
 * batch): they share the tenant's window with its API-key requests, so they count against the same limit
 * (a growth tenant's console is not refused at 100 a minute). Other policies, or an operator override, as they are.
 */
export async function planPolicy(tenantId: string, policy: Policy): Promise<Policy> {
  if (policy !== policies.general || generalLimitOverride !== null) return policy;
  const limit = (await currentPlan(tenantId)).plan.limits.rate_limit_per_minute;
  return limit === policy.limit ? policy : { ...policy, limit };
}
