// The client IP behind the per-IP limits (/auth/*, the console's sign-in). Forwarding headers are trusted
// only as the deployment's proxy sets them, named by TRUSTED_PROXY; a client can write any header, so
// without it every request shares one bucket instead of choosing its own.
//   vercel      x-vercel-forwarded-for, then x-real-ip (both set by Vercel's edge, overwriting the client's)
//   cloudflare  cf-connecting-ip
//   <N>         the Nth entry from the right of X-Forwarded-For: N proxies of ours each append one
//   unset       no forwarding header is read: the shared bucket `unknown`
// Behind the production server (scripts/serve.ts) the connection's address is known too: the server resolves
// the client once (resolveConnectionClient) and hands on a one-entry X-Forwarded-For, which is then read as is.

type HeaderGetter = (name: string) => string | null | undefined;

/** Every header some TRUSTED_PROXY setting reads: what a request made on the client's behalf must carry over. */
export const FORWARDING_HEADERS = ["x-forwarded-for", "x-real-ip", "x-vercel-forwarded-for", "cf-connecting-ip"] as const;

export const UNKNOWN_CLIENT = "unknown";

const first = (value: string | null | undefined) => value?.split(",")[0].trim() || undefined;

// On globalThis: the server loads this module outside Next.js's bundle, which has its own copy.
const server = globalThis as unknown as { platformServerResolvesClientIp?: boolean };

/** Called once by the production server: every request it hands on carries the client it resolved. */
export function serverResolvesClientIp() {
  server.platformServerResolvesClientIp = true;
}

const trustedProxySetting = () => process.env.TRUSTED_PROXY?.trim().toLowerCase();

/**
 * The client of a connection: with TRUSTED_PROXY=N the Nth X-Forwarded-For entry from the right (what our
 * outermost proxy appended), or the socket's address when fewer than N entries came (the request skipped our
 * proxies, so every entry is the client's own); without TRUSTED_PROXY the socket's address, header ignored.
 */
export function resolveConnectionClient(get: HeaderGetter, socketAddress: string | undefined, trustedProxy = trustedProxySetting()): string {
  const socket = socketAddress || UNKNOWN_CLIENT;
  if (!trustedProxy) return socket;
  if (trustedProxy === "vercel" || trustedProxy === "cloudflare") {
    const client = fromProxyHeaders(get, trustedProxy);
    return client === UNKNOWN_CLIENT ? socket : client;
  }
  const hops = hopsOf(trustedProxy);
  const entries = forwardedEntries(get);
  return entries.length >= hops ? entries[entries.length - hops] : socket;
}

export function clientIpFrom(get: HeaderGetter, trustedProxy = trustedProxySetting()): string {
  if (server.platformServerResolvesClientIp) return first(get("x-forwarded-for")) ?? UNKNOWN_CLIENT;
  if (!trustedProxy) return UNKNOWN_CLIENT;
  return fromProxyHeaders(get, trustedProxy);
}

function fromProxyHeaders(get: HeaderGetter, trustedProxy: string): string {
  if (trustedProxy === "vercel") return first(get("x-vercel-forwarded-for")) ?? first(get("x-real-ip")) ?? UNKNOWN_CLIENT;
  if (trustedProxy === "cloudflare") return first(get("cf-connecting-ip")) ?? UNKNOWN_CLIENT;
  const hops = hopsOf(trustedProxy);
  const entries = forwardedEntries(get);
  return entries[entries.length - hops] ?? UNKNOWN_CLIENT;
}

function hopsOf(trustedProxy: string): number {
  const hops = Number(trustedProxy);
  if (!Number.isInteger(hops) || hops < 1) throw new Error(`TRUSTED_PROXY must be "vercel", "cloudflare" or a number of proxies ≥ 1, not "${trustedProxy}"`);
  return hops;
}

const forwardedEntries = (get: HeaderGetter) => (get("x-forwarded-for") ?? "").split(",").map((e) => e.trim()).filter(Boolean);
