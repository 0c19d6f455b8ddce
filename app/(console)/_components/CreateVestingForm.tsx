"use client";
// A vesting schedule for one of the tenant's ERC-20 tokens: who receives it, how much the wallet puts in, and
// three dates (start, end of the cliff, fully vested) typed in the person's time zone. Each date also travels
// as unix seconds in a hidden field the server turns into the API's start, cliff and duration. The dates start
// from the chain's clock, which on a local chain runs behind the wall clock.
import { useEffect, useRef, useState } from "react";
import { ConsoleForm, Field, Select, Submit } from "@/components/ConsoleForm";
import type { Erc20Choice } from "@/lib/console/modules";
import { createVestingAction } from "../_actions/vesting";
import { AmountPreview } from "./AmountPreview";

const YEAR = 365 * 24 * 3600;
const pad = (n: number) => String(n).padStart(2, "0");

/** Unix seconds as a datetime-local value in this browser's time zone. */
function localInput(seconds: number) {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (this browser's time zone) as unix seconds, or "" when it is not a date. */
function unix(value: string) {
  const ms = value ? new Date(value).getTime() : NaN;
  return Number.isFinite(ms) ? String(Math.floor(ms / 1000)) : "";
}

export function CreateVestingForm({ tokens, walletAddress, clocks, renderedAt }: { tokens: Erc20Choice[]; walletAddress: string; clocks: Record<string, number | null>; renderedAt: number }) {
  const [token, setToken] = useState(tokens[0]);
  const [beneficiary, setBeneficiary] = useState("");
  const [amount, setAmount] = useState("");
  const [dates, setDates] = useState({ start_at: "", cliff_at: "", end_at: "" });
  const [chainNow, setChainNow] = useState<number | null>(null);

  // Dates depend on this browser's time zone and clock: set once mounted, never during the server render, and
  // never again (the page refreshes itself while a schedule deploys; what the person typed stays).
  const initialised = useRef(false);
  useEffect(() => {
    if (initialised.current) return;
    initialised.current = true;
    const clock = clocks[tokens[0]?.network ?? ""];
    const now = (clock ?? Math.floor(renderedAt / 1000)) + Math.floor((Date.now() - renderedAt) / 1000);
    const start = now - (now % 60);
    setChainNow(clock === null || clock === undefined ? null : now);
    setDates({ start_at: localInput(start), cliff_at: localInput(start), end_at: localInput(start + YEAR) });
  }, [clocks, tokens, renderedAt]);

  const behind = chainNow !== null && Math.abs(chainNow - Date.now() / 1000) > 600;
  const date = (name: keyof typeof dates, label: string, hint?: string) => (
    <>
      <Field name={name} label={label} type="datetime-local" value={dates[name]} onChange={(e) => setDates({ ...dates, [name]: e.target.value })} hint={hint} required />
      <input type="hidden" name={`${name}_unix`} value={unix(dates[name])} />
    </>
  );
  return (
    <ConsoleForm action={createVestingAction} validate="createVesting" aria-label="Create a vesting schedule">
      <div className="form-grid">
        <Select
          name="token"
          label="Token"
          options={tokens.map((t) => ({ value: t.id, label: `${t.symbol} — ${t.name} (${t.networkLabel})` }))}
          value={token?.id}
          onChange={(e) => setToken(tokens.find((t) => t.id === e.target.value)!)}
        />
        <div className="field">
          <Field name="beneficiary" label="Beneficiary address" placeholder="0x…" autoComplete="off" spellCheck={false} value={beneficiary} onChange={(e) => setBeneficiary(e.target.value)} mono required />
          <span>
            <button type="button" className="btn-link btn small" onClick={() => setBeneficiary(walletAddress)}>
              Use my wallet address
            </button>
          </span>
        </div>
        <Field
          name="amount"
          label={`Amount (${token?.symbol ?? "tokens"})`}
          inputMode="decimal"
          placeholder="1000"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          hint={
            <>
              <AmountPreview typed={amount} decimals={token?.decimals ?? 18} symbol={token?.symbol ?? "tokens"} /> Sent from your wallet once the schedule is deployed; leave it empty to fund
              the schedule yourself.
            </>
          }
          mono
          className="span-2"
        />
        {date("start_at", "Vesting starts", behind ? `This network's clock reads ${new Date(chainNow! * 1000).toLocaleString()}: dates are on its clock.` : undefined)}
        {date("cliff_at", "Cliff ends", "Nothing is releasable before it; the start when there is no cliff.")}
        {date("end_at", "Fully vested", "Tokens vest evenly from the start until this date.")}
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Deploying…">Create schedule</Submit>
      </div>
    </ConsoleForm>
  );
}
