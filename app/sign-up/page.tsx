import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { consoleContext } from "@/lib/console/session";
import { Brand } from "@/components/Brand";
import { SignUpForm } from "./SignUpForm";
import "../globals.css";

export const metadata: Metadata = { title: "Create your account" };

export default async function SignUpPage() {
  if (await consoleContext()) redirect("/dashboard");
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <Brand />
        <h1>Create your account</h1>
        <p className="lead">Start in test mode: test networks, no real funds, nothing to install.</p>
        <SignUpForm />
        <p className="auth-foot">
          Already have an account? <Link href="/sign-in">Sign in</Link>
        </p>
      </div>
    </main>
  );
}
