// How the audit log page says what happened: one sentence per action (lib/observability/audit names them).
import type { AuditLogRecord } from "@/lib/team/audit";

const text = (value: unknown) => (typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : "");

const mode = (detail: Record<string, unknown>) => (detail.livemode === true ? " (live)" : detail.livemode === false ? " (test)" : "");

const DESCRIBE: Record<string, (d: Record<string, unknown>, target: string | null) => string> = {
  "member.invited": (d) => `Invited ${text(d.email)} as ${text(d.role)}`,
  "member.invitation_revoked": (d) => `Revoked the invitation of ${text(d.email)}`,
  "member.joined": (d) => `${text(d.email)} joined as ${text(d.role)}`,
  "member.role_changed": (d) => `Changed the role of ${text(d.email)} from ${text(d.from)} to ${text(d.to)}`,
  "member.removed": (d) => `Removed ${text(d.email)} (${text(d.role)})`,
  "user.password_changed": () => "Changed their password",
  "user.passkey_added": (d) => `Added the passkey “${text(d.passkey)}” to their sign-in`,
  "user.passkey_removed": (d) => `Removed the passkey “${text(d.passkey)}” from their sign-in`,
  "api_key.created": (d) => `Created the ${text(d.environment)} API key “${text(d.name)}”`,
  "api_key.rotated": (d) => `Rotated the API key “${text(d.name)}”`,
  "api_key.revoked": (d) => `Revoked the API key “${text(d.name)}”`,
  "webhook_endpoint.created": (d) => `Added the webhook endpoint ${text(d.url)}${mode(d)}`,
  "webhook_endpoint.updated": (d) => `Changed a webhook endpoint (${Array.isArray(d.fields) ? d.fields.map(text).join(", ") : "settings"})${mode(d)}`,
  "webhook_endpoint.deleted": (d) => `Deleted the webhook endpoint ${text(d.url)}${mode(d)}`,
  "webhook_endpoint.secret_rotated": (d) => `Rotated a webhook endpoint's signing secret${mode(d)}`,
  "billing.checkout_started": (_, target) => `Started a card checkout for the ${text(target)} plan`,
  "billing.crypto_checkout_created": (d) => `Requested a ${text(d.currency)} payment for the ${text(d.plan)} plan on ${text(d.network)}`,
  "settings.updated": (d) => `Changed the Connect settings${mode(d)}${d.wallet_mode ? `: wallet mode ${text(d.wallet_mode)}` : ""}`,
  "feature.updated": (d, target) => `${d.enabled ? "Enabled" : "Disabled"} the feature ${text(target)}${d.config_changed ? " and changed its configuration" : ""}${mode(d)}`,
};

export function describeAuditEntry(entry: Pick<AuditLogRecord, "action" | "detail" | "target">): string {
  return DESCRIBE[entry.action]?.(entry.detail ?? {}, entry.target) ?? entry.action;
}

export function actorName(entry: Pick<AuditLogRecord, "actor">): string {
  if (entry.actor.type === "api_key") return `API key ${entry.actor.name ?? entry.actor.id ?? ""}`.trim();
  if (entry.actor.type === "system") return "The platform";
  return entry.actor.name ?? entry.actor.id ?? "A member";
}
