"use client";
// A Safe transaction proposed from the console: a recipient, an amount of the network's coin (typed in units)
// and optional calldata. It is stored with its hash for the owners to approve; nothing is sent yet.
import { useState } from "react";
import { ConsoleForm, Field, Submit } from "@/components/ConsoleForm";
import { proposeMultisigAction } from "../_actions/multisigs";
import { AmountPreview } from "./AmountPreview";

export function ProposeMultisigForm({ id, native }: { id: string; native: string }) {
  const [typed, setTyped] = useState("");
  return (
    <ConsoleForm
      action={(formData) => proposeMultisigAction(id, formData)}
      validate="proposeMultisig"
      aria-label="Propose a transaction"
      reset
      success={(tx: { tx_index: number } | undefined) => (tx ? <p className="small">Proposed as transaction {tx.tx_index}: it waits below for approvals.</p> : null)}
    >
      <div className="form-grid">
        <Field name="to" label="To" placeholder="0x…" required mono autoComplete="off" spellCheck={false} className="span-2" />
        <Field
          name="value"
          label={`Amount (${native})`}
          inputMode="decimal"
          placeholder="0"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          hint={<AmountPreview typed={typed} decimals={18} symbol={native} />}
          autoComplete="off"
          mono
        />
        <Field name="data" label="Call data (optional)" placeholder="0x" mono autoComplete="off" spellCheck={false} hint="Hex bytes of a contract call; leave empty to send only the amount." />
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Proposing…">Propose</Submit>
      </div>
    </ConsoleForm>
  );
}
