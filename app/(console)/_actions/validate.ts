"use server";
import { consoleContext } from "@/lib/console/session";
import { isFormKind, validateForm } from "@/lib/console/form-specs";

/** Inline validation of a console form with its API schema (no side effects). */
export async function validateConsoleForm(kind: string, formData: FormData): Promise<Record<string, string>> {
  if (!isFormKind(kind)) return {};
  if (kind !== "register" && !(await consoleContext())) return {};
  return validateForm(kind, formData.entries());
}
