"use server";
import "@/lib/composition"; // the domains registered with the layers below (chain writes, quotas) before any action
import { consoleContext } from "@/lib/console/session";
import { formDecimals } from "@/lib/console/actions";
import { isFormKind, validateForm } from "@/lib/console/form-specs";

/** Inline validation of a console form with its API schema (no side effects). */
export async function validateConsoleForm(kind: string, formData: FormData): Promise<Record<string, string>> {
  if (!isFormKind(kind)) return {};
  if (kind === "register" || kind === "acceptInvitation") return validateForm(kind, formData); // signed-out pages
  const context = await consoleContext();
  if (!context) return {};
  // A token or vault that cannot be read leaves the amounts unchecked here; the submission reports why.
  const decimals = await formDecimals(context.scope, kind, formData).catch(() => undefined);
  return validateForm(kind, formData, decimals);
}
