"use client";
// Mint, transfer and burn, with the fields the token's standard takes (as the API requires them).
import { useState } from "react";
import { ConsoleForm, Field, Submit } from "@/components/ConsoleForm";
import type { serializeToken } from "@/lib/tokens/serialize";
import { tokenOperationAction } from "../_actions/tokens";
import { AmountPreview } from "./AmountPreview";
import { FollowRecord } from "./FollowRecord";
import { useTabs } from "./useTabs";

type Token = ReturnType<typeof serializeToken>;
type Operation = "mint" | "transfer" | "burn";
const OPERATIONS: Operation[] = ["mint", "transfer", "burn"];
const LABEL: Record<Operation, string> = { mint: "Mint", transfer: "Transfer", burn: "Burn" };

export function TokenOperations({ token, walletAddress }: { token: Token; walletAddress: string }) {
  const { tab, setTab, onKeyDown } = useTabs(OPERATIONS, "op");
  return (
    <div className="stack">
      <div className="tabs" role="tablist" aria-label="Operation" onKeyDown={onKeyDown}>
        {OPERATIONS.map((op) => (
          <button
            key={op}
            id={`op-tab-${op}`}
            type="button"
            role="tab"
            aria-selected={tab === op}
            aria-controls={`op-panel-${op}`}
            tabIndex={tab === op ? 0 : -1}
            onClick={() => setTab(op)}
          >
            {LABEL[op]}
          </button>
        ))}
      </div>
      {OPERATIONS.map((op) => (
        <div key={op} id={`op-panel-${op}`} role="tabpanel" aria-labelledby={`op-tab-${op}`} hidden={tab !== op}>
          <OperationForm operation={op} token={token} walletAddress={walletAddress} />
        </div>
      ))}
    </div>
  );
}

function OperationForm({ operation, token, walletAddress }: { operation: Operation; token: Token; walletAddress: string }) {
  const [to, setTo] = useState("");
  const [amount, setAmount] = useState("");
  const family = token.standard === "ERC20_ALT" || token.standard === "ERC3643" ? "ERC20" : token.standard;
  if (operation === "mint" && !token.features.mintable) return <p className="muted">This token was deployed without the mintable feature.</p>;
  if (operation === "burn" && !token.features.burnable) return <p className="muted">This token was deployed without the burnable feature.</p>;
  const needsTo = operation !== "burn";
  const needsAmount = family !== "ERC721";
  const needsId = family !== "ERC20";
  return (
    <ConsoleForm
      action={(formData) => tokenOperationAction(operation, token.id, formData)}
      validate={operation}
      reset
      aria-label={`${LABEL[operation]} ${token.symbol}`}
      // Followed until confirmed or failed; then the page's supply and holders are read again (FollowRecord).
      success={(tx: { id: string; status: string } | undefined) => (tx ? <FollowRecord key={tx.id} kind="transaction" id={tx.id} status={tx.status} label={LABEL[operation]} /> : null)}
    >
      {needsTo ? (
        <div className="field">
          <Field
            name="to"
            label={operation === "mint" ? "Recipient address" : "To address"}
            placeholder="0x…"
            autoComplete="off"
            spellCheck={false}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            mono
            required
          />
          <span>
            <button type="button" className="btn-link btn small" onClick={() => setTo(walletAddress)}>
              Use my wallet address
            </button>
          </span>
        </div>
      ) : null}
      {needsId ? <Field name="nft_token_id" label={family === "ERC721" ? "NFT id" : "Token id"} inputMode="numeric" placeholder="1" required mono /> : null}
      <input type="hidden" name="token" value={token.id} />
      {needsAmount ? (
        <Field
          name="amount"
          label={family === "ERC1155" ? "Copies" : `Amount (${token.symbol})`}
          inputMode={family === "ERC20" && token.decimals > 0 ? "decimal" : "numeric"}
          placeholder={family === "ERC20" && token.decimals > 0 ? "1.5" : "1"}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          hint={family === "ERC20" ? <AmountPreview typed={amount} decimals={token.decimals} symbol={token.symbol} /> : undefined}
          required
          mono
        />
      ) : null}
      {operation === "mint" && family !== "ERC20" ? <Field name="uri" label="Metadata URI (optional)" placeholder="ipfs://…" /> : null}
      {operation === "burn" ? <p className="muted small">Burns from your wallet{family === "ERC721" ? " (or wherever the NFT is, if your wallet may move it)" : ""}.</p> : null}
      <div className="form-actions">
        <Submit pendingLabel="Submitting…">{LABEL[operation]}</Submit>
      </div>
    </ConsoleForm>
  );
}
