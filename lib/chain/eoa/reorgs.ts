// The finality watch of a wallet's run: its records mined less than FINALITY_BLOCKS_<NETWORK> blocks deep
// (../confirmations) are looked at again at each new head. A record whose block is no longer the chain's at
// that height, and whose receipt the node no longer has in that block, was removed by a reorganisation: it is
// open again (submitted; transaction.reorged) and the run sends its signed bytes again (./follow), so it ends
// again, with its own event, on the chain's evidence.
import { BlockNotFoundError, type Hex } from "viem";
import type { Transaction } from "@/lib/generated/prisma/client";
import { publicClient, type ChainTarget } from "@/lib/chain/network/clients";
import { finalityBlocksFor } from "@/lib/chain/network/confirmations";
import { receiptOf } from "@/lib/chain/records/evidence";
import type { WalletKey } from "@/lib/chain/records/statements";
import { recentlyMined } from "@/lib/chain/records/recovery";
import { reopen } from "@/lib/chain/records/finalize";

export function finalityWatch(wallet: WalletKey, target: ChainTarget) {
  const finality = BigInt(finalityBlocksFor(target.chainKey));
  let lookedAt: bigint | null = null;
  let watching = 0;
  return {
    /**
     * Looks again when the head moved; reopened records join the run's `records`. Returns how many of the
     * wallet's records are still in the window (the run stays while there are some).
     */
    async check(records: Map<string, Transaction>): Promise<number> {
      if (finality <= 1n) return 0;
      const client = publicClient(target.network.name);
      const head = await client.getBlockNumber();
      if (head === lookedAt) return watching;
      lookedAt = head;
      const mined = await recentlyMined(wallet, head - finality + 2n);
      const heights = [...new Set(mined.map((r) => r.blockNumber!))];
      const hashes = new Map(
        await Promise.all(
          heights.map(async (height) => {
            const block = await client.getBlock({ blockNumber: height }).catch((error) => {
              if (error instanceof BlockNotFoundError) return null; // the chain is shorter now
              throw error;
            });
            return [height, block?.hash ?? null] as const;
          }),
        ),
      );
      const moved = mined.filter((r) => hashes.get(r.blockNumber!) !== r.blockHash);
      // Evidence twice: a node behind a load balancer may lag; the receipt in the same block means no reorganisation.
      const receipts = await Promise.all(moved.map((r) => receiptOf(r)));
      const reorged = moved.filter((r, i) => receipts[i]?.blockHash !== (r.blockHash as Hex));
      for (const record of await reopen(reorged)) records.set(record.id, record);
      watching = mined.length - reorged.length;
      return watching;
    },
  };
}
