"use client";
// Deposit, withdraw and redeem from the tenant's wallet, amounts typed in units, each with what it would give
// or take now (the vault's preview) and, once sent, the operation followed until it succeeded or failed.
import { useState } from "react";
import { ConsoleForm, Field, Submit } from "@/components/ConsoleForm";
import { formatAmount } from "@/lib/console/amounts";
import { vaultOperationAction } from "../_actions/vaults";
import { AmountPreview } from "./AmountPreview";
import { FollowRecord } from "./FollowRecord";
import { useTabs } from "./useTabs";
import { unitOf, type VaultUnits } from "./VaultPreviewBox";
import { useVaultPreview } from "./useVaultPreview";

type Operation = "deposit" | "withdraw" | "redeem";
const OPERATIONS: Operation[] = ["deposit", "withdraw", "redeem"];
const ABOUT = {
  deposit: { label: "Deposit", field: "assets", unit: "assets", note: "Approves the vault to take the amount from your wallet, then deposits it.", outcome: "You receive about" },
  withdraw: { label: "Withdraw", field: "assets", unit: "assets", note: "Takes the amount out of the vault to your wallet, burning shares.", outcome: "Burns about" },
  redeem: { label: "Redeem", field: "shares", unit: "shares", note: "Burns the shares and pays their assets to your wallet.", outcome: "You receive about" },
} as const;

export function VaultActions(props: VaultUnits) {
  const { tab, setTab, onKeyDown } = useTabs(OPERATIONS, "vault");
  return (
    <div className="stack">
      <div className="tabs" role="tablist" aria-label="Vault action" onKeyDown={onKeyDown}>
        {OPERATIONS.map((op) => (
          <button key={op} id={`vault-tab-${op}`} type="button" role="tab" aria-selected={tab === op} aria-controls={`vault-panel-${op}`} tabIndex={tab === op ? 0 : -1} onClick={() => setTab(op)}>
            {ABOUT[op].label}
          </button>
        ))}
      </div>
      {OPERATIONS.map((op) => (
        <div key={op} id={`vault-panel-${op}`} role="tabpanel" aria-labelledby={`vault-tab-${op}`} hidden={tab !== op}>
          <OperationForm operation={op} units={props} />
        </div>
      ))}
    </div>
  );
}

function OperationForm({ operation, units }: { operation: Operation; units: VaultUnits }) {
  const [typed, setTyped] = useState("");
  const about = ABOUT[operation];
  const input = unitOf(units, about.unit);
  const preview = useVaultPreview(units.vaultId, operation, typed);
  const output = preview ? unitOf(units, preview.result_unit) : null;
  return (
    <ConsoleForm
      action={(formData) => vaultOperationAction(operation, units.vaultId, formData)}
      validate={`vault${about.label}`}
      aria-label={`${about.label} ${input.symbol}`}
      success={(op: { id: string; status: string } | undefined) =>
        op ? <FollowRecord key={op.id} kind="vault_operation" id={op.id} status={op.status} parent={units.vaultId} label={about.label} /> : null
      }
    >
      <input type="hidden" name="vault" value={units.vaultId} />
      <Field
        name={about.field}
        label={`Amount (${input.symbol})`}
        inputMode={input.decimals > 0 ? "decimal" : "numeric"}
        placeholder={input.decimals > 0 ? "1.5" : "1"}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        hint={<AmountPreview typed={typed} decimals={input.decimals} symbol={input.symbol} />}
        autoComplete="off"
        required
        mono
      />
      <p className="small" data-testid={`vault-${operation}-preview`} aria-live="polite">
        {preview && output ? (
          <>
            {about.outcome} <strong>{formatAmount(preview.result, output.decimals)} {output.symbol}</strong> at the latest block.
          </>
        ) : (
          <span className="muted">{about.note}</span>
        )}
      </p>
      <div className="form-actions">
        <Submit pendingLabel="Submitting…">{about.label}</Submit>
      </div>
    </ConsoleForm>
  );
}
