// Crypto checkout (spec 4.11): a payment request in USDC or USDT with a deposit address of its own
// (./deposits), the plan's price and an expiry. The log watcher (lib/chain/watch/watcher) follows the stablecoin's
// Transfers to the deposit addresses that wait (followDeposits); ./crypto-transfers credits each transfer to a deposit address once
// it is final, reverses a credit whose block is orphaned, and activates the plan in the same database transaction
// that marks the payment succeeded.
//
// Checkout is refused (400, `network`) on test networks and the local chain outside development: their tokens
// are free to mint, so a payment there must not buy a real plan. A tenant has at most MAX_PENDING_CHECKOUTS
// waiting at once (409): each one allocates a deposit address for good.
import { ApiError, conflict, invalidRequest, notFound } from "@/lib/core/errors";
import { newId, unixSeconds } from "@/lib/core/ids";
import { paginate, type Page } from "@/lib/core/pagination";
import type { ListParams } from "@/lib/schemas/common";
import { db, Prisma } from "@/lib/db";
import { createOnce } from "@/lib/db/answer-once";
import { pad, toEventSelector, type Hex } from "viem";
import { chainTarget, publicClient, type ChainTarget } from "@/lib/chain/network/clients";
import { requestWatch, setLogFilter, targetForChainKey } from "@/lib/chain/watch/subscriptions";
import { findNetwork, listNetworks } from "@/lib/chain/network/networks";
import { PLANS } from "@/lib/billing/plans";
import { type PlanId } from "@/lib/schemas/billing-core";
import { activatePlan } from "@/lib/billing/subscriptions";
import { depositAddress, depositsAvailable, DEPOSIT_XPUB_SETTING } from "@/lib/billing/crypto/deposits";
import { STABLECOIN_DECIMALS, STABLECOINS, stablecoinAddress, stablecoinSetting, type Stablecoin } from "@/lib/billing/crypto/stablecoins";
import { audit, type Admin } from "@/lib/billing/admin";
import { audit as auditTenant } from "@/lib/observability/audit";

/** How long a crypto payment request takes transfers (README). */
export const CRYPTO_CHECKOUT_TTL_MS = 60 * 60 * 1000;
/** Unexpired, unpaid crypto checkouts a tenant may have at once (README). */
export const MAX_PENDING_CHECKOUTS = 5;
/** Serialises retiring idle token subscriptions (./crypto-transfers) against checkouts allocating addresses. */
export const SUBSCRIPTION_LOCK = "billing_crypto_subscriptions";

/** Serialises a tenant's credits: two payments confirming at once each extend the plan. */
export const lockTenantCredits = (tx: Prisma.TransactionClient, tenantId: string) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('billing_credit:' || ${tenantId}))`;

/**
 * Development (NODE_ENV other than production) is where test networks take payments; a production build that is
 * itself a test stand (the browser tests' `npm start`, a staging deployment) says so with BILLING_TEST_NETWORKS=1.
 * Never set it where plans are sold: anyone can mint the local chain's stablecoins.
 */
const isDevelopment = () => process.env.NODE_ENV !== "production" || process.env.BILLING_TEST_NETWORKS === "1";

export const TRANSFER_EVENT = "event Transfer(address indexed from, address indexed to, uint256 value)";
export const TRANSFER_TOPIC = toEventSelector(TRANSFER_EVENT);

type PaymentRow = Prisma.BillingPaymentGetPayload<object>;

export interface CountedTransfer {
  /** The chain (RPC) that gave the credit (absent on transfers recorded before it was kept). */
  chain_key?: string;
  transaction_hash: string;
  log_index: number;
  from: string;
  /** The deposit address (absent on transfers recorded before it was kept). */
  to?: string;
  amount: string;
  block_number: number;
  block_hash?: string;
  /** The block's time (unix seconds): what lateness is judged by. */
  block_timestamp?: number;
  counted_as: "payment" | "excess" | "late";
  /** When the credit was reversed because its block was orphaned (unix seconds). */
  reversed_at?: number;
  /** Plan days taken back with the reversal (the payment no longer covered its amount due). */
  plan_days_taken_back?: number;
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
  if (network.testnet && !isDevelopment()) {
    throw invalidRequest("network_not_billable", `${network.name} is a test network: its tokens cost nothing, so it cannot pay for a plan. Pay on a mainnet.`, "network");
  }
  let target: ChainTarget;
  try {
    target = chainTarget(network.name);
  } catch {
    throw unavailable(`Crypto payments on ${network.name} are not offered here: the network has no RPC on this deployment (RPC_URL_${network.name.toUpperCase()}).`);
  }
  if (!depositsAvailable(target.isLocal)) throw unavailable(`Crypto payments on ${network.name} are not offered here: the operator has not set ${DEPOSIT_XPUB_SETTING}.`);
  const token = stablecoinAddress(input.currency, network.name, target.isLocal);
  if (!token) throw unavailable(`${input.currency} payments on ${network.name} are not offered here: the operator has not set ${stablecoinSetting(input.currency, network.name)}.`);

  // The head before anyone knows the address: no transfer to it can be older, so its following starts there.
  let head: bigint;
  let scannedThrough: Date;
  try {
    [head, scannedThrough] = await Promise.all([publicClient(network.name).getBlockNumber({ cacheTime: 0 }), depositsScannedThrough(target.chainKey, token)]);
  } catch {
    throw unavailable(`Crypto payments on ${network.name} are not available right now: the network could not be reached.`);
  }

  let followed = { changed: false };
  // The answer commits with the payment (lib/db/answer-once): a retry after a failure past the commit replays it
  // (one deposit address), never a second checkout.
  const payment = await createOnce("crypto_checkout", async (tx) => {
    // The token's subscription is changed by one transaction at a time, and the payment is followed as it is made.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${SUBSCRIPTION_LOCK}))`;
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('billing_checkouts:' || ${tenantId}))`;
    const waiting = await tx.billingPayment.count({ where: { tenantId, method: "crypto", status: "pending", expiresAt: { gt: new Date() } } });
    if (waiting >= MAX_PENDING_CHECKOUTS) {
      throw conflict("too_many_pending_checkouts", `This account already has ${waiting} crypto checkouts waiting for payment (at most ${MAX_PENDING_CHECKOUTS}): pay one or let it expire (one hour) first.`);
    }
    // One index per payment: allocations are serialised so two checkouts never derive the same address.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('billing_payments.derivation_index'))`;
    const { _max } = await tx.billingPayment.aggregate({ _max: { derivationIndex: true } });
    const index = (_max.derivationIndex ?? -1) + 1;
    const row = await tx.billingPayment.create({
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
    await auditTenant(tenantId, "billing.crypto_checkout_created", { target: row.id, detail: { plan: plan.id, currency: input.currency, network: network.name } }, tx);
    followed = await followDeposits(tx, target.chainKey, token, scannedThrough, head);
    return serializePayment(row);
  });
  // A watcher that finished this minute's run starts again at once (one event a minute; else the cron's).
  if (followed.changed) await requestWatch(target.chainKey).catch(() => undefined);
  return payment;
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

// ---------- the token subscriptions ----------

/**
 * When the watcher's subscription to the token's Transfers has scanned through (the newest scanned block's time;
 * now if there is none): a payment expired before then can receive nothing more.
 */
export async function depositsScannedThrough(chainKey: string, token: string): Promise<Date> {
  const current = await db.chainLogSubscription.findMany({ where: { chainKey, address: token, topic0: TRANSFER_TOPIC, active: true } });
  const scannedTo = current.map((s) => s.scannedTo).reduce<bigint | undefined>((a, b) => (a === undefined || b < a ? b : a), undefined);
  if (scannedTo === undefined || scannedTo < 0n) return new Date();
  const block = await publicClient(targetForChainKey(chainKey).network.name).getBlock({ blockNumber: scannedTo });
  return new Date(Number(block.timestamp) * 1000);
}

/**
 * Makes the watcher follow exactly the Transfers to the deposit addresses that wait on a token, in the caller's
 * transaction: one subscription per token and chain, filtered by Transfer's `to` topic (the RPC drops every other
 * transfer of the token), none when no payment waits. A payment waits until it succeeded or its expiry is older
 * than `scannedThrough` (paid in time, processed after: still credited). A changed set of addresses is a new
 * subscription that starts where the old one stopped, or at `newFrom` (a new payment's first block) if earlier:
 * no block of any address is skipped (lib/chain/watch/subscriptions setLogFilter).
 */
export async function followDeposits(tx: Prisma.TransactionClient, chainKey: string, token: string, scannedThrough: Date, newFrom?: bigint) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${SUBSCRIPTION_LOCK}))`;
  const payments = await tx.billingPayment.findMany({ where: { method: "crypto", tokenAddress: token, status: { not: "succeeded" }, expiresAt: { gt: scannedThrough } } });
  const addresses = payments.flatMap((p) => (chainKeyOf(p) === chainKey && p.depositAddress ? [p.depositAddress] : []));
  const topics = addresses.length ? [null, addresses.map((a) => pad(a as Hex))] : null;
  return { addresses, changed: await setLogFilter(tx, { chainKey, address: token, event: TRANSFER_EVENT, fromBlock: newFrom }, topics) };
}

// ---------- transfers (./crypto-transfers) ----------

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
    await lockTenantCredits(tx, payment.tenantId);
    const already = payment.status === "succeeded";
    await audit(admin, "billing.payment.confirm", { tenantId: payment.tenantId, target: id, detail: { plan: payment.plan, previous_status: payment.status, changed: !already, note: note ?? null } }, tx);
    if (already) return { confirmed: false, payment: serializePayment(payment) };
    const updated = await tx.billingPayment.update({ where: { id }, data: { status: "succeeded", confirmedBy: admin.actor, succeededAt: new Date() } });
    await activatePlan(payment.tenantId, payment.plan as PlanId, { source: "crypto" }, tx);
    return { confirmed: true, payment: serializePayment(updated) };
  });
}

// ---------- serialisation ----------

export function chainKeyOf(row: PaymentRow): string | null {
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
    transfers: ((row.transfers as unknown as CountedTransfer[]) ?? []).map(({ chain_key: _internal, ...transfer }) => transfer),
    confirmed_by: row.confirmedBy,
    succeeded_at: row.succeededAt ? unixSeconds(row.succeededAt) : null,
    created: unixSeconds(row.createdAt),
  };
}


/** The networks this deployment takes crypto payments on, with the stablecoins each offers (for the console). */
export function cryptoNetworks(): { name: string; displayName: string; currencies: Stablecoin[] }[] {
  return listNetworks().flatMap((network) => {
    if (network.testnet && !isDevelopment()) return []; // refused at checkout (400)
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
