// Billing payments (spec 4.11): crypto checkout requests, the tenant's payment history (card and crypto), and
// the admin views of them. The spec shows no bodies for this group: these are ours, documented here.
import { z } from "zod";
import { ListQuery, listOf, singleLine, writeBody, apiObject } from "./common";
import { PLAN_IDS } from "./billing-core";

export const CryptoCheckoutInput = writeBody({
  plan: z.enum(PLAN_IDS).meta({ description: "The plan to buy (GET /v1/billing/plans). `free` has nothing to pay; `enterprise` is sold by contract (400 for both).", example: "growth" }),
  // The same two as STABLECOINS of lib/billing/crypto/stablecoins (kept apart: that module loads contract artifacts).
  currency: z.enum(["USDC", "USDT"]).meta({ description: "The stablecoin to pay with (6 decimals on every network we list)." }),
  network: singleLine(z.string().min(1).max(64)).meta({
    description: "The network to pay on (GET /v1/networks). The local chain's test networks take the local USDC/USDT (README); real networks need the operator's BILLING_<CURRENCY>_<NETWORK> and BILLING_DEPOSIT_XPUB, else 503.",
    example: "polygon_amoy",
  }),
}).meta({
  id: "CryptoCheckoutInput",
  description:
    "Creates a crypto payment request: a deposit address of its own, the plan's price in the stablecoin's base units, and an expiry one hour ahead. " +
    "Transfers to the address are counted once their block is at billing's finality depth (README); when they reach the amount due the plan is active for 30 days. " +
    "Test networks and the local chain are refused (400) unless the deployment is in development; a tenant has at most 5 checkouts waiting at once (409).",
});

const Transfer = z.object({
  transaction_hash: z.string(),
  log_index: z.number().int().meta({ description: "Where the log was when counted; a transfer is one credit per transaction hash, from, to and amount, whatever its log index." }),
  from: z.string(),
  to: z.string().optional().meta({ description: "The deposit address (absent on transfers recorded before it was kept)." }),
  amount: z.string().meta({ description: "Base units (6 decimals)." }),
  block_number: z.number().int(),
  block_hash: z.string().optional(),
  block_timestamp: z.number().int().optional().meta({ description: "Unix seconds: the block's time, what lateness is judged by." }),
  /** What it did to the payment. */
  counted_as: z.enum(["payment", "excess", "late"]).meta({
    description: "`payment`: towards the amount due; `excess`: beyond it, or after the payment had already succeeded (recorded, never credited twice); `late`: its block is after the expiry (recorded, not credited).",
  }),
  reversed_at: z.number().int().optional().meta({
    description: "Unix seconds: the block that held the transfer was orphaned by a reorg and the transaction is not on the new chain, so the credit was taken back (amounts lowered; see plan_days_taken_back).",
  }),
  plan_days_taken_back: z.number().int().optional().meta({ description: "Plan days taken back with the reversal: the payment no longer covered its amount due and is no longer succeeded." }),
});

export const BillingPayment = apiObject("billing_payment", {
  id: z.string().meta({ example: "pay_01jd…" }),
  method: z.enum(["card", "crypto"]),
  plan: z.string(),
  status: z.enum(["pending", "succeeded", "expired", "failed"]).meta({
    description: "crypto: `pending` until the amount due has arrived (an underpayment stays pending with `amount_received`), then `succeeded`; `expired` when the expiry passed first. card: `succeeded` or `failed`.",
  }),
  currency: z.string().meta({ description: "`USDC` or `USDT` (crypto), `usd` (card)." }),
  amount_due: z.string().meta({ description: "In the currency's smallest unit: 6 decimals for USDC/USDT, cents for card." }),
  amount_received: z.string(),
  excess_amount: z.string().meta({ description: "Received beyond the amount due (overpayments and payments to an already succeeded request): recorded, never credited." }),
  amount_remaining: z.string().meta({ description: "What is still missing (0 once succeeded)." }),
  decimals: z.number().int().meta({ description: "Decimals of the amounts: 6 for USDC/USDT, 2 for card (cents)." }),
  network: z.string().nullable(),
  chain_id: z.number().int().nullable().meta({ description: "The chain the wallet must be on (the local chain's 31337 for test networks it serves)." }),
  token_address: z.string().nullable().meta({ description: "The stablecoin's contract." }),
  deposit_address: z.string().nullable().meta({ description: "Where to send the stablecoin: unique to this payment." }),
  payment_uri: z.string().nullable().meta({
    description: "EIP-681 URI of the transfer (`ethereum:<token>@<chain>/transfer?address=<deposit>&uint256=<remaining>`), for a QR code a wallet can scan.",
  }),
  expires_at: z.number().int().nullable().meta({ description: "Unix seconds. Transfers in blocks after it are recorded but activate nothing (an admin may confirm the payment by hand); lateness is judged by the block's time, not by when the platform processes it." }),
  transfers: z.array(Transfer),
  confirmed_by: z.string().nullable().meta({ description: "Set when an admin confirmed the payment by hand." }),
  succeeded_at: z.number().int().nullable(),
  created: z.number().int(),
}).meta({ id: "BillingPayment" });

export const BillingPaymentList = listOf(BillingPayment, "BillingPaymentList");

export const AdminBillingPayment = BillingPayment.extend({ tenant_id: z.string() }).meta({ id: "AdminBillingPayment" });
export const AdminBillingPaymentList = listOf(AdminBillingPayment, "AdminBillingPaymentList");

export const ListPaymentsQuery = ListQuery;

export const AdminPaymentsQuery = z.strictObject({
  limit: z
    .string()
    .regex(/^(100|[1-9]\d?)$/, "must be a whole number from 1 to 100")
    .transform(Number)
    .meta({ description: "Page size, 1 to 100 (required).", example: "20" }),
  starting_after: ListQuery.shape.starting_after,
});

export const ConfirmPaymentInput = writeBody({
  note: singleLine(z.string().max(500)).optional().meta({ description: "Why it was confirmed by hand (kept in the audit log)." }),
}).meta({ id: "ConfirmPaymentInput" });
