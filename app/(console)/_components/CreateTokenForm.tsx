"use client";
import { useState } from "react";
import { Check, CheckGroup, ConsoleForm, Field, Select, Submit } from "@/components/ConsoleForm";
import { createTokenAction } from "../_actions/tokens";
import { AmountPreview } from "./AmountPreview";

const STANDARDS = [
  { value: "ERC20", label: "ERC-20 — fungible token" },
  { value: "ERC20_ALT", label: "ERC-20 with bitmap roles and Permit2" },
  { value: "ERC721", label: "ERC-721 — NFT collection" },
  { value: "ERC1155", label: "ERC-1155 — multi-token" },
  { value: "ERC3643", label: "ERC-3643 — regulated token (T-REX)" },
];

export function CreateTokenForm({ networks, defaultNetwork }: { networks: { name: string; label: string }[]; defaultNetwork: string }) {
  const [standard, setStandard] = useState("ERC20");
  const [supply, setSupply] = useState("");
  const [decimals, setDecimals] = useState("18");
  const [symbol, setSymbol] = useState("");
  const fungible = standard === "ERC20" || standard === "ERC20_ALT";
  const network = networks.some((n) => n.name === defaultNetwork) ? defaultNetwork : networks[0]?.name;
  const decimalsNumber = /^\d+$/.test(decimals) && Number(decimals) <= 36 ? Number(decimals) : 18;
  return (
    <ConsoleForm action={createTokenAction} validate="createToken" aria-label="Deploy a token">
      <div className="form-grid">
        <Field name="name" label="Name" placeholder="Acme Dollar" required maxLength={100} />
        <Field name="symbol" label="Symbol" placeholder="ACMED" required maxLength={20} value={symbol} onChange={(e) => setSymbol(e.target.value)} hint="Short, without spaces." />
        <Select name="standard" label="Standard" options={STANDARDS} value={standard} onChange={(e) => setStandard(e.target.value)} />
        <Select name="network" label="Network" options={networks.map((n) => ({ value: n.name, label: n.label }))} defaultValue={network} />
        {standard === "ERC3643" ? (
          <Field name="decimals" label="Decimals" type="number" min={0} max={18} value={decimals} onChange={(e) => setDecimals(e.target.value)} hint="0 to 18. Starts with no supply: mint to verified investors." className="span-2" />
        ) : fungible ? (
          <>
            <Field
              name="initial_supply"
              label="Initial supply"
              inputMode="decimal"
              placeholder="1000000"
              value={supply}
              onChange={(e) => setSupply(e.target.value)}
              hint={<AmountPreview typed={supply} decimals={decimalsNumber} symbol={symbol || "tokens"} />}
              mono
            />
            <Field name="decimals" label="Decimals" type="number" min={0} max={36} value={decimals} onChange={(e) => setDecimals(e.target.value)} hint="0 to 36; 18 is the usual." />
          </>
        ) : (
          <Field
            name="base_uri"
            label="Base metadata URI"
            placeholder={standard === "ERC1155" ? "ipfs://bafy…/{id}.json" : "ipfs://bafy…/"}
            hint={standard === "ERC1155" ? "Default URI of every id; may contain {id}. Optional." : "Token URIs are this base + the token id. Optional."}
            className="span-2"
          />
        )}
        {standard === "ERC3643" ? null : <CheckGroup name="features" legend="Features" hint="Fixed at deployment and enforced by the contract." className="span-2">
          <div className="checks">
            <Check name="features.mintable" label="Mintable" defaultChecked />
            <Check name="features.burnable" label="Burnable" defaultChecked />
            <Check name="features.pausable" label="Pausable" />
            {standard === "ERC20" ? <Check name="features.votes" label="Votes (for governance: delegation and vote checkpoints)" /> : null}
          </div>
        </CheckGroup>}
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Deploying…" disabled={!networks.length}>
          Deploy token
        </Submit>
        <span className="muted small">
          {networks.length ? "Your wallet holds every role and, for ERC-20s, the initial supply." : "No network to deploy on in this mode (see above)."}
        </span>
      </div>
    </ConsoleForm>
  );
}
