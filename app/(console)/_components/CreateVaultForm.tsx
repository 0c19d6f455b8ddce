"use client";
// A new ERC-4626 vault over one of the tenant's ERC-20 tokens; the share token is named after it unless edited.
import { useState } from "react";
import { ConsoleForm, Field, Select, Submit } from "@/components/ConsoleForm";
import { createVaultAction } from "../_actions/vaults";

import type { Erc20Choice as AssetChoice } from "@/lib/console/modules";

const shareName = (t: AssetChoice) => `${t.name} Vault`.slice(0, 100);
const shareSymbol = (t: AssetChoice) => `v${t.symbol}`.slice(0, 11);

export function CreateVaultForm({ tokens }: { tokens: AssetChoice[] }) {
  const [asset, setAsset] = useState(tokens[0]);
  const [name, setName] = useState(tokens[0] ? shareName(tokens[0]) : "");
  const [symbol, setSymbol] = useState(tokens[0] ? shareSymbol(tokens[0]) : "");
  const choose = (id: string) => {
    const next = tokens.find((t) => t.id === id)!;
    // A name or symbol still as suggested follows the token; one the person typed stays.
    if (!asset || name === shareName(asset)) setName(shareName(next));
    if (!asset || symbol === shareSymbol(asset)) setSymbol(shareSymbol(next));
    setAsset(next);
  };
  return (
    <ConsoleForm action={createVaultAction} validate="createVault" aria-label="Create a vault">
      <div className="form-grid">
        <Select
          name="asset"
          label="Token the vault holds"
          options={tokens.map((t) => ({ value: t.id, label: `${t.symbol} — ${t.name}` }))}
          value={asset?.id}
          onChange={(e) => choose(e.target.value)}
          hint={asset ? `On ${asset.networkLabel}; deposits come from your wallet.` : undefined}
          className="span-2"
        />
        <Field name="name" label="Share name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        <Field name="symbol" label="Share symbol" value={symbol} onChange={(e) => setSymbol(e.target.value)} required maxLength={11} hint="Up to 11 characters." />
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Deploying…">Create vault</Submit>
      </div>
    </ConsoleForm>
  );
}
