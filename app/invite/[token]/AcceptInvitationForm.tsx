"use client";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { ConsoleForm, Field, Submit } from "@/components/ConsoleForm";
import type { FormState } from "@/lib/console/forms";
import { acceptInvitationAction } from "./actions";

export function AcceptInvitationForm({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const action = async (formData: FormData): Promise<FormState> => {
    const state = await acceptInvitationAction(token, formData);
    if (state.status !== "ok") return state;
    const result = await signIn("credentials", { email, password: String(formData.get("password")), redirect: false });
    if (!result || result.error) return { status: "error", message: "You joined the team, but signing in failed. Sign in with your email and password." };
    router.replace("/dashboard");
    router.refresh();
    return { status: "idle" };
  };
  return (
    <ConsoleForm action={action} validate="acceptInvitation" aria-label="Join the team">
      <div className="field">
        <label htmlFor="invited-email">Email</label>
        <input id="invited-email" className="input" type="email" name="username" autoComplete="username" value={email} readOnly />
      </div>
      <Field name="full_name" label="Your name" autoComplete="name" required autoFocus />
      <Field name="password" label="Choose a password" type="password" autoComplete="new-password" required hint="At least 10 characters, with a letter and a digit or symbol." />
      <Submit pendingLabel="Joining…">Join the team</Submit>
    </ConsoleForm>
  );
}
