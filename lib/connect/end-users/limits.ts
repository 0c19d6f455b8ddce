// Rate limits of the public Connect pages and their server actions (app/(connect)): anyone can reach
// them, so each page view and each action takes a slot per client IP and one per publishable key
// (lib/http/rate-limit.ts's sliding windows, shared by every instance). The IP comes from the forwarding
// headers the deployment's proxy sets (TRUSTED_PROXY, lib/http/client-ip.ts); where none is trusted, the
// IP limit is kept per page (the key's own bucket), so one application's visitors never exhaust another's.
// Defaults leave room for a user following an operation (one status check a second); operators tune them
// with CONNECT_PAGE_LIMIT_PER_IP and CONNECT_PAGE_LIMIT_PER_KEY (per minute).
import { headers } from "next/headers";
import { clientIpFrom, UNKNOWN_CLIENT } from "@/lib/http/client-ip";
import { takeSlot, type Policy } from "@/lib/http/rate-limit";

const perMinute = (env: string, fallback: number) => {
  const value = Number(process.env[env]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

export const connectPagePolicies = () => ({
  ip: { name: "connect_page_ip", limit: perMinute("CONNECT_PAGE_LIMIT_PER_IP", 300), windowSeconds: 60 } satisfies Policy,
  key: { name: "connect_page_key", limit: perMinute("CONNECT_PAGE_LIMIT_PER_KEY", 3000), windowSeconds: 60 } satisfies Policy,
});

export type PageSlot = { allowed: true } | { allowed: false; retryAfter: number; message: string };

/** Takes this request's slots (client IP first, then the publishable key); the first refusal wins. */
export async function takeConnectPageSlot(publishableKey: string): Promise<PageSlot> {
  const h = await headers();
  const ip = clientIpFrom((name) => h.get(name));
  const key = publishableKey.slice(0, 80);
  const policies = connectPagePolicies();
  for (const [slotKey, policy] of [[ip === UNKNOWN_CLIENT ? `unknown:${key}` : ip, policies.ip], [key, policies.key]] as const) {
    const slot = await takeSlot(slotKey, policy);
    if (!slot.allowed) {
      return { allowed: false, retryAfter: slot.retryAfter, message: `Too many requests right now: wait ${slot.retryAfter} second${slot.retryAfter === 1 ? "" : "s"} and try again.` };
    }
  }
  return { allowed: true };
}
