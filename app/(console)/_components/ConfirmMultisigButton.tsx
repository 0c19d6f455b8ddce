"use client";
// Your acting account's approval of a proposal, recorded on chain (approveHash) so that it stands whoever
// executes later; the approval's transaction is followed until it is final, then the page reads the Safe again.
import { useState } from "react";
import { ActionButton } from "@/components/ActionButton";
import { confirmMultisigAction } from "../_actions/multisigs";
import { FollowRecord } from "./FollowRecord";

export function ConfirmMultisigButton({ id, txIndex, approved }: { id: string; txIndex: number; approved: boolean }) {
  const [sent, setSent] = useState<{ id: string; status: string } | null>(null);
  return sent ? (
    // Stays after the page reads the approval back, so the outcome remains in view.
    <FollowRecord key={sent.id} kind="transaction" id={sent.id} status={sent.status} label="Approval" />
  ) : approved ? (
    <span className="muted small" data-testid={`approved-${txIndex}`}>
      Approved on chain by your acting account
    </span>
  ) : (
    <ActionButton
      action={() => confirmMultisigAction(id, txIndex)}
      onDone={(state) => state.status === "ok" && state.result && setSent(state.result)}
      className="btn btn-small"
      pendingLabel="Approving…"
      label={`Approve Safe transaction ${txIndex}`}
    >
      Approve
    </ActionButton>
  );
}
