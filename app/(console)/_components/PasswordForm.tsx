"use client";
// The signed-in member's password. Changing it ends every other session; this browser signs in again with the
// new password so it stays signed in.
import { signIn } from "next-auth/react";
import { ConsoleForm, Field, Submit } from "@/components/ConsoleForm";
import type { FormState } from "@/lib/console/forms";
import { changePasswordAction } from "../_actions/team";
import { Notice } from "@/components/Notice";

export function PasswordForm({ email }: { email: string }) {
  const action = async (formData: FormData): Promise<FormState<unknown>> => {
    const state = await changePasswordAction(formData);
    if (state.status !== "ok") return state;
    const result = await signIn("credentials", { email, password: String(formData.get("new_password")), redirect: false });
    if (!result || result.error) return { status: "error", message: "Your password was changed, but signing in again failed: sign in with the new password." };
    return { status: "ok", result: true };
  };
  return (
    <ConsoleForm
      action={action}
      validate="changePassword"
      reset
      aria-label="Change your password"
      success={() => <Notice tone="success">Password changed. Your other sessions were signed out.</Notice>}
    >
      {/* For password managers: whose password this is. */}
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
      <div className="form-grid">
        <Field name="current_password" label="Current password" type="password" autoComplete="current-password" required />
        <Field name="new_password" label="New password" type="password" autoComplete="new-password" required hint="At least 10 characters, with a letter and a digit or symbol." />
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Changing…">Change password</Submit>
      </div>
    </ConsoleForm>
  );
}
