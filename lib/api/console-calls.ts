// What the console's billing page reads and does. Its own records (plan, crypto payments) come from lib/billing;
// usage, invoices and card checkout are API operations of their own (GET /v1/billing/usage, GET
// /v1/billing/invoices, POST /v1/billing/checkout): the page calls them in-process with the signed-in user's
// session, exactly as an integrator would, and shows what it can when one is missing or unavailable.
import { headers as requestHeaders } from "next/headers";
import { issueAccessToken } from "@/lib/auth/tokens";
import { FORWARDING_HEADERS } from "@/lib/http/client-ip";
import { resolveHandler } from "@/lib/api/dispatch";
import { unmatchedHandler } from "@/lib/api/unmatched";
import type { ConsoleContext } from "@/lib/console/session";

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** One API operation for the signed-in user; null when this deployment has no such operation (404/405 of no route). */
export async function consoleApi<T = any>(context: ConsoleContext, method: string, path: string, body?: unknown): Promise<ApiAnswer<T> | null> {
  const url = new URL(path, "http://console.internal");
  const { handler, params } = await resolveHandler(url.pathname, method);
  if (handler === unmatchedHandler) return null;
  const token = await issueAccessToken(context.user.id, context.tenant.id);
  const headers = new Headers({ authorization: `Bearer ${token}` });
  if (body !== undefined) headers.set("content-type", "application/json");
  // The browser's client as the deployment's proxy reported it: the audit log names the member's IP.
  const incoming = await requestHeaders();
  for (const name of FORWARDING_HEADERS) {
    const value = incoming.get(name);
    if (value) headers.set(name, value);
  }
  const response = await handler(new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), { params: Promise.resolve(params) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

export interface UsageMeter {
  used: number;
  limit: number | null;
}

export interface BillingUsage {
  object: "billing_usage";
  plan: string;
  period_start: number | string;
  period_end: number | string;
  usage: Record<string, UsageMeter>;
  /** Chain writes and deployed contracts on the embedded local chain: shown, counted toward no quota. */
  local?: { chain_writes: number; deployed_contracts: number };
}

/** GET /v1/billing/usage, or null when it does not answer (not on this deployment, or an error). */
export async function usageOf(context: ConsoleContext): Promise<BillingUsage | null> {
  try {
    const answer = await consoleApi<BillingUsage>(context, "GET", "/v1/billing/usage");
    return answer?.status === 200 && answer.body?.usage && typeof answer.body.usage === "object" ? answer.body : null;
  } catch {
    return null;
  }
}

export interface Invoice {
  id: string;
  [field: string]: unknown;
}

/** GET /v1/billing/invoices: the list, or null when invoices cannot be read here. */
export async function invoicesOf(context: ConsoleContext): Promise<Invoice[] | null> {
  try {
    const answer = await consoleApi<{ data?: Invoice[] }>(context, "GET", "/v1/billing/invoices");
    return answer?.status === 200 && Array.isArray(answer.body?.data) ? answer.body.data : null;
  } catch {
    return null;
  }
}

/** Whole units and the rest of a base-unit amount: "99000000" with 6 decimals → "99.00" (at least 2 decimals). */
export function formatUnits(amount: string, decimals: number): string {
  const value = BigInt(amount);
  const scale = 10n ** BigInt(decimals);
  const whole = value / scale;
  let fraction = (value % scale).toString().padStart(decimals, "0").replace(/0+$/, "");
  if (fraction.length < 2) fraction = fraction.padEnd(2, "0");
  return `${whole.toLocaleString("en-US")}.${fraction}`;
}
