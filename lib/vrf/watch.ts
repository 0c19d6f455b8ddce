// Fulfilments from the coordinator's RandomWordsFulfilled logs (lib/chain/watch/watcher): each matching pending
// request reads its words from its consumer. A log seen twice changes nothing the second time. A log whose block
// a reorganisation orphaned (`removed`) returns the requests it ended to pending, and the coordinator is followed
// again from that block, so the new branch's fulfilment (or a later one) ends them anew.
import { getAddress, toHex, type Abi, type AbiEvent, type Address } from "viem";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { chainTarget } from "@/lib/chain/network/clients";
import { activeWatch, unwatchLogsIfIdle, watchLogsOnce } from "@/lib/chain/watch/subscriptions";
import type { ChainLogEventData } from "@/lib/chain/watch/watcher";
import { syncFulfilment } from "./fulfilment";

export const VRF_LOG_EVENT = "RandomWordsFulfilled";

const fulfilledEvent = () => (artifact("VRFCoordinatorV2_5Mock").abi as Abi).find((i) => i.type === "event" && i.name === VRF_LOG_EVENT) as AbiEvent;

/** Our consumers' fulfilments only: RandomWordsFulfilled's subId (topic 2) is their VRF subscription. */
const ofSubscription = (network: string, coordinator: Address, subscriptionId: string) => ({
  chainKey: chainTarget(network).chainKey, address: coordinator, event: fulfilledEvent(), topics: [null, toHex(BigInt(subscriptionId), { size: 32 })],
});

/**
 * Follows the coordinator's fulfilments for one VRF subscription, once per chain. Called after a request is
 * recorded (a subscription nothing waited for may have been deactivated since).
 */
export async function watchCoordinator(network: string, coordinator: Address, subscriptionId: string, fromBlock?: bigint) {
  await watchLogsOnce({ ...ofSubscription(network, coordinator, subscriptionId), fromBlock });
}

/** Stops following a VRF subscription's fulfilments when no request on it waits any more. */
async function unwatchWhenIdle(network: string, coordinator: Address, subscriptionId: string) {
  const watch = await activeWatch(ofSubscription(network, coordinator, subscriptionId));
  if (!watch) return;
  await unwatchLogsIfIdle(watch.id, async () => {
    const [{ waiting }] = await db.$queryRaw<{ waiting: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM vrf_requests r JOIN vrf_consumers c ON c.id = r.consumer_id
                     WHERE r.coordinator = ${coordinator} AND c.subscription_id = ${subscriptionId} AND r.status IN ('requesting', 'pending')) AS waiting`;
    return waiting;
  });
}

export async function vrfFulfilledLog(data: ChainLogEventData) {
  const args = data.args as { requestId: string; subId: string; success: boolean };
  const rows = await db.vrfRequest.findMany({ where: { coordinator: getAddress(data.address), requestId: String(args.requestId), status: "pending" } });
  for (const row of rows) {
    if (chainTarget(row.network).chainKey !== data.chain_key) continue;
    if (!args.success) {
      await db.vrfRequest.update({
        where: { id: row.id },
        data: {
          status: "failed", fulfilledBlockHash: data.block_hash,
          failureReason: `The coordinator's callback to the consumer failed (transaction ${data.transaction_hash}): raise callback_gas_limit for ${row.numWords} words.`,
        },
      });
      continue;
    }
    await syncFulfilment(row, data.block_hash);
  }
  if (rows.length && args.subId !== undefined) await unwatchWhenIdle(rows[0].network, getAddress(data.address), String(args.subId));
}

/**
 * A RandomWordsFulfilled log whose block was orphaned: the requests it ended (their fulfilment's block hash is its)
 * are pending again, without words; returns their ids. One the new branch's log already ended again has another
 * block hash and stays as it is.
 */
export async function vrfFulfilmentRemoved(data: ChainLogEventData) {
  const args = data.args as { requestId: string; subId: string };
  const where = { coordinator: getAddress(data.address), requestId: String(args.requestId), fulfilledBlockHash: data.block_hash, status: { in: ["fulfilled", "failed"] } };
  const rows = (await db.vrfRequest.findMany({ where })).filter((row) => chainTarget(row.network).chainKey === data.chain_key);
  const reopened = [];
  for (const row of rows) {
    const { count } = await db.vrfRequest.updateMany({
      where: { id: row.id, ...where },
      data: { status: "pending", randomWords: [], fulfilledAt: null, failureReason: null, fulfilledBlockHash: null },
    });
    if (count) reopened.push(row.id);
  }
  // The subscription may have been deactivated once nothing waited: follow again from the orphaned block.
  if (reopened.length && args.subId !== undefined) await watchCoordinator(rows[0].network, getAddress(data.address), String(args.subId), BigInt(data.block_number));
  return reopened;
}
