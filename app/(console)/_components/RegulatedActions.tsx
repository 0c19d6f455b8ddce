"use client";
// Agent actions on a regulated token's investors: freeze or unfreeze a wallet, force a transfer.
import Link from "next/link";
import { ConsoleForm, Field, Submit } from "@/components/ConsoleForm";
import { forceTransferAction, freezeAction } from "../_actions/tokens";
import { Notice } from "@/components/Notice";

const submitted = (tx: { id: string } | undefined) =>
  tx ? (
    <Notice tone="success">
      Submitted <Link href={`/transactions/${tx.id}`} className="mono">{tx.id}</Link>; the table updates once it is confirmed.
    </Notice>
  ) : null;

export function FreezeButton({ tokenId, address, frozen }: { tokenId: string; address: string; frozen: boolean }) {
  const label = frozen ? "Unfreeze" : "Freeze";
  return (
    <ConsoleForm action={(formData) => freezeAction(tokenId, !frozen, formData)} aria-label={`${label} ${address}`} success={submitted}>
      <input type="hidden" name="address" value={address} />
      <Submit pendingLabel="Submitting…">{label}</Submit>
    </ConsoleForm>
  );
}

export function ForceTransferForm({ tokenId, symbol }: { tokenId: string; symbol: string }) {
  return (
    <ConsoleForm action={(formData) => forceTransferAction(tokenId, formData)} validate="forceTransfer" reset aria-label="Force a transfer" success={submitted}>
      <input type="hidden" name="token" value={tokenId} />
      <div className="form-grid">
        <Field name="from" label="From wallet" placeholder="0x…" spellCheck={false} autoComplete="off" mono required />
        <Field name="to" label="To wallet" placeholder="0x…" spellCheck={false} autoComplete="off" mono required hint="Must be a verified investor." />
        <Field name="amount" label={`Amount to force (${symbol})`} inputMode="decimal" placeholder="1" mono required hint={`In ${symbol}, not base units. Frozen tokens move too.`} />
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Submitting…">Force transfer</Submit>
      </div>
    </ConsoleForm>
  );
}
