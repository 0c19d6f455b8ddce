"use client";
// A governance instance's forms: a one-call proposal from your wallet, and delegating its voting power (to
// itself, so that it can vote). Each sent transaction is followed until it is final.
import { ConsoleForm, Field, Submit, TextArea } from "@/components/ConsoleForm";
import { delegateAction, proposeAction } from "../_actions/governance";
import { FollowRecord } from "./FollowRecord";

type Sent = { id: string; status: string } | undefined;

export function ProposeForm({ id, name }: { id: string; name: string }) {
  return (
    <ConsoleForm
      action={(formData) => proposeAction(id, formData)}
      validate="propose"
      aria-label={`Propose to ${name}`}
      reset
      success={(p: { transaction: Sent } | undefined) => (p?.transaction ? <FollowRecord key={p.transaction.id} kind="transaction" id={p.transaction.id} status={p.transaction.status} label="Proposal" /> : null)}
    >
      <div className="form-grid">
        <TextArea name="description" label="Description" rows={2} required className="span-2" hint="Its first line names it in the list below." />
        <Field name="targets" label="Contract to call" placeholder="0x…" required mono autoComplete="off" spellCheck={false} />
        <Field name="calldatas" label="Call data" defaultValue="0x" required mono autoComplete="off" spellCheck={false} hint="Hex bytes of the call (0x: none)." />
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Proposing…">Propose</Submit>
      </div>
    </ConsoleForm>
  );
}

export function DelegateForm({ id, name, acting }: { id: string; name: string; acting: string }) {
  return (
    <ConsoleForm
      action={(formData) => delegateAction(id, formData)}
      validate="delegate"
      aria-label={`Delegate votes in ${name}`}
      success={(t: Sent) => (t ? <FollowRecord key={t.id} kind="transaction" id={t.id} status={t.status} label="Delegation" /> : null)}
    >
      <div className="form-grid">
        <Field name="delegatee" label="Delegate to" defaultValue={acting} required mono autoComplete="off" spellCheck={false} className="span-2" hint="Your wallet's address (to vote yourself) or someone who votes for you." />
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Delegating…">Delegate votes</Submit>
      </div>
    </ConsoleForm>
  );
}
