"use client";
import { useState } from "react";
import { ConsoleForm, Field, Submit } from "@/components/ConsoleForm";
import { formatAmount } from "@/lib/console/amounts";
import { vaultPreviewAction } from "../_actions/vaults";

const ACTIONS = {
  deposit: { input: "assets", output: "shares", verb: "Depositing" },
  mint: { input: "shares", output: "assets", verb: "Minting" },
  withdraw: { input: "assets", output: "shares", verb: "Withdrawing" },
  redeem: { input: "shares", output: "assets", verb: "Redeeming" },
} as const;
type Action = keyof typeof ACTIONS;

interface Preview {
  action: Action;
  amount: string;
  result: string;
  result_unit: "shares" | "assets";
}

/** What a deposit, mint, withdrawal or redemption of an amount would give or take now (amounts in base units). */
export function VaultPreviewBox({ vaultId, assetDecimals, shareDecimals, symbol }: { vaultId: string; assetDecimals: number; shareDecimals: number; symbol: string }) {
  const [action, setAction] = useState<Action>("deposit");
  const unitOf = (unit: "shares" | "assets") => (unit === "assets" ? { decimals: assetDecimals, name: "assets" } : { decimals: shareDecimals, name: symbol });
  const input = unitOf(ACTIONS[action].input);
  return (
    <ConsoleForm
      action={(formData) => vaultPreviewAction(vaultId, formData)}
      validate="vaultPreview"
      aria-label="Vault preview"
      success={(p: Preview | undefined) => {
        if (!p) return null;
        const out = unitOf(p.result_unit);
        const given = unitOf(ACTIONS[p.action].input);
        return (
          <div className="stat" style={{ padding: 0 }} data-testid="vault-preview-result">
            <div className="label">
              {ACTIONS[p.action].verb} {formatAmount(p.amount, given.decimals)} {given.name} {p.action === "mint" || p.action === "withdraw" ? "takes" : "gives"}
            </div>
            <div className="value">
              {formatAmount(p.result, out.decimals)} {out.name}
            </div>
            <div className="hint mono">{p.result} in the smallest unit</div>
          </div>
        );
      }}
    >
      <div className="field">
        <label htmlFor="vault-preview-action">Action</label>
        <select id="vault-preview-action" name="action" className="select" value={action} onChange={(e) => setAction(e.target.value as Action)}>
          {Object.keys(ACTIONS).map((a) => (
            <option key={a} value={a}>
              {a[0].toUpperCase() + a.slice(1)}
            </option>
          ))}
        </select>
      </div>
      <Field name="amount" label={`Amount of ${input.name} (smallest unit, ${input.decimals} decimals)`} inputMode="numeric" placeholder="1000000" mono required />
      <div className="form-actions">
        <Submit className="btn" pendingLabel="Reading…">
          Preview
        </Submit>
      </div>
    </ConsoleForm>
  );
}
