// Signing a wallet's backlog in one pass: estimate every new record (one JSON-RPC batch), sign the ones
// that will run with the next nonces of the counter, and store nonces and signatures in one statement
// (lib/chain/records.storeSignedBacklog) before anything is sent.
import { formatEther, keccak256, type Address, type Hex } from "viem";
import type { Transaction } from "@/lib/generated/prisma/client";
import { publicClient, type ChainTarget } from "@/lib/chain/network/clients";
import { gatherWhileBusy } from "@/lib/core/gather";
import { signerFor } from "@/lib/chain/eoa/wallets";
import { isPlatformAddress, platformAccount } from "@/lib/chain/eoa/platform-signer";
import { isRevert, revertReason } from "@/lib/chain/records/revert";
import { cappedFees, ensureGas, feesFor, type Fees } from "@/lib/chain/eoa/gas";
import { markFeeCapReached, storeSignedBacklog, type NewRecord, type Signed, type Signing, type WalletKey } from "@/lib/chain/records/statements";
import { fail } from "@/lib/chain/records/finalize";

const MAX_BATCH = 500;
const TRANSFER_GAS = 21_000n;

const isOpenUnsent = (r: Transaction) => r.status === "pending";
const inFlight = (r: Transaction) => r.status === "submitted" || (r.status === "pending" && r.rawTransaction !== null);

/** The record's call, signed by its sender (the tenant wallet, or the platform signer) with this nonce, gas and fees. */
export async function signRecord(record: Transaction, target: ChainTarget, nonce: number, gasLimit: bigint, fees: Fees): Promise<Signed> {
  const account = isPlatformAddress(record.network, record.fromAddress) ? platformAccount(record.network) : await signerFor(record.tenantId, record.livemode);
  const raw = await account.signTransaction({
    type: "eip1559",
    chainId: target.chain.id,
    nonce,
    to: (record.toAddress ?? null) as Address | null,
    data: record.data as Hex,
    value: BigInt(record.value),
    gas: gasLimit,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
  });
  return { id: record.id, nonce, raw, hash: keccak256(raw), gasLimit, ...fees };
}

/** A cancel's no-op: a 0-value self-transfer of the record's sender at the record's nonce. */
export function signNoop(record: Transaction, target: ChainTarget, fees: Fees): Promise<Signed> {
  return signRecord({ ...record, toAddress: record.fromAddress, data: "0x", value: "0" }, target, record.nonce!, TRANSFER_GAS, fees);
}

// Estimates started by intake while the wallet's run is in this process (by record id), so a pass finds its
// records' gas already known and goes straight to signing: at the end of a burst, the last pass no longer
// waits for estimates queued behind the chain's work on the batch before it. A lone record's estimate goes
// out at once; in a burst, the estimates that arrive while earlier ones are on their way travel as one
// JSON-RPC batch (lib/core/gather). Only a gas figure is kept; a revert or an RPC error leaves the estimate to the
// run. On globalThis: intake and the run may be different copies of this module (route bundles, instrumentation).
const AHEAD_TTL_MS = 2_000;
const globalForAhead = globalThis as unknown as { gasEstimatesAhead?: Map<string, { at: number; gas: Promise<bigint | null> }> };
const estimatesAhead = (globalForAhead.gasEstimatesAhead ??= new Map());

/** Estimate batches on their way at once, per RPC. */
const ESTIMATE_BATCHES_AT_ONCE = 2;
type Estimating = { record: NewRecord; target: ChainTarget };
const estimateGatherers = new Map<string, (wanted: Estimating) => Promise<bigint>>();

function gatheredEstimate(record: NewRecord, target: ChainTarget): Promise<bigint | null> {
  let gather = estimateGatherers.get(target.rpcUrl);
  if (!gather) {
    // Calls made in one tick travel as one JSON-RPC batch (the public client's batching).
    gather = gatherWhileBusy<Estimating, bigint>((batch) => Promise.allSettled(batch.map((w) => estimateCall(w.record, w.target))), ESTIMATE_BATCHES_AT_ONCE);
    estimateGatherers.set(target.rpcUrl, gather);
  }
  return gather({ record, target }).catch(() => null);
}

export function estimateAhead(record: NewRecord, target: ChainTarget) {
  const now = Date.now();
  for (const [id, entry] of estimatesAhead) { // oldest first: drop the ones never taken (a run that ended meanwhile)
    if (now - entry.at <= AHEAD_TTL_MS) break;
    estimatesAhead.delete(id);
  }
  estimatesAhead.set(record.id, { at: now, gas: gatheredEstimate(record, target) });
}

async function estimateCall(
  record: Pick<NewRecord, "fromAddress" | "toAddress" | "data" | "value">,
  target: ChainTarget,
): Promise<bigint> {
  const gas = await publicClient(target.network.name).estimateGas({
    account: record.fromAddress as Address,
    to: (record.toAddress ?? undefined) as Address | undefined,
    data: record.data as Hex,
    value: BigInt(record.value),
  });
  return (gas * 12n) / 10n; // 20% headroom over the estimate
}

async function estimate(record: Transaction, target: ChainTarget): Promise<bigint | { revert: string }> {
  if (record.kind === "nonce.fill") return TRANSFER_GAS;
  const ahead = estimatesAhead.get(record.id);
  estimatesAhead.delete(record.id);
  const early = ahead && Date.now() - ahead.at <= AHEAD_TTL_MS ? await ahead.gas : null;
  if (early !== null) return early;
  try {
    return await estimateCall(record, target);
  } catch (error) {
    if (isRevert(error)) return { revert: revertReason(error) };
    throw error; // RPC trouble: the run is retried
  }
}

/**
 * Signs what the wallet can send next, `nextNonce` being the counter as the run last read it; returns the
 * records it signed, or null when the counter or a record changed meanwhile (nothing stored: read afresh).
 * A record whose estimate reverts fails at once (no nonce used) when nothing of the wallet is ahead of it;
 * behind unmined records it waits, since their effects may be what it needs (an approve before a transfer_from).
 */
export async function signBacklog(wallet: WalletKey, target: ChainTarget, open: Transaction[], nextNonce: number): Promise<Signing[] | null> {
  // A record whose cancel is asked for is signed again only as its no-op (./cancel).
  const resign = open.filter((r) => isOpenUnsent(r) && r.nonce !== null && r.rawTransaction === null && r.cancelRequestedAt === null);
  const fresh = open.filter((r) => isOpenUnsent(r) && r.nonce === null).slice(0, MAX_BATCH);
  if (!resign.length && !fresh.length) return [];

  const network = await feesFor(target);
  const fees = cappedFees(target, network);
  if (!fees) {
    // The network asks more than the cap: nothing is signed (no nonce taken), the records say why, and a
    // later pass signs them once the fees have fallen.
    const unmarked = [...resign, ...fresh].filter((r) => r.feeCapReachedAt === null);
    if (unmarked.length) await markFeeCapReached(unmarked.map((r) => r.id), network.maxFeePerGas);
    return [];
  }
  const estimates = await Promise.all(fresh.map((r) => estimate(r, target)));
  let ahead = open.some(inFlight) || resign.length > 0;
  const ready: { record: Transaction; gasLimit: bigint }[] = [];
  for (let i = 0; i < fresh.length; i++) {
    const result = estimates[i];
    if (typeof result === "bigint") {
      ready.push({ record: fresh[i], gasLimit: result });
      continue;
    }
    if (ahead || ready.length) break; // re-estimated once what is ahead has been mined
    await fail(fresh[i].id, "execution_reverted", `The transaction would revert: ${result.revert}`);
  }
  const resignGas = await Promise.all(resign.map(async (r) => (r.gasLimit ? BigInt(r.gasLimit) : ((await estimate(r, target)) as bigint))));

  const spend = [...ready.map((x) => x.gasLimit * fees.maxFeePerGas + BigInt(x.record.value)), ...resignGas.map((g) => g * fees.maxFeePerGas)]
    .reduce((a, b) => a + b, 0n);
  const gas = await ensureGas(target, wallet.from as Address, spend);
  if (!gas.ok) {
    const message =
      `The wallet ${wallet.from} holds ${formatEther(gas.balance)} ${target.network.nativeCurrency} on ${target.network.name} but needs ` +
      `${formatEther(spend)} for the gas of its pending transactions: fund it and retry.`;
    for (const { record } of ready) await fail(record.id, "insufficient_funds", message);
    return [];
  }

  const toSign = [
    ...resign.map((record, i) => ({ record, nonce: record.nonce!, gasLimit: resignGas[i], fresh: false })),
    ...ready.map((x, i) => ({ ...x, nonce: nextNonce + i, fresh: true })),
  ];
  const signed: Signing[] = await Promise.all(
    toSign.map(async (x) => ({ ...(await signRecord(x.record, target, x.nonce, x.gasLimit, fees)), fresh: x.fresh })),
  );
  return (await storeSignedBacklog(wallet, nextNonce, signed)) ? signed : null;
}
