"use client";
// Your acting account's approval of a proposal, recorded on chain (approveHash) so that it stands whoever
// executes later; the approval's transaction is followed until it is final, then the page reads the Safe again.
import { useState } from "react";
import { ActionButton } from "@/components/ActionButton";
import { confirmMultisigAction } from "../_actions/multisigs";
import { FollowRecord } from "./FollowRecord";

export function ConfirmMultisigButton({ id, txIndex }: { id: string; txIndex: number }) {
  const [sent, setSent] = useState<{ id: string; status: string } | null>(null);
  return sent ? (
    <FollowRecord key={sent.id} kind="transaction" id={sent.id} status={sent.status} label="Approval" />
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
