"use client";
// The governance page's forms: a new Governor + Timelock over one of the tenant's votes tokens (followed until
// it is deployed), and an instance's one-call proposal from your wallet and delegating its voting power (to
// itself, so that it can vote). Each sent transaction is followed until it is final.
import { useState, type ReactNode } from "react";
import { ConsoleForm, Field, Select, Submit, TextArea } from "@/components/ConsoleForm";
import { durationOf } from "@/lib/console/time";
import type { VotesTokenChoice } from "@/lib/console/governance";
import { createGovernanceAction, delegateAction, proposeAction } from "../_actions/governance";
import { FollowRecord } from "./FollowRecord";

/** A length typed in the token's clock, in words: "20 blocks, about 40 s" (or "1 h" for a timestamp clock). */
function clockWords(token: VotesTokenChoice | undefined, typed: string) {
  if (!token || !/^\d+$/.test(typed.trim())) return null;
  const n = Number(typed);
  if (token.clock === "timestamp") return `${n} s = ${durationOf(n)}`;
  return `${n} block${n === 1 ? "" : "s"}, about ${durationOf(Math.round(n * token.blockSeconds))}`;
}

export function CreateGovernanceForm({ tokens }: { tokens: VotesTokenChoice[] }) {
  const [token, setToken] = useState(tokens[0]);
  const [delay, setDelay] = useState("1");
  const [period, setPeriod] = useState("50400");
  const [minDelay, setMinDelay] = useState("3600");
  const unit = token?.clock === "timestamp" ? "seconds" : "blocks";
  return (
    <ConsoleForm
      action={createGovernanceAction}
      validate="createGovernance"
      aria-label="Create a governance instance"
      success={(g: { id: string; status: string } | undefined) => (g ? <FollowRecord key={g.id} kind="governance" id={g.id} status={g.status} label="Governance" /> : null)}
    >
      <div className="form-grid">
        <Select
          name="token"
          label="Voting token"
          options={tokens.map((t) => ({ value: t.id, label: `${t.symbol} — ${t.name} (${t.networkLabel})` }))}
          value={token?.id}
          onChange={(e) => setToken(tokens.find((t) => t.id === e.target.value) ?? tokens[0])}
          hint="Votes weigh its balances, once delegated."
        />
        <Field name="name" label="Name" placeholder="Acme DAO" required maxLength={100} hint="Ballots are signed for this name." />
        <WholeNumberField name="voting_delay" label={`Voting delay (${unit})`} min={0} value={delay} onChange={setDelay}>
          From a proposal to the start of its vote{clockWords(token, delay) ? `: ${clockWords(token, delay)}` : ""}.
        </WholeNumberField>
        <WholeNumberField name="voting_period" label={`Voting period (${unit})`} min={1} value={period} onChange={setPeriod}>
          How long a vote lasts{clockWords(token, period) ? `: ${clockWords(token, period)}` : ""}.
        </WholeNumberField>
        <Field name="quorum_numerator" label="Quorum (%)" type="number" min={0} max={100} inputMode="numeric" defaultValue="4" required hint="Share of the token's supply that must vote for a proposal to pass." />
        <WholeNumberField name="min_delay" label="Timelock delay (seconds)" min={0} value={minDelay} onChange={setMinDelay}>
          Wait between queueing a passed proposal and executing it{/^\d+$/.test(minDelay.trim()) ? `: ${durationOf(Number(minDelay))}` : ""}.
        </WholeNumberField>
        <Field
          name="proposal_threshold"
          label={`Proposal threshold${token ? ` (${token.symbol})` : ""}`}
          inputMode="decimal"
          defaultValue="0"
          autoComplete="off"
          hint="Votes a wallet needs to make a proposal; 0: anyone."
        />
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Deploying…">Create governance</Submit>
      </div>
    </ConsoleForm>
  );
}

/** A required whole number typed into the form, its hint (the children) saying what it comes to as it is typed. */
function WholeNumberField({ name, label, min, value, onChange, children }: { name: string; label: string; min: number; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return <Field name={name} label={label} type="number" min={min} inputMode="numeric" value={value} onChange={(e) => onChange(e.target.value)} required hint={<>{children}</>} />;
}

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
