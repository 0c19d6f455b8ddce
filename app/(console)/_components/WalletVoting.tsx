"use client";
// A token holder's browser wallet on a governance instance: its voting power, "Delegate with a browser wallet" (the
// wallet signs the token's EIP-712 Delegation to itself, the acting account relays delegateBySig), and "Vote with
// a browser wallet" on an active proposal (the wallet signs the governor's Ballot, the acting account relays
// castVoteBySig: the vote counts for the wallet's delegated power). Each relayed transaction is followed until final.
import { useEffect, useState } from "react";
import type { Address } from "viem";
import { formatWithSymbol } from "@/lib/console/amounts";
import { ballotToSignAction, delegateWithWalletAction, delegationToSignAction, voteWithWalletAction, walletPowerAction } from "../_actions/wallet-signing";
import { FollowRecord } from "./FollowRecord";
import { ErrorAlert } from "@/components/ErrorAlert";
import { useBrowserWallet, useWalletAction, type TypedDataToSign } from "./useBrowserWallet";

type Sent = { id: string; status: string };
type Power = { address: string; votes: string; balance: string; delegatee: string | null };

/** The connected wallet's power on the instance's token, and delegating it to itself by signature. */
export function WalletVotingPanel({ id, name, symbol, decimals }: { id: string; name: string; symbol: string | null; decimals: number }) {
  const wallet = useBrowserWallet();
  const [power, setPower] = useState<Power | null>(null);
  const { busy, error, setError, run } = useWalletAction();
  const [sent, setSent] = useState<Sent | null>(null);
  const units = (raw: string) => (symbol ? formatWithSymbol(raw, decimals, symbol) : raw);

  async function refresh(address: Address) {
    const read = await walletPowerAction(id, address);
    if (read.status === "ok" && read.result) setPower(read.result);
    else setError(read.message ?? "The wallet's voting power could not be read.");
  }
  const self = power !== null && power.delegatee?.toLowerCase() === power.address.toLowerCase();
  useEffect(() => {
    if (!wallet.address) return;
    void refresh(wallet.address);
    // After a delegation is sent, read again until the chain shows it (the transaction is followed below).
    if (!sent || self) return;
    const timer = setInterval(() => void refresh(wallet.address!), 1500);
    return () => clearInterval(timer);
  }, [wallet.address, sent, self]);

  const connect = () => run(async () => void (await wallet.connect()));
  const delegate = () =>
    run(async () => {
      const address = await wallet.connect();
      const typed = await delegationToSignAction(id, address, address);
      if (typed.status !== "ok" || !typed.result) return setError(typed.message ?? "The delegation could not be prepared.");
      const { delegator, ...data } = typed.result;
      const signature = await wallet.sign(address, data as unknown as TypedDataToSign);
      const relayed = await delegateWithWalletAction(id, { delegator, delegatee: address, nonce: data.message.nonce, expiry: Number(data.message.expiry), signature });
      if (relayed.status !== "ok" || !relayed.result) return setError(relayed.message ?? "The delegation was not sent.");
      setSent(relayed.result);
    });

  return (
    <div className="stack" style={{ gap: 6 }} role="group" aria-label={`Your browser wallet in ${name}`}>
      {wallet.address ? (
        <p data-testid={`wallet-power-${id}`}>
          Your browser wallet <span className="mono break">{wallet.address}</span>:{" "}
          {power ? (
            <>
              voting power <strong>{units(power.votes)}</strong> of {units(power.balance)} held
              <span className="muted small">{power.delegatee === null ? " — not delegated yet" : self ? " (delegated to itself)" : " (delegated to another address)"}</span>
            </>
          ) : (
            <span className="muted">reading…</span>
          )}
        </p>
      ) : (
        <p className="muted small">Token holders vote with their own browser wallet: the signature is theirs, your acting account only sends it.</p>
      )}
      <span className="row" style={{ gap: 6, flexWrap: "wrap" }}>
        {!wallet.address ? (
          <button type="button" className="btn btn-small" onClick={connect} disabled={busy} aria-busy={busy}>
            {busy ? "Waiting for the browser wallet…" : "Connect a browser wallet"}
          </button>
        ) : null}
        {wallet.address && power && !self ? (
          <button type="button" className="btn btn-small" onClick={delegate} disabled={busy} aria-busy={busy} aria-label={`Delegate with a browser wallet in ${name}`}>
            {busy ? "Waiting for the browser wallet…" : "Delegate with a browser wallet"}
          </button>
        ) : null}
      </span>
      {sent ? <FollowRecord key={sent.id} kind="transaction" id={sent.id} status={sent.status} label="Wallet delegation" /> : null}
      <ErrorAlert error={error} small testId={`wallet-error-${id}`} />
    </div>
  );
}

/** "Vote with a browser wallet" on an active proposal: for, against or abstain, signed by the connected wallet. */
export function WalletVote({ governance, proposal, label }: { governance: string; proposal: string; label: string }) {
  const wallet = useBrowserWallet();
  const [support, setSupport] = useState("for");
  const { busy, error, setError, run } = useWalletAction();
  const [sent, setSent] = useState<Sent | null>(null);

  const voteWithWallet = () =>
    run(async () => {
      const address = await wallet.connect();
      const typed = await ballotToSignAction(governance, proposal, address, support);
      if (typed.status !== "ok" || !typed.result) return setError(typed.message ?? "The ballot could not be prepared.");
      const signature = await wallet.sign(address, typed.result as unknown as TypedDataToSign);
      const relayed = await voteWithWalletAction(governance, proposal, address, support, signature);
      if (relayed.status !== "ok" || !relayed.result) return setError(relayed.message ?? "The vote was not sent.");
      setSent(relayed.result);
    });

  if (sent) return <FollowRecord key={sent.id} kind="transaction" id={sent.id} status={sent.status} label="Wallet vote" />;
  return (
    <span className="stack" style={{ gap: 6 }}>
      <span className="row" style={{ gap: 6, flexWrap: "wrap" }}>
        <select className="input" style={{ width: "auto" }} value={support} onChange={(e) => setSupport(e.target.value)} aria-label={`Your wallet's vote — ${label}`} disabled={busy}>
          <option value="for">For</option>
          <option value="against">Against</option>
          <option value="abstain">Abstain</option>
        </select>
        <button type="button" className="btn btn-small" onClick={voteWithWallet} disabled={busy} aria-busy={busy} aria-label={`Vote with a browser wallet — ${label}`}>
          {busy ? "Waiting for the browser wallet…" : "Vote with a browser wallet"}
        </button>
      </span>
      <ErrorAlert error={error} small testId={`wallet-vote-error-${proposal}`} />
    </span>
  );
}
