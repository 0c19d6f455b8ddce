// Who is asking, and what they may see. A caller is a tenant, with the API key it came with (or a console
// session); its scope is the tenant and the environment of the key. Test keys see only test data and live keys
// only live data; anything else answers 404, exactly like another tenant's id.
import type { Role } from "./roles";

export interface Caller {
  tenantId: string;
  apiKey?: { id: string; environment: "test" | "live" };
  /** True for live-mode API keys: such callers see and write live data only (test keys: test data only). */
  livemode: boolean;
  userId?: string;
  /** A session's member: their role now (read on each request, so a change applies at once) and e-mail. */
  member?: { role: Role; email: string };
}

export interface Scope {
  tenantId: string;
  livemode: boolean;
}

export const scopeOf = (caller: Pick<Caller, "tenantId" | "apiKey">): Scope => ({ tenantId: caller.tenantId, livemode: caller.apiKey?.environment === "live" });
