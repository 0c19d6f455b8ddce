// Sending a wallet's signed records: in nonce order, as one JSON-RPC batch (the client batches the calls
// of one tick, and nodes take a batch's calls in order), never past a nonce that is not signed yet.
// Each record's answer is handled on its own: one rejected record never rolls back the others.
import { BaseError, HttpRequestError, RpcRequestError, TimeoutError, type Hex, type TransactionReceipt } from "viem";
import type { Transaction } from "@/lib/generated/prisma/client";
import { publicClient, type ChainTarget } from "@/lib/chain/network/clients";
import { confirmationsFor } from "@/lib/chain/network/confirmations";
import { fateOf } from "@/lib/chain/records/evidence";
import { markSubmitted, releaseForResigning, type WalletKey } from "@/lib/chain/records/statements";
import { resyncNonce } from "@/lib/chain/eoa/nonces";
import { fail } from "@/lib/chain/records/finalize";
import { redactRpc } from "@/lib/core/redact";

// The JSON-RPC codes providers answer a rate limit with: 429 (Alchemy in batches), -32005 (the standard "limit
// exceeded"), -32007 (QuickNode); and HTTP 429 with a JSON-RPC body, which viem reports as an RpcRequestError.
const RATE_LIMIT_CODES = [429, -32005, -32007];

/** A rate limit: the provider did not take the call, so it says nothing about the transaction; it goes again later. */
export const isRateLimited = (error: unknown) =>
  error instanceof BaseError &&
  Boolean(error.walk((e) => ((e instanceof RpcRequestError || e instanceof HttpRequestError) && e.status === 429) || RATE_LIMIT_CODES.includes((e as { code?: unknown }).code as number)));

/** The node answered, and the answer is about this transaction (not a failed round trip, nor a rate limit). */
const isNodeAnswer = (error: unknown) => !(error instanceof HttpRequestError || error instanceof TimeoutError) && error instanceof BaseError && !isRateLimited(error);
const textOf = (error: unknown) => (error instanceof BaseError ? `${error.shortMessage} ${error.details ?? ""}` : String(error));

const KNOWN = /already known|already imported|known transaction/i;
const NONCE_USED = /nonce too low|nonce has already been used|replacement transaction underpriced|already exists/i;
// The node has no room for the sender now (a per-sender pending cap, a full pool), or takes nonces strictly in order
// (no mempool: a nonce above the next one is refused): nothing is wrong with the transaction; it goes again later.
const NO_ROOM_NOW = /txpool is full|too many pending|pending transactions? limit|exceeds the limit|max(imum)? pending|nonce too high|nonce gap|future transaction/i;
const FEES_TOO_LOW = /max fee per gas less than block base fee|fee cap less than block base fee|transaction underpriced|gas price too low|feecap/i;

export type SendResult = "accepted" | "retry" | "resign" | "failed";

/**
 * What to do after the node refused a record's bytes. "Nonce used" is settled from evidence only
 * (our receipt, our hash known to the node, or the nonce taken by a transaction none of ours):
 * a call whose signature may still mine is never signed again with another nonce.
 */
export async function handleRefusal(record: Transaction, target: ChainTarget, wallet: WalletKey, error: unknown): Promise<SendResult> {
  if (!isNodeAnswer(error)) return "retry";
  const text = textOf(error);
  if (KNOWN.test(text)) return "accepted";
  if (NONCE_USED.test(text)) {
    const fate = await fateOf(record, BigInt(confirmationsFor(target.chainKey)));
    if (fate.kind === "mined" || fate.kind === "in_flight") return "accepted";
    if (fate.kind === "unknown") return "retry";
    if (record.cancelRequestedAt) {
      // Cancelled, and its nonce went to a transaction none of ours: the call can never run.
      await fail(record.id, "cancelled", "Cancelled: its nonce was used by another transaction of the wallet; the call never ran.");
      return "failed";
    }
    await releaseForResigning(record.id, false);
    await resyncNonce(wallet, target.network.name);
    return "resign";
  }
  // Bytes that were accepted before may still mine: only evidence ends them, and the stuck-replacement raises their fees.
  if (record.status === "submitted") return "retry";
  if (NO_ROOM_NOW.test(text)) return "retry";
  if (FEES_TOO_LOW.test(text)) {
    await releaseForResigning(record.id, true); // same nonce, current fees
    return "resign";
  }
  // A filler is only a nonce's way out: failing it would leave the nonce to another filler, for ever.
  if (record.kind === "nonce.fill") return "retry";
  await fail(record.id, "rejected_by_node", `The node refused the transaction: ${redactRpc(text).slice(0, 500)}`);
  return "failed";
}

/**
 * Sends the records (already in nonce order); marks the accepted ones submitted. `refused`: some record's
 * state changed otherwise (ended, or to be signed again). Throws after a failed round trip.
 * `withReceipts` (a chain that mines each transaction as it takes it): their receipts are asked for in the
 * same JSON-RPC batch, behind the sends; a record whose receipt came back is left for the caller to end in
 * one step, without being marked submitted first.
 */
export async function sendInOrder(
  records: Transaction[],
  target: ChainTarget,
  wallet: WalletKey,
  { withReceipts = false } = {},
): Promise<{ accepted: Set<string>; refused: boolean; receipts: Map<string, TransactionReceipt> }> {
  const client = publicClient(target.network.name);
  const sends = records.map((r) => client.sendRawTransaction({ serializedTransaction: r.rawTransaction as Hex }));
  // Asked for in the same tick, so they travel in the sends' batch, after them (nodes answer a batch in order).
  const asked = withReceipts
    ? records.map((r) => client.getTransactionReceipt({ hash: r.hash as Hex }).catch(() => null)) // not mined yet, or not read: followed as usual
    : [];
  const answers = await Promise.allSettled(sends);
  const found = await Promise.all(asked);
  // Refusals are settled together: their evidence reads go out as one JSON-RPC batch. One at a time, a
  // backlog whose answers were lost (a dropped connection) took a round trip per record to recover.
  const results = await Promise.all(
    records.map((record, i) => {
      const answer = answers[i];
      return answer.status === "fulfilled" ? ("accepted" as const) : handleRefusal(record, target, wallet, answer.reason);
    }),
  );
  const accepted = new Set<string>();
  const receipts = new Map<string, TransactionReceipt>();
  let transportError: unknown;
  let refused = false;
  for (let i = 0; i < records.length; i++) {
    const answer = answers[i];
    if (results[i] === "accepted") {
      accepted.add(records[i].id);
      if (answer.status === "fulfilled" && found[i]) receipts.set(records[i].id, found[i]!);
    } else refused = true;
    if (answer.status === "rejected" && results[i] === "retry") transportError ??= answer.reason;
  }
  await markSubmitted([...accepted].filter((id) => !receipts.has(id)));
  if (transportError) throw transportError;
  return { accepted, refused, receipts };
}

/**
 * The signed, unsent records that may go out now: below the first nonce still waiting for its signature, and no
 * more than `maxInFlight` sent and unmined in all (MAX_IN_FLIGHT_<NETWORK>). `mined`: the ids of sent records
 * already in a block, still short of their confirmations: no longer pending at the node, so not in flight.
 */
export function sendable(open: Transaction[], maxInFlight = Infinity, mined: ReadonlySet<string> = new Set()): Transaction[] {
  const unsigned = open.filter((r) => r.status === "pending" && r.nonce !== null && r.rawTransaction === null).map((r) => r.nonce!);
  const limit = unsigned.length ? Math.min(...unsigned) : Infinity;
  const inFlight = open.filter((r) => r.status === "submitted" && !mined.has(r.id)).length;
  return open
    .filter((r) => r.status === "pending" && r.rawTransaction !== null && r.nonce! < limit)
    .sort((a, b) => a.nonce! - b.nonce!)
    .slice(0, Math.max(0, maxInFlight - inFlight));
}
