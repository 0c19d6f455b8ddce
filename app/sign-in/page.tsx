import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { consoleContext } from "@/lib/console/session";
import { safeCallback } from "@/lib/console/redirects";
import { param } from "@/lib/console/pages";
import { Brand } from "@/components/Brand";
import { SignInForm } from "./SignInForm";
import "../globals.css";

export const metadata: Metadata = { title: "Sign in" };

const ERRORS: Record<string, string> = {
  CredentialsSignin: "Incorrect email or password.",
  SessionRequired: "Sign in to continue.",
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const callbackUrl = safeCallback(param(query.callbackUrl));
  if (await consoleContext()) redirect(callbackUrl);
  const error = param(query.error);
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <Brand />
        <h1>Sign in</h1>
        <p className="lead">Welcome back. Sign in to your console.</p>
        <SignInForm callbackUrl={callbackUrl} initialError={error ? (ERRORS[error] ?? "Sign-in failed; try again.") : undefined} />
        <p className="auth-foot">
          New here? <Link href="/sign-up">Create an account</Link>
        </p>
      </div>
    </main>
  );
}
