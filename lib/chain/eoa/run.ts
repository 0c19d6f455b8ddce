// One run of a custodial wallet on one chain: sign the backlog, send it, follow it, and again, until the
// wallet has nothing open or the run's time is up (then the caller continues in a new run). Runs of one
// wallet never overlap (the function's concurrency key); every step is also safe to repeat after a crash,
// because the record is the state machine: a signed record is sent again, never signed again.
import { BaseError, HttpRequestError, TimeoutError } from "viem";
import { chainTarget, type ChainTarget } from "../clients";
import type { Transaction } from "@/lib/generated/prisma/client";
import { openRecords, touch, type Signed, type WalletKey } from "../records";
import { clearWake, seedNonce } from "../nonces";
import { signBacklog } from "./sign";
import { sendable, sendInOrder } from "./broadcast";
import { followSent } from "./follow";

const budgetMs = () => Number(process.env.WALLET_RUN_BUDGET_MS ?? 45_000);
const TOUCH_EVERY_MS = 30_000;

/** This app instance reaches the network through another RPC than the one the records were made for. */
export class ChainMismatch extends Error {}

export function targetFor(wallet: WalletKey, network: string): ChainTarget {
  const target = chainTarget(network);
  if (target.chainKey !== wallet.chainKey) {
    throw new ChainMismatch(`this app instance serves ${network} as '${target.chainKey}', but the records were made for '${wallet.chainKey}': check RPC_URL_* across instances`);
  }
  return target;
}

/** The record as storeSigned left it (the same columns, without reading it back). */
function withSignature(record: Transaction, signed: Signed | undefined): Transaction {
  if (!signed) return record;
  return {
    ...record, nonce: signed.nonce, rawTransaction: signed.raw, hash: signed.hash, hashes: [...record.hashes, signed.hash],
    gasLimit: signed.gasLimit.toString(), maxFeePerGas: signed.maxFeePerGas.toString(), maxPriorityFeePerGas: signed.maxPriorityFeePerGas.toString(),
  };
}

/** Drives the wallet's open records; resolves to how many are still open when it stops. */
export async function runWallet(wallet: WalletKey, network: string, budget = budgetMs()): Promise<{ open: number }> {
  const target = targetFor(wallet, network);
  const started = Date.now();
  let touched = started;
  await seedNonce(wallet, network);
  let failingSince: number | null = null;
  for (;;) {
    try {
      const next = await pass();
      failingSince = null;
      if (next === "again") continue;
      if (next !== "wait") return next;
    } catch (error) {
      // A lost or late answer of the node (a dropped connection, a timeout) is retried here after a short
      // pause: the records hold what was signed and sent, so repeating a pass is safe. Only an outage
      // that lasts fails the run (then the executor's backoff applies), so a flaky link costs seconds,
      // not the minutes of a growing backoff.
      if (!isTransportError(error)) throw error;
      failingSince ??= Date.now();
      if (Date.now() - failingSince > TRANSPORT_PATIENCE_MS || Date.now() - started > budget) throw error;
    }
    await new Promise((r) => setTimeout(r, target.isLocal ? 20 : 500));
  }

  /** One pass over the wallet's open records: the run's result when it should stop, else when to look again. */
  async function pass(): Promise<{ open: number } | "again" | "wait"> {
    await clearWake(wallet);
    let open = await openRecords(wallet);
    if (!open.length) return { open: 0 };
    const signed = new Map((await signBacklog(wallet, target, open)).map((s) => [s.id, s]));
    open = open.map((r) => withSignature(r, signed.get(r.id)));
    const batch = sendable(open);
    if (batch.length) {
      const { accepted, refused } = await sendInOrder(batch, target, wallet);
      const now = new Date();
      open = refused ? await openRecords(wallet) : open.map((r) => (accepted.has(r.id) ? { ...r, status: "submitted", submittedAt: r.submittedAt ?? now } : r));
    }
    const stillOpen = await followSent(wallet, target, open.filter((r) => r.status === "submitted"));
    const unsent = open.filter((r) => r.status === "pending").length;
    if (!stillOpen && !unsent) return "again"; // everything ended: look once more for new work, then stop
    if (Date.now() - started > budget) return { open: stillOpen + unsent };
    if (Date.now() - touched > TOUCH_EVERY_MS) {
      await touch(open.map((r) => r.id)); // the reconciler leaves records alone while a run works on them
      touched = Date.now();
    }
    return "wait";
  }
}

const TRANSPORT_PATIENCE_MS = 5_000;

/** A failed round trip to the node (no answer, or a cut connection), as opposed to the node's answer. */
const isTransportError = (error: unknown) =>
  error instanceof BaseError && Boolean(error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError));
