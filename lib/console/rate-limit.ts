// The console's sign-up and sign-in take the same per-IP slots as POST /auth/register and /auth/login.
import { clientIpFrom } from "@/lib/http/client-ip";
import { assertAllowed, policies, takeSlot } from "@/lib/http/rate-limit";

type HeaderSource = { get(name: string): string | null } | Record<string, unknown> | undefined;

/** One header of a request, whichever form its headers come in (a Headers object, or next-auth's plain object). */
export function header(source: HeaderSource, name: string): string | null {
  if (!source) return null;
  if (typeof (source as { get?: unknown }).get === "function") return (source as { get(n: string): string | null }).get(name);
  const value = (source as Record<string, unknown>)[name];
  return typeof value === "string" ? value : Array.isArray(value) ? String(value[0]) : null;
}

/** The client IP the API would see for a request with these headers. */
export const ipOf = (headers: HeaderSource): string => clientIpFrom((name) => header(headers, name));

/** Takes an `auth` slot for the IP; throws the API's 429 error when the limit is reached. */
export async function takeAuthSlot(headers: HeaderSource) {
  assertAllowed(await takeSlot(`ip:${ipOf(headers)}`, policies.auth));
}
