// Crypto checkout (spec 4.11): a payment request in USDC or USDT with a deposit address of its own
// (./deposits), the plan's price and an expiry. The log watcher (lib/chain/watcher) follows the stablecoin's
// Transfer logs once their block has the network's confirmations; each one to a deposit address is counted
// here, once (by transaction hash and log index), and the payment that reaches its amount due activates the
// plan in the same database transaction that marks it succeeded.
//
// What a transfer does, under the payment's row lock:
//   before the expiry, not yet paid  → counted; the payment succeeds once amount_received ≥ amount_due (what is
//                                      beyond is recorded as excess); below it the payment stays pending
//   the payment already succeeded    → recorded as excess, never credited again
//   after the expiry                 → recorded (amount_received), the payment is expired, nothing activates
// "After the expiry" is when the platform sees the confirmed transfer: a payment sent just before the expiry
// on a slow network can be confirmed by hand (POST /v1/billing/payments/{id}/confirm).
import { getAddress } from "viem";
import { ApiError, invalidRequest, notFound } from "@/lib/api/errors";
import { newId, unixSeconds } from "@/lib/api/ids";
import { paginate, type Page } from "@/lib/api/pagination";
import type { ListParams } from "@/lib/schemas/common";
import { db, Prisma } from "@/lib/db";
import { chainTarget, type ChainTarget } from "@/lib/chain/clients";
import { requestWatch, watchLogsOnce } from "@/lib/chain/log-subscriptions";
import { findNetwork, listNetworks } from "@/lib/chain/networks";
import type { ChainLogEventData } from "@/lib/chain/watcher";
import { PLANS, type PlanId } from "./plans";
import { activatePlan } from "./subscriptions";
import { depositAddress, depositsAvailable, DEPOSIT_XPUB_SETTING } from "./deposits";
import { STABLECOIN_DECIMALS, STABLECOINS, stablecoinAddress, stablecoinSetting, type Stablecoin } from "./stablecoins";
import { audit, type Admin } from "./admin";

/** How long a crypto payment request takes transfers (README). */
export const CRYPTO_CHECKOUT_TTL_MS = 60 * 60 * 1000;

export const TRANSFER_EVENT = "event Transfer(address indexed from, address indexed to, uint256 value)";

type PaymentRow = Prisma.BillingPaymentGetPayload<object>;

export interface CountedTransfer {
  transaction_hash: string;
  log_index: number;
  from: string;
  amount: string;
  block_number: number;
  counted_as: "payment" | "excess" | "late";
}

const unavailable = (message: string) => new ApiError(503, "api_error", "crypto_checkout_unavailable", message);

// ---------- checkout ----------

export interface CryptoCheckoutInput {
  plan: PlanId;
  currency: Stablecoin;
  network: string;
}

export async function createCryptoCheckout(tenantId: string, input: CryptoCheckoutInput) {
  const plan = PLANS[input.plan];
  if (plan.contact_sales) {
    throw invalidRequest("plan_contact_sales", `The ${plan.name} plan is sold by contract, not by checkout: contact sales to get it.`, "plan");
  }
  if (!plan.price_stablecoin || BigInt(plan.price_stablecoin) === 0n) {
    throw invalidRequest("plan_not_purchasable", `The ${plan.name} plan costs nothing: there is nothing to pay.`, "plan");
  }
  const network = findNetwork(input.network);
  if (!network) throw invalidRequest("network_unknown", `Unknown network '${input.network}'. See GET /v1/networks.`, "network");
  let target: ChainTarget;
  try {
    target = chainTarget(network.name);
  } catch {
    throw unavailable(`Crypto payments on ${network.name} are not offered here: the network has no RPC on this deployment (RPC_URL_${network.name.toUpperCase()}).`);
  }
  if (!depositsAvailable(target.isLocal)) throw unavailable(`Crypto payments on ${network.name} are not offered here: the operator has not set ${DEPOSIT_XPUB_SETTING}.`);
  const token = stablecoinAddress(input.currency, network.name, target.isLocal);
  if (!token) throw unavailable(`${input.currency} payments on ${network.name} are not offered here: the operator has not set ${stablecoinSetting(input.currency, network.name)}.`);

  // Follow the token's transfers before anyone knows the address: no payment can precede the subscription.
  try {
    await watchLogsOnce({ chainKey: target.chainKey, address: token, event: TRANSFER_EVENT });
    await requestWatch(target.chainKey); // a watcher that finished this minute's run starts again at once
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unavailable(`Crypto payments on ${network.name} are not available right now: the network could not be reached.`);
  }

  const row = await db.$transaction(async (tx) => {
    // One index per payment: allocations are serialised so two checkouts never derive the same address.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('billing_payments.derivation_index'))`;
    const { _max } = await tx.billingPayment.aggregate({ _max: { derivationIndex: true } });
    const index = (_max.derivationIndex ?? -1) + 1;
    return tx.billingPayment.create({
      data: {
        id: newId("pay"),
        tenantId,
        method: "crypto",
        plan: plan.id,
        currency: input.currency,
        amountDue: plan.price_stablecoin!,
        network: network.name,
        tokenAddress: token,
        depositAddress: depositAddress(index, target.isLocal),
        derivationIndex: index,
        expiresAt: new Date(Date.now() + CRYPTO_CHECKOUT_TTL_MS),
      },
    });
  });
  return serializePayment(row);
}

/** The tenant's payment `id` (a crypto checkout's status); another tenant's is 404. */
export async function getPayment(tenantId: string, id: string) {
  const row = await db.billingPayment.findFirst({ where: { id, tenantId } });
  if (!row) throw notFound("payment", id);
  return serializePayment(row);
}

/** A crypto checkout's status: the payment, which must be a crypto one of the tenant. */
export async function getCryptoCheckout(tenantId: string, id: string) {
  const row = await db.billingPayment.findFirst({ where: { id, tenantId, method: "crypto" } });
  if (!row) throw notFound("crypto checkout", id);
  return serializePayment(row);
}

/** The tenant's payments, card and crypto, newest first. */
export function listPayments(tenantId: string, params: ListParams): Promise<Page<ReturnType<typeof serializePayment>>> {
  return paginate(db.billingPayment, { tenantId }, params, serializePayment);
}

// ---------- transfers seen by the log watcher ----------

export type CreditOutcome = "ignored" | "duplicate" | "pending" | "succeeded" | "excess" | "late";

/** Counts one confirmed Transfer log (a `chain/log` event) towards the payment whose deposit address received it. */
export async function creditTransfer(data: ChainLogEventData): Promise<{ outcome: CreditOutcome; payment?: string }> {
  if (data.event !== "Transfer") return { outcome: "ignored" };
  const args = data.args as { from?: string; to?: string; value?: string };
  if (!args.to || !args.from || args.value === undefined) return { outcome: "ignored" };
  const candidate = await db.billingPayment.findUnique({ where: { depositAddress: getAddress(args.to) } });
  // Another token sent to a deposit address, or the same token on another chain, is not this payment's.
  if (!candidate || candidate.method !== "crypto" || candidate.tokenAddress !== getAddress(data.address) || chainKeyOf(candidate) !== data.chain_key) {
    return { outcome: "ignored" };
  }
  const amount = BigInt(args.value);
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM billing_payments WHERE id = ${candidate.id} FOR UPDATE`;
    const payment = (await tx.billingPayment.findUnique({ where: { id: candidate.id } }))!;
    const transfers = payment.transfers as unknown as CountedTransfer[];
    if (transfers.some((t) => t.transaction_hash === data.transaction_hash && t.log_index === data.log_index)) return { outcome: "duplicate" as const, payment: payment.id };

    const received = BigInt(payment.amountReceived) + amount;
    let excess = BigInt(payment.excessAmount);
    let status = payment.status;
    let countedAs: CountedTransfer["counted_as"];
    let outcome: CreditOutcome;
    const now = new Date();
    if (payment.status === "succeeded") {
      countedAs = "excess";
      outcome = "excess";
      excess += amount;
    } else if (payment.status === "expired" || (payment.expiresAt && payment.expiresAt <= now)) {
      countedAs = "late";
      outcome = "late";
      status = "expired";
    } else {
      countedAs = "payment";
      const due = BigInt(payment.amountDue);
      if (received >= due) {
        status = "succeeded";
        outcome = "succeeded";
        excess += received - due;
      } else outcome = "pending";
    }
    const transfer: CountedTransfer = {
      transaction_hash: data.transaction_hash,
      log_index: data.log_index,
      from: getAddress(args.from!),
      amount: amount.toString(),
      block_number: data.block_number,
      counted_as: countedAs,
    };
    await tx.billingPayment.update({
      where: { id: payment.id },
      data: {
        status,
        amountReceived: received.toString(),
        excessAmount: excess.toString(),
        transfers: [...transfers, transfer] as unknown as Prisma.InputJsonValue,
        ...(outcome === "succeeded" ? { succeededAt: now } : {}),
      },
    });
    if (outcome === "succeeded") await activatePlan(payment.tenantId, payment.plan as PlanId, { source: "crypto" }, tx);
    return { outcome, payment: payment.id };
  });
}

/** Marks pending crypto payments past their expiry as expired (what they received stays recorded). */
export async function expireOverdue(now = new Date()): Promise<number> {
  const { count } = await db.billingPayment.updateMany({ where: { method: "crypto", status: "pending", expiresAt: { lte: now } }, data: { status: "expired" } });
  return count;
}

// ---------- admin ----------

/** Pending crypto payments of every tenant (not yet expired), newest first. */
export async function adminPendingPayments(admin: Admin, params: ListParams) {
  await audit(admin, "billing.payments.list", { detail: { limit: params.limit, starting_after: params.starting_after ?? null } });
  return paginate(db.billingPayment, { method: "crypto", status: "pending", expiresAt: { gt: new Date() } }, params, (row) => ({ ...serializePayment(row), tenant_id: row.tenantId }));
}

/**
 * Confirms a crypto payment by hand (e.g. paid after its expiry, or short by a fee) and activates its plan, in
 * one transaction with the audit row. An already succeeded payment changes nothing: `confirmed` is false.
 */
export async function confirmPayment(admin: Admin, id: string, note?: string) {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM billing_payments WHERE id = ${id} FOR UPDATE`;
    if (!locked.length) throw notFound("payment", id);
    const payment = (await tx.billingPayment.findUnique({ where: { id } }))!;
    if (payment.method !== "crypto") throw invalidRequest("payment_not_crypto", `Payment '${id}' is a card payment: the payment processor confirms those.`, "id");
    const already = payment.status === "succeeded";
    await audit(admin, "billing.payment.confirm", { tenantId: payment.tenantId, target: id, detail: { plan: payment.plan, previous_status: payment.status, changed: !already, note: note ?? null } }, tx);
    if (already) return { confirmed: false, payment: serializePayment(payment) };
    const updated = await tx.billingPayment.update({ where: { id }, data: { status: "succeeded", confirmedBy: admin.actor, succeededAt: new Date() } });
    await activatePlan(payment.tenantId, payment.plan as PlanId, { source: "crypto" }, tx);
    return { confirmed: true, payment: serializePayment(updated) };
  });
}

// ---------- serialisation ----------

function chainKeyOf(row: PaymentRow): string | null {
  try {
    return row.network ? chainTarget(row.network).chainKey : null;
  } catch {
    return null;
  }
}

function chainIdOf(network: string | null): number | null {
  if (!network) return null;
  try {
    return chainTarget(network).chain.id;
  } catch {
    return findNetwork(network)?.chainId ?? null;
  }
}

export function serializePayment(row: PaymentRow) {
  const crypto = row.method === "crypto";
  // A pending request whose expiry passed is expired even before the sweep has written it.
  const status = (row.status === "pending" && row.expiresAt && row.expiresAt <= new Date() ? "expired" : row.status) as "pending" | "succeeded" | "expired" | "failed";
  const due = BigInt(row.amountDue);
  const received = BigInt(row.amountReceived);
  const remaining = status === "succeeded" || received >= due ? 0n : due - received;
  const chainId = crypto ? chainIdOf(row.network) : null;
  return {
    object: "billing_payment" as const,
    id: row.id,
    method: row.method as "card" | "crypto",
    plan: row.plan,
    status,
    currency: row.currency,
    amount_due: row.amountDue,
    amount_received: row.amountReceived,
    excess_amount: row.excessAmount,
    amount_remaining: remaining.toString(),
    decimals: crypto ? STABLECOIN_DECIMALS : 2,
    network: row.network,
    chain_id: chainId,
    token_address: row.tokenAddress,
    deposit_address: row.depositAddress,
    payment_uri:
      crypto && row.tokenAddress && row.depositAddress && chainId !== null && status === "pending"
        ? `ethereum:${row.tokenAddress}@${chainId}/transfer?address=${row.depositAddress}&uint256=${remaining}`
        : null,
    expires_at: row.expiresAt ? unixSeconds(row.expiresAt) : null,
    transfers: (row.transfers as unknown as CountedTransfer[]) ?? [],
    confirmed_by: row.confirmedBy,
    succeeded_at: row.succeededAt ? unixSeconds(row.succeededAt) : null,
    created: unixSeconds(row.createdAt),
  };
}


/** The networks this deployment takes crypto payments on, with the stablecoins each offers (for the console). */
export function cryptoNetworks(): { name: string; displayName: string; currencies: Stablecoin[] }[] {
  return listNetworks().flatMap((network) => {
    let target: ChainTarget;
    try {
      target = chainTarget(network.name);
    } catch {
      return [];
    }
    if (!depositsAvailable(target.isLocal)) return [];
    const currencies = STABLECOINS.filter((symbol) => stablecoinAddress(symbol, network.name, target.isLocal));
    return currencies.length ? [{ name: network.name, displayName: target.isLocal ? `${network.displayName} (local chain)` : network.displayName, currencies }] : [];
  });
}
