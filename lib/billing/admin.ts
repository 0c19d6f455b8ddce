// The billing admin endpoints (activate, payments across tenants, payment confirm) take the platform's admin
// secret in the `X-Admin-Secret` header, compared in constant time with BILLING_ADMIN_SECRET. Without the
// setting they are closed. The secret is never logged: the audit row names the caller by a fingerprint.
import { createHash, timingSafeEqual } from "node:crypto";
import { ApiError } from "@/lib/core/errors";
import { clientIpFrom } from "@/lib/http/client-ip";
import { newId } from "@/lib/core/ids";
import { db, Prisma } from "@/lib/db";

export const ADMIN_SECRET_HEADER = "x-admin-secret";

const digest = (value: string) => createHash("sha256").update(value).digest();

const forbidden = (message: string) => new ApiError(403, "permission_error", "admin_secret_invalid", message);

export interface Admin {
  /** A fingerprint of the secret used (its hash's first 12 hex digits), for the audit log. */
  actor: string;
  ip: string;
}

/** 403 unless the request carries the configured admin secret. Comparing fixed-size digests keeps it constant-time whatever the length. */
export function requireAdmin(request: Request): Admin {
  const configured = process.env.BILLING_ADMIN_SECRET;
  const presented = request.headers.get(ADMIN_SECRET_HEADER);
  if (!configured) throw forbidden("Billing admin endpoints are disabled: BILLING_ADMIN_SECRET is not set on the server.");
  if (!presented) throw forbidden(`Missing admin secret: send it in the ${ADMIN_SECRET_HEADER} header.`);
  if (!timingSafeEqual(digest(presented), digest(configured))) throw forbidden("Invalid admin secret.");
  return { actor: `admin:${digest(configured).toString("hex").slice(0, 12)}`, ip: clientIpFrom((name) => request.headers.get(name)) };
}

/** One audit row per admin action, written in the action's own transaction when given one. */
export function audit(admin: Admin, action: string, entry: { tenantId?: string; target?: string; detail?: Prisma.InputJsonValue }, tx: Prisma.TransactionClient = db) {
  return tx.adminAuditLog.create({
    data: { id: newId("aud"), action, tenantId: entry.tenantId, target: entry.target, detail: entry.detail ?? {}, actor: admin.actor, ip: admin.ip },
  });
}
