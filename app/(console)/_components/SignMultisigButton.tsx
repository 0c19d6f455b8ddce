"use client";
// "Sign with a browser wallet": a Safe owner who is not your acting account signs a pending transaction in their
// browser wallet (the SafeTx EIP-712 data, read on the server). The server keeps the signature only when it
// recovers to an owner of the Safe over this transaction; it then counts as a confirmation and goes into the
// execution. A wallet that is not an owner is told so, and nothing is kept.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ErrorAlert } from "@/components/ErrorAlert";
import { safeTxToSignAction, signMultisigAction } from "../_actions/wallet-signing";
import { useBrowserWallet, useWalletAction, type TypedDataToSign } from "./useBrowserWallet";

export function SignMultisigButton({ id, txIndex }: { id: string; txIndex: number }) {
  const router = useRouter();
  const wallet = useBrowserWallet();
  const { busy, error, setError, run } = useWalletAction();
  const [done, setDone] = useState<string | null>(null);

  const sign = () =>
    run(async () => {
      setDone(null);
      const address = await wallet.connect();
      const typed = await safeTxToSignAction(id, txIndex);
      if (typed.status !== "ok" || !typed.result) return setError(typed.message ?? "The transaction could not be read.");
      const signature = await wallet.sign(address, typed.result as unknown as TypedDataToSign);
      const kept = await signMultisigAction(id, txIndex, address, signature);
      if (kept.status !== "ok" || !kept.result) return setError(kept.message ?? "The signature was not kept.");
      setDone(kept.result.duplicate ? `${address} had signed this transaction already: that signature stands.` : `Signed by ${address}.`);
      router.refresh();
    });

  return (
    <span className="stack" style={{ gap: 6, alignItems: "flex-start" }}>
      <button type="button" className="btn btn-small" onClick={sign} disabled={busy} aria-busy={busy} aria-label={`Sign Safe transaction ${txIndex} with a browser wallet`}>
        {busy ? "Waiting for the browser wallet…" : "Sign with a browser wallet"}
      </button>
      {done ? (
        <span className="small" role="status" data-testid={`wallet-signed-${txIndex}`}>
          {done}
        </span>
      ) : null}
      <ErrorAlert error={error} small testId={`wallet-error-${txIndex}`} />
    </span>
  );
}
