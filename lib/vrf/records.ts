// The rows of VRF consumers and requests and how the API and events show them.
import { newId, unixSeconds } from "@/lib/core/ids";
import { selectList } from "@/lib/db/columns";
import type { VrfConsumer, VrfRequest } from "@/lib/generated/prisma/client";

export const vrfConsumerId = () => newId("vrfc");
export const vrfRequestId = () => newId("vrfr");

export const VRF_REQUEST_COLUMNS = selectList(
  ["id", "tenantId", "livemode", "consumerId", "network", "coordinator", "consumer", "numWords", "requestId", "status", "randomWords", "txId", "failureReason"],
  ["fulfilledAt", "createdAt", "updatedAt"],
);

export function serializeVrfConsumer(r: VrfConsumer) {
  return {
    object: "vrf_consumer" as const,
    id: r.id,
    name: r.name,
    network: r.network,
    address: r.address,
    vrf_coordinator: r.coordinator,
    key_hash: r.keyHash,
    subscription_id: r.subscriptionId,
    request_confirmations: r.requestConfirmations,
    callback_gas_limit: r.callbackGasLimit,
    status: r.status as "deploying" | "active" | "failed",
    deploy_transaction: r.deployTxId,
    failure_reason: r.failureReason,
    livemode: r.livemode,
    created: unixSeconds(r.createdAt),
  };
}

export function serializeVrfRequest(r: VrfRequest) {
  return {
    object: "vrf_request" as const,
    id: r.id,
    consumer_id: r.consumerId,
    network: r.network,
    consumer_address: r.consumer,
    vrf_coordinator: r.coordinator,
    num_words: r.numWords,
    request_id: r.requestId,
    status: r.status as "requesting" | "pending" | "fulfilled" | "failed",
    random_words: r.status === "fulfilled" ? r.randomWords : null,
    transaction: r.txId,
    failure_reason: r.failureReason,
    fulfilled: r.fulfilledAt ? unixSeconds(r.fulfilledAt) : null,
    livemode: r.livemode,
    created: unixSeconds(r.createdAt),
  };
}
