// The local chain's stand-in for Chainlink's VRF nodes: the mock coordinator fulfils nothing by itself, so
// this calls its fulfillRandomWords(requestId, consumer) for every pending request on it (words derived
// from keccak256(requestId, i), not random). Run by the vrf-local-fulfiller cron in `npm run dev`; a no-op
// where no request uses the local mock.
import { encodeFunctionData, type Abi, type Address } from "viem";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { isLocal, localCoordinator, sendAsLocalVrfAccount } from "./base";

export async function fulfilLocalRequests(): Promise<number> {
  const pending = await db.vrfRequest.findMany({ where: { status: "pending", coordinator: localCoordinator() }, take: 50, orderBy: { createdAt: "asc" } });
  let sent = 0;
  for (const row of pending) {
    if (!row.requestId || !isLocal(row.network)) continue;
    const data = encodeFunctionData({ abi: artifact("VRFCoordinatorV2_5Mock").abi as Abi, functionName: "fulfillRandomWords", args: [BigInt(row.requestId), row.consumer as Address] });
    try {
      await sendAsLocalVrfAccount(row.network, localCoordinator(), data);
      sent++;
    } catch {
      // Already fulfilled (the mock deletes the request: InvalidRequest): the watcher or a verify records it.
    }
  }
  return sent;
}
