"use client";
// The identities page's forms: register an investor of a regulated token, add a claim about one (signed by your
// claim issuer), add a country module to a token's compliance and remove one. Each change is sent from your
// wallet; the page follows the records until the chain confirms them.
import { useState } from "react";
import { ConsoleForm, Field, Select, Submit, TextArea } from "@/components/ConsoleForm";
import { ActionButton } from "@/components/ActionButton";
import { FollowRecord } from "./FollowRecord";
import { addClaimAction, addCountryModuleAction, registerIdentityAction, removeModuleAction } from "../_actions/identities";

type Choice = { id: string; label: string };

export function RegisterIdentityForm({ tokens }: { tokens: Choice[] }) {
  return (
    <ConsoleForm action={registerIdentityAction} validate="registerIdentity" aria-label="Register an investor" reset>
      <div className="form-grid">
        <Select name="token_id" label="Regulated token" options={tokens.map((t) => ({ value: t.id, label: t.label }))} className="span-2" />
        <Field name="wallet" label="Investor wallet" placeholder="0x…" required mono autoComplete="off" spellCheck={false} />
        <Field name="country" label="Country" placeholder="FR" required maxLength={3} autoComplete="off" hint="Two-letter code (FR, DE, US) or the numeric one (250)." />
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Registering…">Register investor</Submit>
      </div>
    </ConsoleForm>
  );
}

export function AddClaimForm({ identityId, wallet }: { identityId: string; wallet: string }) {
  return (
    <ConsoleForm action={(formData) => addClaimAction(identityId, formData)} validate="addClaim" aria-label={`Add a claim about ${wallet}`} className="row">
      <Field name="topic" label="Claim topic" defaultValue="1" inputMode="numeric" required hint="1 is KYC." />
      <Submit pendingLabel="Adding…" className="btn btn-small">
        Add claim
      </Submit>
    </ConsoleForm>
  );
}

const COUNTRY_KINDS = [
  { value: "CountryRestrictModule", label: "Block investors from these countries" },
  { value: "CountryAllowModule", label: "Allow only investors from these countries" },
];

export function AddModuleForm({ tokens }: { tokens: Choice[] }) {
  return (
    <ConsoleForm action={addCountryModuleAction} validate="addCountryModule" aria-label="Add a compliance module" reset>
      <div className="form-grid">
        <Select name="token_id" label="Regulated token" options={tokens.map((t) => ({ value: t.id, label: t.label }))} />
        <Select name="kind" label="Rule" options={COUNTRY_KINDS} />
        <TextArea name="countries" label="Countries" rows={2} placeholder={"US\nCN"} required className="span-2" hint="One country code a line (US, or 840)." />
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Adding…">Add module</Submit>
      </div>
    </ConsoleForm>
  );
}

/** Stays in place once the removal is read back (its row then says removed), so the followed outcome remains in view. */
export function RemoveModuleButton({ id, label, removable }: { id: string; label: string; removable: boolean }) {
  const [sent, setSent] = useState<{ id: string; status: string } | null>(null);
  if (sent) return <FollowRecord key={sent.id} kind="transaction" id={sent.id} status={sent.status} label="Removal" />;
  if (!removable) return null;
  return (
    <ActionButton
      action={() => removeModuleAction(id)}
      onDone={(state) => state.status === "ok" && state.result && setSent(state.result)}
      className="btn btn-small btn-danger"
      pendingLabel="Removing…"
      confirm={`Remove the module "${label}" from its token's compliance? Transfers are no longer checked against it.`}
      label={`Remove ${label}`}
    >
      Remove
    </ActionButton>
  );
}
