// The client IP behind the per-IP limits (/auth/*, the console's sign-in). Forwarding headers are trusted
// only as the deployment's proxy sets them, named by TRUSTED_PROXY; a client can write any header, so
// without it every request shares one bucket instead of choosing its own.
//   vercel      x-vercel-forwarded-for, then x-real-ip (both set by Vercel's edge, overwriting the client's)
//   cloudflare  cf-connecting-ip
//   <N>         the Nth entry from the right of X-Forwarded-For: N proxies of ours each append one
//   unset       no forwarding header is read: the shared bucket `unknown`

type HeaderGetter = (name: string) => string | null | undefined;

/** Every header some TRUSTED_PROXY setting reads: what a request made on the client's behalf must carry over. */
export const FORWARDING_HEADERS = ["x-forwarded-for", "x-real-ip", "x-vercel-forwarded-for", "cf-connecting-ip"] as const;

export const UNKNOWN_CLIENT = "unknown";

const first = (value: string | null | undefined) => value?.split(",")[0].trim() || undefined;

export function clientIpFrom(get: HeaderGetter, trustedProxy = process.env.TRUSTED_PROXY?.trim().toLowerCase()): string {
  if (!trustedProxy) return UNKNOWN_CLIENT;
  if (trustedProxy === "vercel") return first(get("x-vercel-forwarded-for")) ?? first(get("x-real-ip")) ?? UNKNOWN_CLIENT;
  if (trustedProxy === "cloudflare") return first(get("cf-connecting-ip")) ?? UNKNOWN_CLIENT;
  const hops = Number(trustedProxy);
  if (!Number.isInteger(hops) || hops < 1) throw new Error(`TRUSTED_PROXY must be "vercel", "cloudflare" or a number of proxies ≥ 1, not "${trustedProxy}"`);
  const entries = (get("x-forwarded-for") ?? "").split(",").map((e) => e.trim()).filter(Boolean);
  return entries[entries.length - hops] ?? UNKNOWN_CLIENT;
}
