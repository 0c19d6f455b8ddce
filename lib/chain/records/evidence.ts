// What the chain says about a record's signatures. A final state or a re-signature needs evidence:
// "not found" is only ever the node's definite answer; an RPC error throws, so the caller retries later
// instead of concluding anything from a failed read.
import { TransactionNotFoundError, TransactionReceiptNotFoundError, type Address, type Hex, type TransactionReceipt } from "viem";
import type { Transaction } from "@/lib/generated/prisma/client";
import { publicClient } from "@/lib/chain/network/clients";

/** The receipt of any hash sent for this record (newest first), or null when the node has none. */
export async function receiptOf(record: Transaction): Promise<TransactionReceipt | null> {
  const client = publicClient(record.network);
  const receipts = await Promise.all(
    [...record.hashes].reverse().map((hash) =>
      client.getTransactionReceipt({ hash: hash as Hex }).catch((error) => {
        if (error instanceof TransactionReceiptNotFoundError) return null;
        throw error;
      }),
    ),
  );
  return receipts.find((r) => r !== null) ?? null;
}

/** Whether the node knows one of the record's hashes (pending in its pool, or mined). */
async function knownToNode(record: Transaction): Promise<boolean> {
  const client = publicClient(record.network);
  const found = await Promise.all(
    record.hashes.map((hash) =>
      client.getTransaction({ hash: hash as Hex }).then(
        () => true,
        (error) => {
          if (error instanceof TransactionNotFoundError) return false;
          throw error;
        },
      ),
    ),
  );
  return found.some(Boolean);
}

/** The wallet's nonces included in blocks at least `depth` deep (the next nonce the chain expects there). */
async function minedNonce(networkName: string, address: Address, depth = 1n): Promise<number> {
  const client = publicClient(networkName);
  if (depth <= 1n) return client.getTransactionCount({ address, blockTag: "latest" });
  const head = await client.getBlockNumber({ cacheTime: 0 });
  return client.getTransactionCount({ address, blockNumber: head - depth + 1n > 0n ? head - depth + 1n : 0n });
}

export type Fate =
  | { kind: "mined"; receipt: TransactionReceipt }
  | { kind: "in_flight" }
  /** The nonce was consumed by a transaction that is none of this record's: these signatures can never mine. */
  | { kind: "nonce_taken" }
  | { kind: "unknown" };

/**
 * Settles what happened to a signed record from evidence only: its receipt, its hash known to the node, or
 * its nonce consumed on chain while none of its hashes has a receipt. Anything else is "unknown" (keep it,
 * send its bytes again); an RPC error throws.
 */
export async function fateOf(record: Transaction, confirmations: bigint): Promise<Fate> {
  const receipt = await receiptOf(record);
  if (receipt) return { kind: "mined", receipt };
  if (record.nonce === null) return { kind: "unknown" };
  // Counted at the network's confirmation depth: behind a load balancer, a node that is ahead must not
  // make a transaction that another node has not indexed yet look like someone else's.
  const mined = await minedNonce(record.network, record.fromAddress as Address, confirmations);
  if (mined <= record.nonce) return (await knownToNode(record)) ? { kind: "in_flight" } : { kind: "unknown" };
  // The nonce is used on chain. Read the receipts once more: a block may have landed between the two reads.
  const late = await receiptOf(record);
  if (late) return { kind: "mined", receipt: late };
  return { kind: "nonce_taken" };
}
