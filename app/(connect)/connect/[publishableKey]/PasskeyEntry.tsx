"use client";
// Signed out: create a passkey (WebAuthn registration → a passkey-owned account) or sign in with one.
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { beginRegistration, beginSignIn, finishRegistration, finishSignIn } from "./actions";

export function PasskeyEntry({ publishableKey }: { publishableKey: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState<null | "create" | "signin">(null);
  const [error, setError] = useState<string | null>(null);

  async function create() {
    setBusy("create");
    setError(null);
    try {
      const options = await beginRegistration(publishableKey);
      if (!options.ok) return setError(options.error);
      const response = await startRegistration({ optionsJSON: options.value });
      const done = await finishRegistration(publishableKey, response);
      if (!done.ok) return setError(done.error);
      router.refresh();
    } catch (e) {
      setError(e instanceof Error ? `The passkey was not created: ${e.message}` : "The passkey was not created.");
    } finally {
      setBusy(null);
    }
  }

  async function signIn() {
    setBusy("signin");
    setError(null);
    try {
      const options = await beginSignIn(publishableKey);
      if (!options.ok) return setError(options.error);
      const response = await startAuthentication({ optionsJSON: options.value });
      const done = await finishSignIn(publishableKey, response);
      if (!done.ok) return setError(done.error);
      router.refresh();
    } catch (e) {
      setError(e instanceof Error ? `Sign-in did not complete: ${e.message}` : "Sign-in did not complete.");
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="stack">
      <button type="button" className="btn btn-primary" onClick={create} disabled={busy !== null}>
        {busy === "create" ? "Creating your passkey…" : "Create a passkey"}
      </button>
      <button type="button" className="btn" onClick={signIn} disabled={busy !== null}>
        {busy === "signin" ? "Signing in…" : "Sign in with passkey"}
      </button>
      {error ? (
        <p className="notice notice-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
