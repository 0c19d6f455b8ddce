"use client";
// The identities page's forms: register an investor of a regulated token, add a claim about one (signed by your
// claim issuer), add a country module or a module with an amount (in token units) to a token's compliance and
// remove one. Each change is sent from your wallet; the page follows the records until the chain confirms them.
import { useState } from "react";
import { Check, ConsoleForm, Field, Select, Submit, TextArea } from "@/components/ConsoleForm";
import { ActionButton } from "@/components/ActionButton";
import { FollowRecord } from "./FollowRecord";
import { addAmountModuleAction, addClaimAction, addCountryModuleAction, registerIdentityAction, removeModuleAction, type AmountModuleForm } from "../_actions/identities";

type Choice = { id: string; label: string };
type TokenChoice = Choice & { symbol: string };

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

const AMOUNT_KINDS: { value: string; label: string; form: AmountModuleForm }[] = [
  { value: "MaxBalanceModule", label: "Maximum balance per investor", form: "addMaxBalanceModule" },
  { value: "SupplyLimitModule", label: "Limit the total supply", form: "addSupplyLimitModule" },
  { value: "TimeTransfersLimitsModule", label: "Limit what an investor transfers over a period", form: "addTransferLimitModule" },
];

const WINDOWS = [
  { value: "3600", label: "An hour" },
  { value: "86400", label: "A day" },
  { value: "604800", label: "A week" },
  { value: "2592000", label: "30 days" },
];

/** A module whose one parameter is an amount, typed in the chosen token's units (converted by its decimals on the server). */
export function AddAmountModuleForm({ tokens }: { tokens: TokenChoice[] }) {
  const [token, setToken] = useState(tokens[0]);
  const [kind, setKind] = useState(AMOUNT_KINDS[0]);
  const symbol = token?.symbol ?? "";
  return (
    <ConsoleForm action={(formData) => addAmountModuleAction(kind.form, formData)} validate={kind.form} aria-label="Add a limit" reset>
      <div className="form-grid">
        <Select
          name="token_id"
          label="Regulated token"
          options={tokens.map((t) => ({ value: t.id, label: t.label }))}
          value={token?.id}
          onChange={(e) => setToken(tokens.find((t) => t.id === e.target.value) ?? tokens[0])}
        />
        <Select name="kind" label="Limit" options={AMOUNT_KINDS} value={kind.value} onChange={(e) => setKind(AMOUNT_KINDS.find((k) => k.value === e.target.value) ?? AMOUNT_KINDS[0])} />
        {kind.value === "MaxBalanceModule" ? (
          <>
            <Field name="max_balance" label={`Most an investor may hold (${symbol})`} inputMode="decimal" placeholder="1000" required autoComplete="off" hint="Counted per investor identity, across its wallets." />
            <Check name="preset_completed" label="The token already has holders: count balances from now on" />
          </>
        ) : kind.value === "SupplyLimitModule" ? (
          <Field name="supply_limit" label={`Most the supply may reach (${symbol})`} inputMode="decimal" placeholder="1000000" required autoComplete="off" hint="A mint past it is refused." />
        ) : (
          <>
            <Select name="time_transfer_limits.0.period_sec" label="Period" options={WINDOWS} defaultValue="86400" />
            <Field name="time_transfer_limits.0.max_amount" label={`Most an investor may send in it (${symbol})`} inputMode="decimal" placeholder="500" required autoComplete="off" />
          </>
        )}
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Adding…">Add limit</Submit>
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
