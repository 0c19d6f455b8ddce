"use client";
// Signed out: create a passkey (WebAuthn registration → a passkey-owned account) or sign in with one.
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { useRouter } from "next/navigation";
import { ErrorAlert } from "@/components/ErrorAlert";
import { useBusyAction } from "@/components/useBusyAction";
import type { Result } from "@/lib/connect/end-users/page-action";
import { beginRegistration, beginSignIn, finishRegistration, finishSignIn } from "./actions";

export function PasskeyEntry({ publishableKey }: { publishableKey: string }) {
  const router = useRouter();
  const { busy, error, setError, run } = useBusyAction<"create" | "signin">();
  /** One WebAuthn ceremony: the server's options, the browser's passkey answering them, the server checking the answer. */
  const ceremony = <O, R>(key: "create" | "signin", begin: (pk: string) => Promise<Result<O>>, start: (args: { optionsJSON: O }) => Promise<R>, finish: (pk: string, response: R) => Promise<Result<unknown>>, failure: string) =>
    run(
      key,
      async () => {
        const options = await begin(publishableKey);
        if (!options.ok) return setError(options.error);
        const done = await finish(publishableKey, await start({ optionsJSON: options.value }));
        if (!done.ok) return setError(done.error);
        router.refresh();
      },
      (e) => (e instanceof Error ? `${failure}: ${e.message}` : `${failure}.`),
    );
  const create = () => ceremony("create", beginRegistration, startRegistration, finishRegistration, "The passkey was not created");
  const signIn = () => ceremony("signin", beginSignIn, startAuthentication, finishSignIn, "Sign-in did not complete");

  return (
    <div className="stack">
      <button type="button" className="btn btn-primary" onClick={create} disabled={busy !== null}>
        {busy === "create" ? "Creating your passkey…" : "Create a passkey"}
      </button>
      <button type="button" className="btn" onClick={signIn} disabled={busy !== null}>
        {busy === "signin" ? "Signing in…" : "Sign in with passkey"}
      </button>
      <ErrorAlert error={error} />
    </div>
  );
}
