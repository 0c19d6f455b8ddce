"use client";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { ConsoleForm, Field, Submit } from "@/components/ConsoleForm";
import type { FormState } from "@/lib/console/forms";

export function SignInForm({ callbackUrl, initialError }: { callbackUrl: string; initialError?: string }) {
  const router = useRouter();
  const action = async (formData: FormData): Promise<FormState> => {
    const email = String(formData.get("email") ?? "").trim();
    const password = String(formData.get("password") ?? "");
    const fields: Record<string, string> = {};
    if (!email) fields.email = "Enter your email address.";
    if (!password) fields.password = "Enter your password.";
    if (Object.keys(fields).length) return { status: "error", message: "Enter your email and password.", fields };
    const result = await signIn("credentials", { email, password, redirect: false });
    if (!result || result.error) {
      const message = !result || result.error === "CredentialsSignin" ? "Incorrect email or password." : result.error!;
      return { status: "error", message };
    }
    router.replace(callbackUrl);
    router.refresh();
    return { status: "idle" };
  };
  return (
    <ConsoleForm action={action} aria-label="Sign in">
      {initialError ? (
        <div className="notice notice-danger" role="alert">
          {initialError}
        </div>
      ) : null}
      <Field name="email" label="Email" type="email" autoComplete="email" required autoFocus />
      <Field name="password" label="Password" type="password" autoComplete="current-password" required />
      <Submit pendingLabel="Signing in…">Sign in</Submit>
    </ConsoleForm>
  );
}
