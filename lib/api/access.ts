// Which members may call a route with a session (a console user's access token), and who acts in the request.
// Each route declares the least role it needs (RouteOptions.role); without a declaration, reads need `viewer` and
// writes `developer`. API keys act for the tenant and pass as before. The wrapper (./handler) calls both here.
import { clientIpFrom } from "@/lib/http/client-ip";
import { atLeast, permissionDenied, type Role } from "@/lib/core/roles";
import type { Actor } from "@/lib/core/actor";
import type { Caller } from "@/lib/core/scope";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The least role a member needs to call `method` on a route that declares `declared` (or nothing). */
export const minimumRole = (method: string, declared?: Role): Role => declared ?? (READS.has(method.toUpperCase()) ? "viewer" : "developer");

/** 403 `permission_denied` (the error envelope) when a session's member has less than the route's role. */
export function assertRole(caller: Caller | null, method: string, declared?: Role): void {
  if (!caller?.member) return;
  const minimum = minimumRole(method, declared);
  if (!atLeast(caller.member.role, minimum)) throw permissionDenied(caller.member.role, minimum);
}

/** Who acts in the request, for the audit log: the member or the API key, and the client's IP. */
export function actorOf(caller: Caller | null, request: Request): Actor | null {
  if (!caller) return null;
  const ip = clientIpFrom((name) => request.headers.get(name));
  if (caller.userId) return { type: "user", id: caller.userId, label: caller.member?.email, ip };
  return caller.apiKey ? { type: "api_key", id: caller.apiKey.id, ip } : null;
}
