// Fulfilments from the coordinator's RandomWordsFulfilled logs (lib/chain/watcher): each matching pending
// request reads its words from its consumer. A log seen twice changes nothing the second time.
import { getAddress, type Abi, type AbiEvent, type Address } from "viem";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { chainTarget } from "@/lib/chain/clients";
import { watchLogsOnce } from "@/lib/chain/log-subscriptions";
import type { ChainLogEventData } from "@/lib/chain/watcher";

export const VRF_LOG_EVENT = "RandomWordsFulfilled";

const fulfilledEvent = () => (artifact("VRFCoordinatorV2_5Mock").abi as Abi).find((i) => i.type === "event" && i.name === VRF_LOG_EVENT) as AbiEvent;

/** Follows the coordinator's fulfilments once per chain. */
export async function watchCoordinator(network: string, coordinator: Address) {
  await watchLogsOnce({ chainKey: chainTarget(network).chainKey, address: coordinator, event: fulfilledEvent() });
}

export async function vrfFulfilledLog(data: ChainLogEventData) {
  const { syncFulfilment } = await import("./service");
  const args = data.args as { requestId: string; success: boolean };
  const rows = await db.vrfRequest.findMany({ where: { coordinator: getAddress(data.address), requestId: String(args.requestId), status: "pending" } });
  for (const row of rows) {
    if (chainTarget(row.network).chainKey !== data.chain_key) continue;
    if (!args.success) {
      await db.vrfRequest.update({
        where: { id: row.id },
        data: { status: "failed", failureReason: `The coordinator's callback to the consumer failed (transaction ${data.transaction_hash}): raise callback_gas_limit for ${row.numWords} words.` },
      });
      continue;
    }
    await syncFulfilment(row);
  }
}
