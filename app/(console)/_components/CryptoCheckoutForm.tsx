"use client";
// Pay for a plan in USDC or USDT: creates the payment request, then the page shows its deposit address and QR code.
import { ConsoleForm, Select, Submit } from "@/components/ConsoleForm";
import { cryptoCheckoutAction } from "../_actions/billing";

export function CryptoCheckoutForm({ plan, planName, networks }: { plan: string; planName: string; networks: { value: string; label: string }[] }) {
  if (!networks.length) return <p className="small muted">Crypto payments are not offered on this deployment (see the README: BILLING_DEPOSIT_XPUB).</p>;
  return (
    <ConsoleForm action={cryptoCheckoutAction} aria-label={`Pay ${planName} with crypto`}>
      <input type="hidden" name="plan" value={plan} />
      <div className="form-grid">
        <Select name="currency" label="Stablecoin" options={[{ value: "USDC", label: "USDC" }, { value: "USDT", label: "USDT" }]} />
        <Select name="network" label="Network" options={networks} />
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Creating…">Pay with crypto</Submit>
      </div>
    </ConsoleForm>
  );
}
