// Transfers to crypto checkout deposit addresses (./crypto): crediting, finality, reorg reversal, and the
// token subscriptions the log watcher follows for them.
//
// A transfer is one credit per (transaction hash, from, to, value), never per log index: a reorg that re-mines
// the same transaction at another log index or block is the same payment. It is credited only once its block is
// `billingFinality` deep and still the chain's block at that height; until then creditTransfer answers
// `awaiting_finality` and the durable function sleeps and asks again. A credited transfer whose block is later
// orphaned and whose transaction is not on the new branch is reversed: the payment keeps the row with
// `reversed_at`, its amounts drop, and if it no longer covers the amount due it is no longer succeeded and the
// 30 days the plan got for it are taken back.
//
// What a transfer does, under the payment's row lock and then the tenant's credit lock:
//   value 0                          → ignored (nothing written)
//   the payment already succeeded    → recorded as excess, never credited again
//   its block is after the expiry    → recorded (amount_received) as `late`; the payment is `expired`
//   otherwise                        → counted; the payment succeeds once what was paid ≥ amount_due (what is
//                                      beyond is recorded as excess); below it the payment waits
// Lateness is judged by the block's timestamp, not by when the platform processes the transfer: after an outage
// a payment made in time is still credited.
import { decodeEventLog, getAddress, parseAbiItem, type Hex, type PublicClient } from "viem";
import { db, Prisma } from "@/lib/db";
import { publicClient } from "@/lib/chain/network/clients";
import { confirmationsFor } from "@/lib/chain/network/confirmations";
import { targetForChainKey } from "@/lib/chain/watch/subscriptions";
import type { ChainLogEventData } from "@/lib/chain/watch/watcher";
import { chainKeyOf, depositsScannedThrough, followDeposits, lockTenantCredits, TRANSFER_EVENT, TRANSFER_TOPIC, type CountedTransfer } from "@/lib/billing/crypto/service";
import { activatePlan } from "@/lib/billing/subscriptions";
import type { PlanId } from "@/lib/schemas/billing-core";

type PaymentRow = Prisma.BillingPaymentGetPayload<object>;

const TRANSFER_ABI = parseAbiItem(TRANSFER_EVENT);
export { TRANSFER_TOPIC };
/** The plan time one crypto payment buys (what activatePlan gives), taken back when its credit is reversed. */
const PLAN_DAYS_PER_PAYMENT = 30;
const DAY_MS = 86_400_000;
/** Finality depth off the local chain unless BILLING_FINALITY_<NETWORK> says otherwise (README). */
const DEFAULT_FINALITY = 64;
/** How long after its last change a payment's credits are rechecked against reorgs. */
const RECHECK_MS = 2 * DAY_MS;

/** Blocks deep a transfer's block must be before it is credited: BILLING_FINALITY_<NETWORK>, else 1 on the local chain and 64 elsewhere; never fewer than the watcher's confirmations. */
export function billingFinality(chainKey: string): number {
  const name = `BILLING_FINALITY_${chainKey.toUpperCase()}`;
  const configured = process.env[name];
  if (configured === undefined || configured === "") return chainKey === "local" ? 1 : Math.max(DEFAULT_FINALITY, confirmationsFor(chainKey));
  const depth = Number(configured);
  if (!Number.isInteger(depth) || depth < 1) throw new Error(`${name} must be a whole number of at least 1, not '${configured}'`);
  return Math.max(depth, confirmationsFor(chainKey));
}

export type CreditOutcome = "ignored" | "duplicate" | "awaiting_finality" | "orphaned" | "pending" | "succeeded" | "excess" | "expired";

const sameTransfer = (t: CountedTransfer, hash: string, from: string, to: string, amount: string) =>
  !t.reversed_at && t.transaction_hash === hash && t.from === from && (t.to ?? to) === to && t.amount === amount;

/** Counts one Transfer log (a `chain/log` event) towards the payment whose deposit address received it. */
export async function creditTransfer(data: ChainLogEventData): Promise<{ outcome: CreditOutcome; payment?: string; wait_blocks?: number }> {
  if (data.event !== "Transfer") return { outcome: "ignored" };
  const args = data.args as { from?: string; to?: string; value?: string };
  if (!args.to || !args.from || args.value === undefined) return { outcome: "ignored" };
  const amount = BigInt(args.value);
  // Zero-value transferFrom spam costs the sender nothing: it must not cost a row rewrite either.
  if (amount === 0n) return { outcome: "ignored" };
  const [from, to] = [getAddress(args.from), getAddress(args.to)];
  const candidate = await db.billingPayment.findUnique({ where: { depositAddress: to } });
  // Another token sent to a deposit address, or the same token on another chain, is not this payment's.
  if (!candidate || candidate.method !== "crypto" || candidate.tokenAddress !== getAddress(data.address) || chainKeyOf(candidate) !== data.chain_key) {
    return { outcome: "ignored" };
  }
  const isRecorded = (transfers: CountedTransfer[]) => transfers.some((t) => sameTransfer(t, data.transaction_hash, from, to, amount.toString()));
  if (isRecorded(candidate.transfers as unknown as CountedTransfer[])) return { outcome: "duplicate", payment: candidate.id };

  const client = publicClient(targetForChainKey(data.chain_key).network.name);
  const [head, block] = await Promise.all([
    client.getBlockNumber({ cacheTime: 0 }),
    client.getBlock({ blockNumber: BigInt(data.block_number) }).catch(() => null),
  ]);
  const depth = Number(head) - data.block_number + 1;
  const finality = billingFinality(data.chain_key);
  if (depth < finality) return { outcome: "awaiting_finality", payment: candidate.id, wait_blocks: finality - depth };
  // Orphaned before it was final: the new branch's log, if any, arrives as an event of its own.
  if (!block || block.hash !== data.block_hash) return { outcome: "orphaned", payment: candidate.id };
  const paidAt = new Date(Number(block.timestamp) * 1000);

  return db.$transaction(async (tx) => {
    // Row first, then the tenant: the order confirmPayment takes them in.
    await tx.$queryRaw`SELECT id FROM billing_payments WHERE id = ${candidate.id} FOR UPDATE`;
    await lockTenantCredits(tx, candidate.tenantId);
    const payment = (await tx.billingPayment.findUnique({ where: { id: candidate.id } }))!;
    const transfers = payment.transfers as unknown as CountedTransfer[];
    if (isRecorded(transfers)) return { outcome: "duplicate" as const, payment: payment.id };

    const received = BigInt(payment.amountReceived) + amount;
    let excess = BigInt(payment.excessAmount);
    let status = payment.status;
    let countedAs: CountedTransfer["counted_as"];
    let outcome: CreditOutcome;
    if (payment.status === "succeeded") {
      countedAs = "excess";
      outcome = "excess";
      excess += amount;
    } else if (payment.expiresAt && paidAt > payment.expiresAt) {
      countedAs = "late";
      outcome = "expired";
      status = "expired";
    } else {
      countedAs = "payment";
      const due = BigInt(payment.amountDue);
      const paid = paidTowardsDue([...transfers, { counted_as: "payment", amount: amount.toString() } as CountedTransfer]);
      if (paid >= due) {
        status = "succeeded";
        outcome = "succeeded";
        excess += paid - due;
      } else outcome = "pending";
    }
    const transfer: CountedTransfer = {
      chain_key: data.chain_key,
      transaction_hash: data.transaction_hash,
      log_index: data.log_index,
      from,
      to,
      amount: amount.toString(),
      block_number: data.block_number,
      block_hash: data.block_hash,
      block_timestamp: Number(block.timestamp),
      counted_as: countedAs,
    };
    await tx.billingPayment.update({
      where: { id: payment.id },
      data: {
        status,
        amountReceived: received.toString(),
        excessAmount: excess.toString(),
        transfers: [...transfers, transfer] as unknown as Prisma.InputJsonValue,
        ...(outcome === "succeeded" ? { succeededAt: new Date() } : {}),
      },
    });
    if (outcome === "succeeded") await activatePlan(payment.tenantId, payment.plan as PlanId, { source: "crypto" }, tx);
    return { outcome, payment: payment.id };
  });
}

/** What the payment's standing transfers paid towards its amount due (not late ones, not reversed ones). */
function paidTowardsDue(transfers: CountedTransfer[]): bigint {
  return transfers.filter((t) => !t.reversed_at && t.counted_as === "payment").reduce((sum, t) => sum + BigInt(t.amount), 0n);
}

// ---------- reorgs ----------

/**
 * Rechecks the credits of crypto payments changed in the last two days (not on the local chain): a transfer whose
 * block is no longer the chain's at its height is moved to the block that now holds its transaction, or reversed
 * when none does.
 */
export async function reverseOrphanedCredits(): Promise<{ checked: number; moved: number; reversed: number }> {
  const payments = await db.billingPayment.findMany({ where: { method: "crypto", updatedAt: { gte: new Date(Date.now() - RECHECK_MS) } } });
  const result = { checked: 0, moved: 0, reversed: 0 };
  const canonical = new Map<string, Promise<string | null>>();
  for (const payment of payments) {
    const chainKey = chainKeyOf(payment);
    // The local chain never reorganises (its head is final); a restarted one is a new chain, not a reorg of the old.
    if (chainKey === "local") continue;
    // Only against the chain that gave the credit: a network whose RPC changed since is not judged by another chain.
    const transfers = (payment.transfers as unknown as CountedTransfer[]).filter((t) => !t.reversed_at && t.block_hash && t.chain_key === chainKey);
    if (!chainKey || !transfers.length) continue;
    let client;
    try {
      client = publicClient(targetForChainKey(chainKey).network.name);
    } catch {
      continue; // a chain this deployment does not serve (any more)
    }
    for (const transfer of transfers) {
      result.checked++;
      const key = `${chainKey}:${transfer.block_number}`;
      if (!canonical.has(key)) canonical.set(key, client.getBlock({ blockNumber: BigInt(transfer.block_number) }).then((b) => b.hash, () => null));
      if ((await canonical.get(key)) === transfer.block_hash) continue;
      const outcome = await recheckOrphanedTransfer(client, payment, transfer);
      if (outcome) result[outcome]++;
    }
  }
  return result;
}

/**
 * A credited transfer whose block is no longer the chain's: moved to the block that now holds its transaction,
 * or reversed when none does (its transaction is not on the new branch, or no longer pays the deposit address).
 */
async function recheckOrphanedTransfer(client: PublicClient, payment: PaymentRow, transfer: CountedTransfer): Promise<"moved" | "reversed" | undefined> {
  const found = await client.getTransactionReceipt({ hash: transfer.transaction_hash as Hex }).catch(() => null);
  const stillPaid =
    found?.status === "success" &&
    found.logs.some((log) => {
      if (getAddress(log.address) !== payment.tokenAddress || log.topics[0] !== TRANSFER_TOPIC) return false;
      try {
        const { args } = decodeEventLog({ abi: [TRANSFER_ABI], data: log.data, topics: log.topics as [Hex, ...Hex[]] });
        return getAddress(args.from) === transfer.from && getAddress(args.to) === payment.depositAddress && args.value.toString() === transfer.amount;
      } catch {
        return false;
      }
    });
  if (stillPaid) {
    await moveTransfer(payment.id, transfer, Number(found.blockNumber), found.blockHash);
    return "moved";
  }
  return (await reverseTransfer(payment.id, transfer)) ? "reversed" : undefined;
}

/**
 * A Transfer log whose block the watcher found orphaned (`chain/log.removed`): the credit it gave, if any (same
 * transaction, from, deposit address, value and block), moves with its transaction or is reversed at once, on any
 * chain, without waiting for the sweep. A credit already moved to the new branch's block is left as it is.
 */
export async function creditRemoved(data: ChainLogEventData): Promise<{ outcome: "ignored" | "moved" | "reversed" | "unchanged"; payment?: string }> {
  const args = data.args as { from?: string; to?: string; value?: string };
  if (data.event !== "Transfer" || !args.to || !args.from || args.value === undefined) return { outcome: "ignored" };
  const [from, to] = [getAddress(args.from), getAddress(args.to)];
  const payment = await db.billingPayment.findUnique({ where: { depositAddress: to } });
  if (!payment || payment.method !== "crypto" || payment.tokenAddress !== getAddress(data.address) || chainKeyOf(payment) !== data.chain_key) return { outcome: "ignored" };
  const credited = (payment.transfers as unknown as CountedTransfer[]).find(
    (t) => sameTransfer(t, data.transaction_hash, from, to, args.value!) && t.block_hash === data.block_hash,
  );
  if (!credited) return { outcome: "unchanged", payment: payment.id };
  const client = publicClient(targetForChainKey(data.chain_key).network.name);
  const current = await client.getBlock({ blockNumber: BigInt(credited.block_number) }).then((b) => b.hash, () => null);
  if (current === credited.block_hash) return { outcome: "unchanged", payment: payment.id }; // back on the chain
  return { outcome: (await recheckOrphanedTransfer(client, payment, credited)) ?? "unchanged", payment: payment.id };
}

const matches = (a: CountedTransfer, b: CountedTransfer) => !a.reversed_at && a.transaction_hash === b.transaction_hash && a.from === b.from && a.amount === b.amount && a.block_hash === b.block_hash;

async function moveTransfer(paymentId: string, moved: CountedTransfer, blockNumber: number, blockHash: string) {
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM billing_payments WHERE id = ${paymentId} FOR UPDATE`;
    const payment = (await tx.billingPayment.findUnique({ where: { id: paymentId } }))!;
    const transfers = (payment.transfers as unknown as CountedTransfer[]).map((t) => (matches(t, moved) ? { ...t, block_number: blockNumber, block_hash: blockHash } : t));
    await tx.billingPayment.update({ where: { id: paymentId }, data: { transfers: transfers as unknown as Prisma.InputJsonValue } });
  });
}

/** Reverses one credit: recorded on the transfer, amounts lowered, the success and its plan time taken back if it no longer holds. */
async function reverseTransfer(paymentId: string, reversed: CountedTransfer): Promise<boolean> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM billing_payments WHERE id = ${paymentId} FOR UPDATE`;
    const payment = (await tx.billingPayment.findUnique({ where: { id: paymentId } }))!;
    await lockTenantCredits(tx, payment.tenantId);
    const transfers = payment.transfers as unknown as CountedTransfer[];
    const index = transfers.findIndex((t) => matches(t, reversed));
    if (index < 0) return false;
    const now = new Date();
    const amount = BigInt(reversed.amount);
    const due = BigInt(payment.amountDue);
    // An admin-confirmed payment stays confirmed: the admin vouched for it, not the chain.
    const keepsSuccess = payment.status !== "succeeded" || payment.confirmedBy !== null;
    const updated = transfers.map((t, i) => (i === index ? { ...t, reversed_at: Math.floor(now.getTime() / 1000) } : t));
    // Transfers that arrived after the success (excess) pay towards the amount due once it is no longer met.
    const standing = updated.filter((t) => !t.reversed_at && t.counted_as !== "late").reduce((sum, t) => sum + BigInt(t.amount), 0n);
    const succeeded = payment.status === "succeeded" && (keepsSuccess || standing >= due);
    const lostSuccess = payment.status === "succeeded" && !succeeded;
    if (lostSuccess) updated[index] = { ...updated[index], plan_days_taken_back: PLAN_DAYS_PER_PAYMENT };
    await tx.billingPayment.update({
      where: { id: paymentId },
      data: {
        amountReceived: (BigInt(payment.amountReceived) - amount).toString(),
        excessAmount: (succeeded ? (standing > due ? standing - due : 0n) : 0n).toString(),
        transfers: updated as unknown as Prisma.InputJsonValue,
        ...(lostSuccess ? { status: payment.expiresAt && payment.expiresAt <= now ? "expired" : "pending", succeededAt: null } : {}),
      },
    });
    if (lostSuccess) await takeBackPlanTime(tx, payment.tenantId, payment.plan);
    return true;
  });
}

/** Shortens the tenant's crypto-paid period by what one payment bought (it ends now at the earliest). */
async function takeBackPlanTime(tx: Prisma.TransactionClient, tenantId: string, plan: string) {
  const sub = await tx.subscription.findUnique({ where: { tenantId } });
  if (!sub || sub.plan !== plan || sub.source !== "crypto" || !sub.currentPeriodEnd) return;
  const end = new Date(Math.max(Date.now(), sub.currentPeriodEnd.getTime() - PLAN_DAYS_PER_PAYMENT * DAY_MS));
  await tx.subscription.update({ where: { tenantId }, data: { currentPeriodEnd: end } });
}

// ---------- the token subscriptions ----------

/**
 * Every token subscription of crypto checkout follows only the deposit addresses still waiting (see
 * ./crypto followDeposits); returns how many tokens nothing waits on any more (their subscription retired).
 */
export async function retireIdleSubscriptions(): Promise<number> {
  const tokens = await db.billingPayment.findMany({ where: { method: "crypto" }, distinct: ["tokenAddress"], select: { tokenAddress: true } });
  const subscriptions = await db.chainLogSubscription.findMany({
    where: { active: true, topic0: TRANSFER_TOPIC, address: { in: tokens.flatMap((t) => (t.tokenAddress ? [t.tokenAddress] : [])) } },
    distinct: ["chainKey", "address"],
  });
  let retired = 0;
  for (const subscription of subscriptions) {
    try {
      const scannedThrough = await depositsScannedThrough(subscription.chainKey, subscription.address);
      const { addresses } = await db.$transaction((tx) => followDeposits(tx, subscription.chainKey, subscription.address, scannedThrough));
      if (!addresses.length) retired++;
    } catch {
      // a chain this deployment does not serve (any more), or not reachable now: the next sweep tries again
    }
  }
  return retired;
}
