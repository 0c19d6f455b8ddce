// One run of a custodial wallet on one chain: sign the backlog, send it, follow it, and again, until the
// wallet has nothing open or the run's time is up (then the caller continues in a new run). Runs of one
// wallet never overlap (the function's concurrency key); every step is also safe to repeat after a crash,
// because the record is the state machine: a signed record is sent again, never signed again.
//
// While it runs, the run keeps the wallet's wake flag up, so intake does not dispatch other runs: intake in
// this process tells it at once (notifyWallet), and each pass looks for records made elsewhere. The run
// holds its signed records in memory (only it changes them) and reads only what is still to sign. With
// nothing open it lingers a moment for more work, then lowers the flag and looks one last time.
//
// Passes overlap: while a batch is sent and followed, the next pass signs what came in meanwhile (the chain
// and the signer work at once), and sends it only once that batch has landed, so batches go out in nonce order.
import { BaseError, HttpRequestError, TimeoutError, type TransactionReceipt } from "viem";
import { chainTarget, type ChainTarget } from "@/lib/chain/network/clients";
import { confirmationsFor, maxInFlightFor } from "@/lib/chain/network/confirmations";
import type { Transaction } from "@/lib/generated/prisma/client";
import { openRecords, touch, unsignedRecords, type Signed, type WalletKey } from "@/lib/chain/records/statements";
import { clearWake, nextNonceOf, requestWake, walletSignal } from "@/lib/chain/eoa/nonces";
import { signBacklog } from "./sign";
import { isRateLimited, sendable, sendInOrder } from "./broadcast";
import { recordAttributes, withSpan } from "@/lib/observability/tracing";
import { followSent } from "./follow";
import { cancelLook } from "./cancel";
import { finalityWatch } from "./reorgs";

const budgetMs = () => Number(process.env.WALLET_RUN_BUDGET_MS ?? 45_000);
/** How long a run with nothing open waits for more work before it ends (its dispatch costs more than waiting). */
const lingerMs = () => Number(process.env.WALLET_RUN_LINGER_MS ?? 1_000);
/** While lingering, how often it looks for records made by another app instance (this one notifies). */
const LINGER_LOOK_MS = 100;
const TOUCH_EVERY_MS = 30_000;
const TRANSPORT_PATIENCE_MS = 5_000;

/** This app instance reaches the network through another RPC than the one the records were made for. */
export class ChainMismatch extends Error {}

export function targetFor(wallet: WalletKey, network: string): ChainTarget {
  const target = chainTarget(network);
  if (target.chainKey !== wallet.chainKey) {
    throw new ChainMismatch(`this app instance serves ${network} as '${target.chainKey}', but the records were made for '${wallet.chainKey}': check RPC_URL_* across instances`);
  }
  return target;
}

/** The record as storeSignedBacklog left it (the same columns, without reading it back). */
function withSignature(record: Transaction, signed: Signed): Transaction {
  return {
    ...record, nonce: signed.nonce, rawTransaction: signed.raw, hash: signed.hash, hashes: [...record.hashes, signed.hash],
    gasLimit: signed.gasLimit.toString(), maxFeePerGas: signed.maxFeePerGas.toString(), maxPriorityFeePerGas: signed.maxPriorityFeePerGas.toString(),
    feeCapReachedAt: null, feeCapNetworkFee: null,
  };
}

/** A batch sent and followed: `refused` when some record must be read afresh; `open`: what is still open after it. */
interface Shipment {
  refused: boolean;
  open: number;
}

/**
 * Drives the wallet's open records; resolves to how many are still open, or mined but within the finality window
 * (./reorgs), when it stops: its time is up, or `stopping` says its instance is shutting down (the caller
 * continues in a new run, which another instance takes over at once).
 */
export async function runWallet(wallet: WalletKey, network: string, budget = budgetMs(), stopping: () => boolean = () => false): Promise<{ open: number }> {
  const target = targetFor(wallet, network);
  // A chain that mines each transaction as it takes it gives the receipts in the send's round trip.
  const instant = target.isLocal && confirmationsFor(target.chainKey) <= 1;
  const started = Date.now();
  const over = () => Date.now() - started > budget || stopping();
  let touched = started;
  let lastWork = started;
  /** Signed records (sent or not), by id: only this run changes them. Reloaded whole after a refusal. */
  let signed: Map<string, Transaction> | null = null;
  /** The nonce counter as this run last read or moved it; read again with the records. */
  let nextNonce: number | null = await nextNonceOf(wallet, network); // seeds the counter row the flag lives on
  await requestWake(wallet);
  const readAfresh = () => {
    signed = null;
    nextNonce = null;
  };
  const signal = walletSignal(wallet);
  const cancels = cancelLook(wallet);
  const finality = finalityWatch(wallet, target);
  let failingSince: number | null = null;
  /** Sent records in a block and short of their confirmations, as the last follow found them: not in flight. */
  let mined: ReadonlySet<string> = new Set();
  /**
   * The last pass's endings, committing while the next pass signs and sends (the chain would otherwise
   * wait for the database). The next pass waits for it before it settles its own sent records, so those
   * end in order, and a failure to commit fails that pass (the run reads afresh: the records are still open).
   */
  let finalizing: Promise<void> = Promise.resolve();
  /** The last batch on its way (sent, then followed) while the next pass signs what came meanwhile. */
  let shipping: Promise<Shipment> | null = null;
  const landed = () => {
    const shipment = shipping!;
    shipping = null;
    return shipment;
  };
  const settled = async () => {
    const pending = finalizing;
    finalizing = Promise.resolve();
    await pending;
  };
  try {
    for (;;) {
      try {
        const next = await pass();
        failingSince = null;
        if (next === "again") continue;
        if (next !== "wait" && next !== "idle") return next;
        await signal.wait(next === "idle" ? LINGER_LOOK_MS : target.isLocal ? 20 : 500);
      } catch (error) {
        // A lost or late answer of the node (a dropped connection, a timeout) is retried here after a short
        // pause: the records hold what was signed and sent, so repeating a pass is safe. Only an outage
        // that lasts fails the run (then the executor's backoff applies), so a flaky link costs seconds,
        // not the minutes of a growing backoff.
        if (shipping) await landed().catch(() => {}); // the batch on its way lands first (it changes the run's records)
        readAfresh(); // what the failed pass changed is read again
        failingSince ??= Date.now();
        if (!isTransportError(error) || Date.now() - failingSince > TRANSPORT_PATIENCE_MS || over()) {
          await settled().catch(() => {}); // the run ends with nothing of its own still writing
          await clearWake(wallet).catch(() => {}); // the next write dispatches a run at once (the executor also retries this one)
          throw error;
        }
        await new Promise((r) => setTimeout(r, target.isLocal ? 20 : 500));
      }
    }
  } finally {
    signal.close();
  }

  /** One pass over the wallet's open records: the run's result when it should stop, else what to do next. */
  async function pass(): Promise<{ open: number } | "again" | "wait" | "idle"> {
    let unsigned: Transaction[];
    if (!signed) {
      nextNonce ??= await nextNonceOf(wallet, network);
      const open = await openRecords(wallet);
      signed = new Map(open.filter((r) => r.rawTransaction !== null).map((r) => [r.id, r]));
      unsigned = open.filter((r) => r.rawTransaction === null);
    } else {
      unsigned = await unsignedRecords(wallet);
    }
    if (!unsigned.length && shipping) return afterShipment(await landed()); // nothing came meanwhile
    if (!signed.size && !unsigned.length) return finish();
    lastWork = Date.now();

    const byId = new Map(unsigned.map((r) => [r.id, r]));
    const stored = await withSpan("chain.sign", recordAttributes(unsigned), () => signBacklog(wallet, target, [...signed!.values(), ...unsigned], nextNonce!));
    const before = shipping ? await landed() : null; // the last batch, sent and followed while this one was signed
    if (before?.refused || !stored) {
      readAfresh(); // a record was refused, or the counter or a record changed under this pass (a cancellation)
      return "again";
    }
    for (const s of stored) {
      if (s.fresh) nextNonce = nextNonce! + 1;
      signed.set(s.id, withSignature(byId.get(s.id)!, s));
    }
    const notSigned = unsigned.filter((r) => !signed!.has(r.id)); // estimates that wait for what is ahead, nonces to sign again
    const shipment = ship(sendable([...signed.values(), ...notSigned], maxInFlightFor(target.chainKey), mined), signed, notSigned.length);
    if (stored.length && !over()) {
      // What came in while this batch was signed is signed while it is sent: the chain and the signer overlap.
      shipping = shipment;
      shipment.catch(() => {}); // awaited by the next pass, or before the run reads afresh or stops
      await keepClaimed();
      return "again";
    }
    return afterShipment(await shipment);
  }

  /** Sends the batch in nonce order and follows the wallet's sent records; `records` is the run's map of them. */
  async function ship(batch: Transaction[], records: Map<string, Transaction>, waitingBehind: number): Promise<Shipment> {
    let receipts = new Map<string, TransactionReceipt>();
    // Reorganised and cancelled records are taken here, where no other batch is on its way (only this run
    // changes its signed records).
    await finality.check(records);
    if (cancels.due() && (await cancels.sign(target, records))) batch = batch.map((r) => records.get(r.id) ?? r);
    if (batch.length) {
      const sent = await withSpan("chain.broadcast", recordAttributes(batch), () => sendInOrder(batch, target, wallet, { withReceipts: instant }));
      if (sent.refused) return { refused: true, open: 0 }; // some record was ended or released to be signed again
      const now = new Date();
      for (const id of sent.accepted) {
        const record = records.get(id)!;
        records.set(id, { ...record, status: "submitted", submittedAt: record.submittedAt ?? now });
      }
      receipts = sent.receipts;
    }
    await settled();
    const following = [...records.values()].filter((r) => r.status === "submitted");
    const { ended, mined: inBlocks, replaced, finalized } = await withSpan("chain.inclusion", recordAttributes(following), () => followSent(wallet, target, following, receipts));
    mined = new Set(inBlocks);
    finalizing = finalized;
    finalized.catch(() => {}); // awaited by the next pass, or before the run stops
    for (const id of ended) records.delete(id);
    for (const record of replaced) records.set(record.id, record);
    return { refused: false, open: records.size + waitingBehind };
  }

  async function afterShipment(shipment: Shipment): Promise<{ open: number } | "again" | "wait"> {
    if (shipment.refused) {
      readAfresh();
      return "again";
    }
    if (!shipment.open) return "again"; // everything ended: look at once for new work
    if (over()) {
      await settled();
      return { open: shipment.open };
    }
    await keepClaimed();
    return "wait";
  }

  /** The reconciler leaves records alone while a run works on them. */
  async function keepClaimed() {
    if (!signed || Date.now() - touched <= TOUCH_EVERY_MS) return;
    await touch([...signed.keys()]);
    touched = Date.now();
  }

  /** Nothing is open: linger for more work, else lower the flag and look once more (intake may have just seen it up). */
  async function finish(): Promise<{ open: number } | "idle" | "again" | "wait"> {
    await settled();
    // Mined records still within the finality window keep the run (a reorganisation may reopen them).
    const watching = await finality.check(signed!);
    if (signed!.size) return "again";
    if (watching) return over() ? { open: watching } : "wait";
    const now = Date.now();
    if (now - lastWork < lingerMs() && !over()) return "idle";
    await clearWake(wallet);
    const arrived = (await unsignedRecords(wallet)).length;
    if (!arrived) return { open: 0 };
    await requestWake(wallet);
    return over() ? { open: arrived } : "again";
  }
}

/** A failed round trip to the node (no answer, a cut connection, a rate limit), as opposed to the node's answer. */
const isTransportError = (error: unknown) =>
  isRateLimited(error) || (error instanceof BaseError && Boolean(error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError)));
