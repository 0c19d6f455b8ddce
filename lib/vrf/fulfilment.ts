// A request's random words, read from its consumer once the coordinator has called it back. Shared by the
// log watcher's fulfilments (./watch) and the on-demand check (./service), so neither imports the other.
import type { Abi, Address } from "viem";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { readChain } from "@/lib/chain/network/read";
import type { VrfRequest } from "@/lib/generated/prisma/client";

/** `blockHash`: the block of the RandomWordsFulfilled log that says so, when a log does (./watch). */
export async function syncFulfilment(row: VrfRequest, blockHash: string | null = null): Promise<VrfRequest> {
  if (!row.requestId || row.status === "fulfilled") return row;
  const requestId = BigInt(row.requestId);
  const abi = artifact("PlatformVRFConsumer").abi as Abi;
  const [done, words] = await Promise.all([
    readChain<boolean>(row.network, row.consumer as Address, abi, "fulfilled", [requestId]),
    readChain<bigint[]>(row.network, row.consumer as Address, abi, "randomWords", [requestId]),
  ]);
  if (!done) return row;
  return db.vrfRequest.update({
    where: { id: row.id },
    data: { status: "fulfilled", randomWords: words.map(String), fulfilledAt: new Date(), failureReason: null, fulfilledBlockHash: blockHash },
  });
}
