"use client";
// Pay for a plan by card: the payment processor's checkout page (POST /v1/billing/checkout), or why it is not available.
import { ActionButton } from "@/components/ActionButton";
import { cardCheckoutAction } from "../_actions/billing";

export function CardCheckoutButton({ plan, planName }: { plan: string; planName: string }) {
  return (
    <ActionButton action={() => cardCheckoutAction(plan)} className="btn" pendingLabel="Opening checkout…" label={`Pay ${planName} by card`}>
      Pay by card
    </ActionButton>
  );
}
