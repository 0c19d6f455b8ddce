"use client";
// What can be done with a proposal in its state, from your wallet: vote while Active (or have a token holder
// vote with their browser wallet), queue once Succeeded, execute once Queued and its time has come. The
// transaction sent is followed until it is final.
import { useState } from "react";
import { ActionButton } from "@/components/ActionButton";
import type { FormState } from "@/lib/console/forms";
import { executeProposalAction, queueAction, voteAction } from "../_actions/governance";
import { FollowRecord } from "./FollowRecord";
import { WalletVote } from "./WalletVoting";

type Sent = { id: string; status: string };

export function ProposalActions({ governance, proposal, state, executable, label }: { governance: string; proposal: string; state: string | null; executable: boolean; label: string }) {
  // What was sent last, and in which state: once the state moves on (the page reads it again after the
  // transaction is final), the next actions show under the followed record.
  const [sent, setSent] = useState<{ tx: Sent; what: string; at: string | null } | null>(null);
  const done = (what: string) => (result: FormState<Sent>) => result.status === "ok" && result.result && setSent({ tx: result.result, what, at: state });
  const button = (what: string, action: () => Promise<FormState<Sent>>, primary = false) => (
    <ActionButton action={action} onDone={done(what)} className={primary ? "btn btn-small btn-primary" : "btn btn-small"} label={`${what} — ${label}`} pendingLabel="Sending…">
      {what}
    </ActionButton>
  );
  const followed = sent ? <FollowRecord key={sent.tx.id} kind="transaction" id={sent.tx.id} status={sent.tx.status} label={sent.what} /> : null;
  let next = null;
  if (sent && sent.at === state) next = null;
  else if (state === "Active")
    next = (
      <span className="row" style={{ gap: 6, flexWrap: "wrap" }}>
        {button("Vote for", () => voteAction(governance, proposal, "for"), true)}
        {button("Vote against", () => voteAction(governance, proposal, "against"))}
        {button("Abstain", () => voteAction(governance, proposal, "abstain"))}
      </span>
    );
  else if (state === "Succeeded") next = button("Queue", () => queueAction(governance, proposal), true);
  else if (state === "Queued") next = executable ? button("Execute", () => executeProposalAction(governance, proposal), true) : <span className="muted small">Waiting for the timelock</span>;
  const walletVote = state === "Active" ? <WalletVote governance={governance} proposal={proposal} label={label} /> : null;
  return (
    <span className="stack" style={{ gap: 6 }}>
      {followed}
      {next}
      {walletVote}
    </span>
  );
}
