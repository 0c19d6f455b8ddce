"use client";
// "Sign in with Ethereum" with the browser's injected wallet (wagmi): connect it, ask the server for a
// one-time nonce, build the EIP-4361 message for this page (domain = its host, URI = its origin, the
// wallet's chain), have the wallet sign it, and let the server verify it into the end-user session.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { createSiweMessage } from "viem/siwe";
import { useAccount, useConnect, useSignMessage } from "wagmi";
import { ErrorAlert } from "@/components/ErrorAlert";
import { useBusyAction } from "@/components/useBusyAction";
import { beginSiwe, finishSiwe, signOutWallet } from "./siwe-actions";

function walletError(e: unknown): string {
  const err = e as { name?: string; shortMessage?: string; message?: string; code?: number };
  if (err?.name === "ProviderNotFoundError") return "No browser wallet was found. Install one, or open this page in your wallet's browser.";
  if (err?.code === 4001 || err?.name === "UserRejectedRequestError") return "The wallet request was declined.";
  return `The wallet did not sign in: ${err?.shortMessage ?? err?.message ?? "unknown error"}`;
}

export function SiweSignIn({ publishableKey, appName }: { publishableKey: string; appName: string }) {
  const router = useRouter();
  const { connectors, connectAsync } = useConnect();
  const { signMessageAsync } = useSignMessage();
  const account = useAccount();
  const { busy, error, setError, run } = useBusyAction();
  const waiting = busy !== null;

  const signIn = () =>
    run(
      "busy",
      async () => {
        let address = account.address;
        let chainId = account.chainId;
        if (account.status !== "connected" || !address || !chainId) {
          const connector = connectors.find((c) => c.type === "injected");
          if (!connector) throw Object.assign(new Error("no injected connector"), { name: "ProviderNotFoundError" });
          const connected = await connectAsync({ connector });
          address = connected.accounts[0];
          chainId = connected.chainId;
        }
        const nonce = await beginSiwe(publishableKey);
        if (!nonce.ok) return setError(nonce.error);
        const message = createSiweMessage({
          domain: window.location.host,
          uri: window.location.origin,
          address,
          chainId,
          nonce: nonce.value,
          version: "1",
          statement: `Sign in to ${appName.replace(/[\r\n]/g, " ")}.`,
          issuedAt: new Date(),
          expirationTime: new Date(Date.now() + 5 * 60_000),
        });
        const signature = await signMessageAsync({ account: address, message });
        const done = await finishSiwe(publishableKey, { message, signature });
        if (!done.ok) return setError(done.error);
        router.refresh();
      },
      walletError,
    );

  return (
    <div className="stack">
      <button type="button" className="btn" onClick={signIn} disabled={waiting} aria-busy={waiting}>
        {waiting ? "Waiting for your wallet…" : "Sign in with Ethereum"}
      </button>
      <ErrorAlert error={error} />
    </div>
  );
}

export function SiweSignedIn({ publishableKey, address }: { publishableKey: string; address: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signOut() {
    setBusy(true);
    const res = await signOutWallet(publishableKey);
    setBusy(false);
    if (!res.ok) return setError(res.error);
    router.refresh();
  }

  return (
    <div className="stack">
      <p role="status">
        Signed in as <span className="mono break" data-testid="siwe-address">{address}</span>
      </p>
      <button type="button" className="btn" onClick={signOut} disabled={busy}>
        Sign out
      </button>
      <ErrorAlert error={error} />
    </div>
  );
}
