"use client";
import { ActionButton } from "@/components/ActionButton";
import { executeMultisigAction } from "../_actions/multisigs";

export function ExecuteMultisigButton({ id, txIndex }: { id: string; txIndex: number }) {
  return (
    <ActionButton
      action={executeMultisigAction.bind(null, id, txIndex)}
      className="btn btn-small btn-primary"
      pendingLabel="Executing…"
      confirm={`Execute Safe transaction ${txIndex} now? It is sent from your acting account.`}
      label={`Execute Safe transaction ${txIndex}`}
    >
      Execute
    </ActionButton>
  );
}
