// The rows of price feed consumers and how the API shows them, apart from the service so the effects (run by
// the chain path) need nothing of the chain path themselves.
import { newId, unixSeconds } from "@/lib/core/ids";
import { selectList } from "@/lib/db/columns";
import type { PriceFeedConsumer } from "@/lib/generated/prisma/client";

export const priceFeedConsumerId = () => newId("pfc");

export const CONSUMER_COLUMNS = selectList(
  ["id", "tenantId", "livemode", "network", "name", "pair", "priceFeedAddress", "maxAgeSeconds", "address", "status", "deployTxId", "lastTxId", "failureReason"],
  ["createdAt", "updatedAt"],
);

export type ConsumerStatus = "deploying" | "active" | "failed";

/** Raw pg gives BIGINT columns as strings, Prisma as bigint. */
type Row = Omit<PriceFeedConsumer, "maxAgeSeconds"> & { maxAgeSeconds: bigint | string };

export function serializeConsumer(r: Row) {
  return {
    object: "price_feed_consumer" as const,
    id: r.id,
    name: r.name,
    network: r.network,
    pair: r.pair,
    price_feed_address: r.priceFeedAddress,
    max_age_seconds: Number(r.maxAgeSeconds),
    address: r.address,
    status: r.status as ConsumerStatus,
    deploy_transaction: r.deployTxId,
    transaction: r.lastTxId,
    failure_reason: r.failureReason,
    livemode: r.livemode,
    created: unixSeconds(r.createdAt),
  };
}
