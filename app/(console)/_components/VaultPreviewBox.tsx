"use client";
import { useState } from "react";
import { ConsoleForm, Field, Submit } from "@/components/ConsoleForm";
import { formatAmount } from "@/lib/console/amounts";
import { vaultPreviewAction } from "../_actions/vaults";
import { AmountPreview } from "./AmountPreview";
import type { VaultAction, VaultPreview } from "./useVaultPreview";

const ACTIONS = {
  deposit: { input: "assets", verb: "Depositing" },
  mint: { input: "shares", verb: "Minting" },
  withdraw: { input: "assets", verb: "Withdrawing" },
  redeem: { input: "shares", verb: "Redeeming" },
} as const;

export interface VaultUnits {
  vaultId: string;
  assetDecimals: number;
  shareDecimals: number;
  assetSymbol: string;
  shareSymbol: string;
}

/** How the vault's two amounts read: assets in the asset's symbol, shares in the vault's. */
export const unitOf = (v: VaultUnits, unit: "shares" | "assets") => (unit === "assets" ? { decimals: v.assetDecimals, symbol: v.assetSymbol } : { decimals: v.shareDecimals, symbol: v.shareSymbol });

/** What a deposit, mint, withdrawal or redemption of an amount (typed in units) would give or take now. */
export function VaultPreviewBox(props: VaultUnits) {
  const [action, setAction] = useState<VaultAction>("deposit");
  const [typed, setTyped] = useState("");
  const input = unitOf(props, ACTIONS[action].input);
  return (
    <ConsoleForm
      action={(formData) => vaultPreviewAction(props.vaultId, formData)}
      validate="vaultPreview"
      aria-label="Vault preview"
      success={(p: VaultPreview | undefined) => {
        if (!p) return null;
        const out = unitOf(props, p.result_unit);
        const given = unitOf(props, ACTIONS[p.action].input);
        return (
          <div className="stat" style={{ padding: 0 }} data-testid="vault-preview-result">
            <div className="label">
              {ACTIONS[p.action].verb} {formatAmount(p.amount, given.decimals)} {given.symbol} {p.action === "mint" || p.action === "withdraw" ? "takes" : "gives"}
            </div>
            <div className="value">
              {formatAmount(p.result, out.decimals)} {out.symbol}
            </div>
            <div className="hint mono">{p.result} in the smallest unit</div>
          </div>
        );
      }}
    >
      <input type="hidden" name="vault" value={props.vaultId} />
      <div className="field">
        <label htmlFor="vault-preview-action">Action</label>
        <select id="vault-preview-action" name="action" className="select" value={action} onChange={(e) => setAction(e.target.value as VaultAction)}>
          {Object.keys(ACTIONS).map((a) => (
            <option key={a} value={a}>
              {a[0].toUpperCase() + a.slice(1)}
            </option>
          ))}
        </select>
      </div>
      <Field
        name="amount"
        label={`Amount (${input.symbol})`}
        inputMode="decimal"
        placeholder="1.5"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        hint={<AmountPreview typed={typed} decimals={input.decimals} symbol={input.symbol} />}
        mono
        required
      />
      <div className="form-actions">
        <Submit className="btn" pendingLabel="Reading…">
          Preview
        </Submit>
      </div>
    </ConsoleForm>
  );
}
