// What the console says about an API error: the API's messages are written for developers calling it (they
// name endpoints to call and, for operators, settings); a tenant admin in the console gets the same facts
// with the page that fixes it instead. Never an env-var name or an API path as an instruction.
import type { ApiError } from "@/lib/core/errors";

export interface ConsoleMessage {
  message: string;
  /** The console page that fixes it, if any. */
  link?: { href: string; label: string };
}

// An operator's setting (STRIPE_SECRET_KEY, RPC_URL_POLYGON, ALLOW_LOCAL_CHAIN; not a role such as MINTER_ROLE) or an
// API call (POST /v1/…, /v1/tokens/{id}/mint).
const OPERATOR_SETTING = /\bRPC_URL_[A-Z0-9_]+\b|\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:KEY|SECRET|URL|TOKEN|PASSWORD|CHAIN|QUOTAS|NETWORKS)\b/;
const API_PATH = /(?:\b(?:GET|POST|PUT|PATCH|DELETE)\s+)?\/v1\/[\w/{}.-]*/;

/** `text` without the sentences (and parentheses) that name an operator's setting or an API call. */
export function consoleWording(text: string): string {
  const cleaned = text.replace(/\s*\([^()]*\)/g, (part) => (OPERATOR_SETTING.test(part) || API_PATH.test(part) ? "" : part));
  const sentences = cleaned.split(/(?<=[.!?])\s+/);
  const kept = sentences.filter((s) => !OPERATOR_SETTING.test(s) && !API_PATH.test(s));
  if (kept.length) return kept.join(" ");
  // Every sentence named one: keep the first, with the API call left out.
  return sentences[0].replace(new RegExp(`\\s*(?:with|at|through|via)?\\s*${API_PATH.source}`, "g"), "").replace(OPERATOR_SETTING, "a setting of this deployment");
}

const PAGES: Record<string, ConsoleMessage["link"]> = {
  quota_exceeded: { href: "/billing", label: "Upgrade on the Billing page" },
  feature_disabled: { href: "/features", label: "Open Features" },
  billing_unavailable: { href: "/billing", label: "Pay with a stablecoin on the Billing page" },
  network_unavailable: { href: "/dashboard", label: "See what is available in this mode" },
};

/** The console's version of an API error: its message in our console wording and the page that fixes it. */
export function consoleMessage(error: Pick<ApiError, "code" | "message">): ConsoleMessage {
  const link = PAGES[error.code];
  return link ? { message: consoleWording(error.message), link } : { message: consoleWording(error.message) };
}
