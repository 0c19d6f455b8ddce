"use client";
// What can be done with a proposal in its state, from your wallet: vote while Active, queue once Succeeded,
// execute once Queued and its time has come. The transaction sent is followed until it is final.
import { useState } from "react";
import { ActionButton } from "@/components/ActionButton";
import type { FormState } from "@/lib/console/forms";
import { executeProposalAction, queueAction, voteAction } from "../_actions/governance";
import { FollowRecord } from "./FollowRecord";

type Sent = { id: string; status: string };

export function ProposalActions({ governance, proposal, state, executable, label }: { governance: string; proposal: string; state: string | null; executable: boolean; label: string }) {
  const [sent, setSent] = useState<{ tx: Sent; what: string } | null>(null);
  const done = (what: string) => (result: FormState<Sent>) => result.status === "ok" && result.result && setSent({ tx: result.result, what });
  const button = (what: string, action: () => Promise<FormState<Sent>>, primary = false) => (
    <ActionButton action={action} onDone={done(what)} className={primary ? "btn btn-small btn-primary" : "btn btn-small"} label={`${what} — ${label}`} pendingLabel="Sending…">
      {what}
    </ActionButton>
  );
  if (sent) return <FollowRecord key={sent.tx.id} kind="transaction" id={sent.tx.id} status={sent.tx.status} label={sent.what} />;
  if (state === "Active")
    return (
      <span className="row" style={{ gap: 6, flexWrap: "wrap" }}>
        {button("Vote for", () => voteAction(governance, proposal, "for"), true)}
        {button("Vote against", () => voteAction(governance, proposal, "against"))}
        {button("Abstain", () => voteAction(governance, proposal, "abstain"))}
      </span>
    );
  if (state === "Succeeded") return button("Queue", () => queueAction(governance, proposal), true);
  if (state === "Queued") return executable ? button("Execute", () => executeProposalAction(governance, proposal), true) : <span className="muted small">Waiting for the timelock</span>;
  return null;
}
