"use client";
import { useState } from "react";
import { ConsoleForm, Field, Submit } from "@/components/ConsoleForm";
import { formatAmount } from "@/lib/console/amounts";
import type { serializeToken } from "@/lib/tokens/serialize";
import { balanceAction } from "../_actions/tokens";

type Token = ReturnType<typeof serializeToken>;

export function BalanceLookup({ token, walletAddress }: { token: Token; walletAddress: string }) {
  const [address, setAddress] = useState("");
  const fungible = token.standard === "ERC20" || token.standard === "ERC20_ALT" || token.standard === "ERC3643";
  return (
    <ConsoleForm
      action={(formData) => balanceAction(token.id, formData)}
      validate="balance"
      aria-label="Balance lookup"
      success={(b: { address: string; balance: string; nft_token_id: string } | undefined) =>
        b ? (
          <div className="stat" style={{ padding: 0 }} data-testid="balance-result">
            <div className="label">
              Balance of <span className="mono">{b.address}</span>
              {fungible ? "" : ` (id ${b.nft_token_id})`}
            </div>
            <div className="value" data-testid="balance-value">
              {fungible ? `${formatAmount(b.balance, token.decimals)} ${token.symbol}` : b.balance}
            </div>
            {fungible ? <div className="hint mono">{b.balance} in the smallest unit</div> : null}
          </div>
        ) : null
      }
    >
      <div className="field">
        <Field name="address" label="Holder address" placeholder="0x…" value={address} onChange={(e) => setAddress(e.target.value)} spellCheck={false} autoComplete="off" mono required />
        <span>
          <button type="button" className="btn-link btn small" onClick={() => setAddress(walletAddress)}>
            Use my wallet address
          </button>
        </span>
      </div>
      {fungible ? <input type="hidden" name="nft_token_id" value="0" /> : <Field name="nft_token_id" label="Token id" inputMode="numeric" placeholder="1" mono required />}
      <div className="form-actions">
        <Submit className="btn" pendingLabel="Reading…">
          Check balance
        </Submit>
      </div>
    </ConsoleForm>
  );
}
