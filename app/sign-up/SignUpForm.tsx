"use client";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { ConsoleForm, Field, Submit } from "@/components/ConsoleForm";
import type { FormState } from "@/lib/console/forms";
import { signUpAction } from "./actions";

export function SignUpForm() {
  const router = useRouter();
  const action = async (formData: FormData): Promise<FormState> => {
    const state = await signUpAction(formData);
    if (state.status !== "ok") return state;
    const result = await signIn("credentials", { email: String(formData.get("email")), password: String(formData.get("password")), redirect: false });
    if (!result || result.error) {
      return { status: "error", message: "Your account was created, but signing in failed. Sign in with your email and password." };
    }
    router.replace("/dashboard");
    router.refresh();
    return { status: "idle" };
  };
  return (
    <ConsoleForm action={action} validate="register" aria-label="Create your account">
      <Field name="full_name" label="Your name" autoComplete="name" required autoFocus />
      <Field name="company_name" label="Company" autoComplete="organization" required />
      <Field name="email" label="Work email" type="email" autoComplete="email" required />
      <Field name="password" label="Password" type="password" autoComplete="new-password" required hint="At least 10 characters, with a letter and a digit or symbol." />
      <Submit pendingLabel="Creating your account…">Create account</Submit>
    </ConsoleForm>
  );
}
