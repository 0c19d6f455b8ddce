"use client";
// Signed in: the account, its operations waiting for the passkey's signature (signed here: the WebAuthn
// challenge is the userOpHash, the assertion is laid out for the passkey validator and sent with
// sign-and-relay), their status until confirmed, a token transfer to prepare, sign out.
import { startAuthentication } from "@simplewebauthn/browser";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { Hex } from "viem";
import type { SessionAccount } from "@/lib/connect/end-users/service";
import { passkeySignature, userOpChallenge } from "@/lib/connect/accounts/passkey-signature";
import { cancelPending, checkOperation, createTransfer, signOperation, signOut } from "./actions";
import { Card } from "@/components/Card";

const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-8)}`;
const FINAL = new Set(["confirmed", "failed", "cancelled"]);

export function AccountPanel(props: { publishableKey: string; rpId: string; credentialId: string; account: SessionAccount; title: string }) {
  const { publishableKey, rpId, credentialId, account } = props;
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ hash: string; status: string; detail?: string } | null>(null);

  async function follow(hash: string) {
    for (let i = 0; i < 120; i++) {
      const res = await checkOperation(publishableKey, hash);
      if (!res.ok) return setError(res.error);
      setStatus({ hash, status: res.value.status, detail: res.value.failureReason ?? undefined });
      if (FINAL.has(res.value.status)) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    router.refresh();
  }

  async function sign(hash: Hex) {
    setBusy(hash);
    setError(null);
    try {
      const assertion = await startAuthentication({
        optionsJSON: { challenge: userOpChallenge(hash), rpId, userVerification: "required", allowCredentials: [{ id: credentialId, type: "public-key" }], timeout: 60_000 },
      });
      const res = await signOperation(publishableKey, hash, passkeySignature(assertion.response));
      if (!res.ok) return setError(res.error);
      setStatus({ hash, status: res.value.status });
      await follow(hash);
    } catch (e) {
      setError(e instanceof Error ? `Not signed: ${e.message}` : "Not signed.");
    } finally {
      setBusy(null);
    }
  }

  async function cancel(hash: string) {
    setBusy(hash);
    setError(null);
    const res = await cancelPending(publishableKey, hash);
    if (!res.ok) setError(res.error);
    setBusy(null);
    router.refresh();
  }

  async function transfer(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy("transfer");
    setError(null);
    const res = await createTransfer(publishableKey, { token: String(form.get("token") ?? "").trim(), to: String(form.get("to") ?? "").trim(), amount: String(form.get("amount") ?? "").trim() });
    setBusy(null);
    if (!res.ok) return setError(res.error);
    router.refresh();
  }

  async function leave() {
    setBusy("signout");
    await signOut(publishableKey);
    setBusy(null);
    router.refresh();
  }

  return (
    <>
      <section className="card" aria-labelledby="account-heading">
        <div className="card-header">
          <h1 id="account-heading">{props.title}</h1>
          <button type="button" className="btn btn-small" onClick={leave} disabled={busy !== null}>
            Sign out
          </button>
        </div>
        <dl className="details">
          <dt>Account</dt>
          <dd className="mono" data-testid="account-address">
            {account.address}
          </dd>
          <dt>Network</dt>
          <dd>
            {account.network} (chain {account.chainId})
          </dd>
          <dt>Signed by</dt>
          <dd>{account.validator === "passkey" ? "Your passkey" : account.validator}</dd>
          <dt>Deployed</dt>
          <dd>{account.deployed === null ? "unknown" : account.deployed ? "Yes" : "Not yet: your first operation deploys it"}</dd>
        </dl>
      </section>

      {error ? (
        <p className="notice notice-danger" role="alert">
          {error}
        </p>
      ) : null}
      {status ? (
        <p className={`notice ${status.status === "confirmed" ? "notice-success" : status.status === "failed" ? "notice-danger" : "notice-info"}`} role="status">
          Operation <span className="mono">{short(status.hash)}</span>: <strong>{status.status}</strong>
          {status.detail ? ` (${status.detail})` : null}
        </p>
      ) : null}

      <Card id="pending-heading" title="Waiting for your signature">
        <div className="card-body">
          {account.pending.length === 0 ? (
            <p className="muted">Nothing to sign.</p>
          ) : (
            <ul className="stack" aria-label="Operations waiting for your signature" style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {account.pending.map((op) => (
                <li key={op.userOpHash} className="row" style={{ justifyContent: "space-between" }}>
                  <span className="mono" title={op.userOpHash}>
                    {short(op.userOpHash)}
                  </span>
                  <span className="row">
                    <button type="button" className="btn btn-primary btn-small" onClick={() => sign(op.userOpHash)} disabled={busy !== null} aria-label={`Sign with passkey ${op.userOpHash}`}>
                      {busy === op.userOpHash ? "Signing…" : "Sign with passkey"}
                    </button>
                    <button type="button" className="btn btn-small" onClick={() => cancel(op.userOpHash)} disabled={busy !== null} aria-label={`Cancel ${op.userOpHash}`}>
                      Cancel
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Card>

      <Card id="send-heading" title="Send tokens" description="Prepares an ERC-20 transfer; you then sign it with your passkey.">
        <form className="card-body form" onSubmit={transfer}>
          <div className="form-grid">
            <div className="field span-2">
              <label htmlFor="token">Token contract</label>
              <input id="token" name="token" className="input mono" required placeholder="0x…" autoComplete="off" />
            </div>
            <div className="field">
              <label htmlFor="to">Recipient</label>
              <input id="to" name="to" className="input mono" required placeholder="0x…" autoComplete="off" />
            </div>
            <div className="field">
              <label htmlFor="amount">Amount (smallest unit)</label>
              <input id="amount" name="amount" className="input" required inputMode="numeric" pattern="[0-9]+" />
            </div>
          </div>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy !== null}>
              {busy === "transfer" ? "Preparing…" : "Prepare transfer"}
            </button>
          </div>
        </form>
      </Card>

      {account.recent.length ? (
        <Card id="recent-heading" title="Recent operations">
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Operation</th>
                  <th scope="col">Status</th>
                  <th scope="col">Transaction</th>
                </tr>
              </thead>
              <tbody>
                {account.recent.map((op) => (
                  <tr key={op.userOpHash}>
                    <td className="mono" title={op.userOpHash}>
                      {short(op.userOpHash)}
                    </td>
                    <td>{op.status}</td>
                    <td className="mono">{op.transactionHash ? short(op.transactionHash) : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      ) : null}
    </>
  );
}
