// AUTH_SECRET and ENCRYPTION_KEY come only from the environment in production: nothing may generate or
// default them there (scripts/lib/secrets.ts generates them for development only; on a lost or replaced
// disk that would orphan every encrypted custodial key). Checked when a server starts, so a deployment
// missing one refuses to start instead of failing on the first sign-in or signature.
const REQUIRED = ["AUTH_SECRET", "ENCRYPTION_KEY"] as const;

/** The secrets that are unset or shorter than 32 characters. */
export function missingProductionSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  return REQUIRED.filter((name) => (env[name]?.length ?? 0) < 32);
}

/** Throws under NODE_ENV=production when a secret is missing; not while `next build` prerenders (it serves nothing). */
export function assertProductionSecrets(env: NodeJS.ProcessEnv = process.env) {
  if (env.NODE_ENV !== "production" || env.NEXT_PHASE === "phase-production-build") return;
  const missing = missingProductionSecrets(env);
  if (missing.length) throw new Error(`${missing.join(" and ")} must be set (32+ characters) in production: refusing to start`);
}
