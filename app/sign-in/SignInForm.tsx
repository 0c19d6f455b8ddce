"use client";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { startAuthentication } from "@simplewebauthn/browser";
import { ConsoleForm, Field, Submit } from "@/components/ConsoleForm";
import type { FormState } from "@/lib/console/forms";
import { passkeyChallengeAction } from "./actions";
import { Notice } from "@/components/Notice";

// What lib/console/auth's authorize answers a member with passkeys who sent the password alone.
const PASSKEY_REQUIRED = "passkey_required";

/** A member with passkeys: the challenge, the passkey's answer (the browser asks for it), then the sign-in with it. */
async function withPasskey(email: string, password: string): Promise<{ error?: string }> {
  const challenge = await passkeyChallengeAction(email, password);
  if (challenge.status !== "ok" || !challenge.result) return { error: challenge.message ?? "Signing in with your passkey is unavailable right now." };
  let answer;
  try {
    answer = await startAuthentication({ optionsJSON: challenge.result });
  } catch {
    return { error: "Your passkey did not answer (cancelled, or not on this device). Sign in again to retry." };
  }
  const result = await signIn("credentials", { email, password, passkey: JSON.stringify(answer), redirect: false });
  return { error: result?.error ?? (result ? undefined : "Sign-in failed; try again.") };
}

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
    const error = result?.error === PASSKEY_REQUIRED ? (await withPasskey(email, password)).error : result ? result.error : "CredentialsSignin";
    if (error) return { status: "error", message: error === "CredentialsSignin" ? "Incorrect email or password." : error };
    router.replace(callbackUrl);
    router.refresh();
    return { status: "idle" };
  };
  return (
    <ConsoleForm action={action} aria-label="Sign in">
      {initialError ? (
        <Notice tone="danger" role="alert">
          {initialError}
        </Notice>
      ) : null}
      <Field name="email" label="Email" type="email" autoComplete="email" required autoFocus />
      <Field name="password" label="Password" type="password" autoComplete="current-password" required />
      <Submit pendingLabel="Signing in…">Sign in</Submit>
    </ConsoleForm>
  );
}
