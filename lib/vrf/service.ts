// VRF v2.5 consumers and randomness requests (spec document 2, 4.10): a PlatformVRFConsumer per record,
// deployed through the platform's factory by the tenant's acting account, which is the consumer's admin and
// alone requests words. Bounds are checked by zod before anything is recorded. Fulfilment is seen by the log
// watcher (./watch) or verified on demand (POST /v1/vrf/fulfillment).
import { encodeFunctionData, getAddress, getContractAddress, keccak256, encodeAbiParameters, toHex, type Abi, type Address, type Hex } from "viem";
import type { z } from "zod";
import { db } from "@/lib/db";
import { invalidRequest, notFound, notDeployed } from "@/lib/core/errors";
import { artifact } from "@/lib/chain/artifacts";
import { readChain } from "@/lib/chain/network/read";
import { writeOnce } from "@/lib/chain/intake";
import { findScoped, listScoped } from "@/lib/chain/intake/resource-rows";
import { serializeTransaction } from "@/lib/chain/records/serialize";
import { networkFor } from "@/lib/chain/network/networks";
import { actingAs, actingFor, senderOfWrite } from "@/lib/connect/settings/wallet-mode";
import type { VrfConsumer, VrfRequest } from "@/lib/generated/prisma/client";
import type { CreateVrfConsumerInput, CreateVrfRequestInput, ListVrfConsumersQuery, ListVrfRequestsQuery, UpdateVrfConfigInput } from "@/lib/schemas/vrf";
import { paginate } from "@/lib/core/pagination";
import type { Scope } from "@/lib/core/scope";
import { addLocalConsumer, consumerFactory, isLocal, localCoordinator, localSubscriptionId } from "./base";
import { serializeVrfConsumer, serializeVrfRequest, vrfConsumerId, vrfRequestId } from "./records";
import { syncFulfilment } from "./fulfilment";
import { watchCoordinator } from "./watch";
import type { VrfEffect } from "./effects";

export const DEFAULT_REQUEST_CONFIRMATIONS = 3;
export const DEFAULT_CALLBACK_GAS_LIMIT = 500_000;
/** SubscriptionAPI.MAX_CONSUMERS. */
const LOCAL_MAX_CONSUMERS = 100;

const consumerAbi = () => artifact("PlatformVRFConsumer").abi as Abi;
const readConsumer = <T>(row: VrfConsumer, functionName: string, args: readonly unknown[] = []) =>
  readChain<T>(row.network, row.address as Address, consumerAbi(), functionName, args);

/** The consumer's CREATE2 address: the factory salts with the admin and our record id. */
function consumerAddress(factory: Address, admin: Address, id: string, args: readonly unknown[]): Address {
  const pc = artifact("PlatformVRFConsumer");
  const initCode = (pc.bytecode + encodeAbiParameters([
    { type: "address" }, { type: "address" }, { type: "bytes32" }, { type: "uint256" }, { type: "uint16" }, { type: "uint32" },
  ], args as never).slice(2)) as Hex;
  const salt = keccak256(encodeAbiParameters([{ type: "address" }, { type: "bytes32" }], [admin, saltOf(id)]));
  return getContractAddress({ opcode: "CREATE2", from: factory, salt, bytecode: initCode });
}
const saltOf = (id: string) => keccak256(toHex(id));

const bytes32 = (v: string, param: string) => {
  if (!/^0x[0-9a-fA-F]{64}$/.test(v)) throw invalidRequest("parameter_invalid", `Invalid ${param}: a 0x-prefixed 32-byte hex string`, param);
  return v.toLowerCase() as Hex;
};
const uint256 = (v: string, param: string) => {
  if (!/^\d{1,78}$/.test(v) || BigInt(v) >= 2n ** 256n) throw invalidRequest("parameter_invalid", `Invalid ${param}: a decimal uint256`, param);
  return BigInt(v);
};

export async function createVrfConsumer(scope: Scope, input: z.output<typeof CreateVrfConsumerInput>) {
  const network = networkFor(input.network, scope.livemode).name;
  const coordinator = getAddress(input.vrf_coordinator);
  const keyHash = bytes32(input.key_hash, "key_hash");
  const subId = uint256(input.subscription_id, "subscription_id");
  const confirmations = input.request_confirmations ?? DEFAULT_REQUEST_CONFIRMATIONS;
  const gasLimit = input.callback_gas_limit ?? DEFAULT_CALLBACK_GAS_LIMIT;
  const created = await writeOnce({
    async check() {
      const local = isLocal(network);
      if (local && coordinator !== localCoordinator()) {
        throw invalidRequest("parameter_invalid", `Invalid vrf_coordinator: on the local chain the coordinator is the platform's mock ${localCoordinator()}`, "vrf_coordinator");
      }
      if (local && input.subscription_id !== (await localSubscriptionId(network))) {
        throw invalidRequest("parameter_invalid", `Invalid subscription_id: the local coordinator's subscription is ${await localSubscriptionId(network)}`, "subscription_id");
      }
      const factory = consumerFactory(network);
      const acting = await actingFor(scope, network);
      const id = vrfConsumerId();
      const args = [coordinator, acting.address, keyHash, subId, confirmations, gasLimit] as const;
      const address = consumerAddress(factory, acting.address, id, args);
      // The local subscription is the platform's: it adds the consumer first (the address is known: CREATE2).
      // Elsewhere the subscription owner adds it (addConsumer on the coordinator).
      if (local) {
        const [, , , , consumers] = await readChain<readonly [bigint, bigint, bigint, Address, readonly Address[]]>(
          network, coordinator, artifact("VRFCoordinatorV2_5Mock").abi as Abi, "getSubscription", [subId],
        );
        if (consumers.length >= LOCAL_MAX_CONSUMERS) {
          throw invalidRequest("subscription_full", `The local subscription ${input.subscription_id} has ${LOCAL_MAX_CONSUMERS} consumers, the coordinator's maximum; restart the local chain (npm run dev) for a fresh one.`, "subscription_id");
        }
        await addLocalConsumer(network, input.subscription_id, address);
      }
      return { factory, id, address };
    },
    async record(tx, { factory, id, address }) {
      const data = encodeFunctionData({
        abi: artifact("PlatformVRFConsumerFactory").abi as Abi, functionName: "deploy", args: [saltOf(id), coordinator, keyHash, subId, confirmations, gasLimit],
      });
      const { idempotency_key: _, ...request } = input;
      const effect: VrfEffect = { consumer: id };
      const write = await tx.record({ tenantId: scope.tenantId, livemode: scope.livemode, network, kind: "vrf.deploy", to: factory, data, request: { ...request, consumer: id }, effect: { ...effect } });
      await tx.client.query(
        `INSERT INTO vrf_consumers (id, tenant_id, livemode, name, network, coordinator, key_hash, subscription_id, request_confirmations, callback_gas_limit, address, status, deploy_tx_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'deploying', $12, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')`,
        [id, scope.tenantId, scope.livemode, input.name, network, coordinator, keyHash, subId.toString(), confirmations, gasLimit, address, write.id],
      );
      return id;
    },
    find: async ([write]) => (await db.vrfConsumer.findFirstOrThrow({ where: { deployTxId: write.id }, select: { id: true } })).id,
  });
  // After the commit, and again when a retry resumes the request: the consumer's fulfilments need the coordinator watched.
  await watchCoordinator(network, coordinator, subId.toString());
  return serializeVrfConsumer(await findConsumer(scope, created));
}

const findConsumer = (scope: Scope, id: string) => findScoped(db.vrfConsumer, scope, id, "VRF consumer");

async function activeConsumer(scope: Scope, id: string, param = "id") {
  const row = await findConsumer(scope, id);
  if (row.status !== "active") throw notDeployed("vrf_consumer_not_deployed", "VRF consumer", row, { ready: "'active'", param });
  return row;
}

export const listVrfConsumers = (scope: Scope, params: z.output<typeof ListVrfConsumersQuery>) => listScoped(db.vrfConsumer, scope, params, serializeVrfConsumer);

export function listVrfRequests(scope: Scope, params: z.output<typeof ListVrfRequestsQuery>) {
  const where = { tenantId: scope.tenantId, livemode: scope.livemode, ...(params.consumer_id ? { consumerId: params.consumer_id } : {}), ...(params.status ? { status: params.status } : {}) };
  return paginate(db.vrfRequest, where, params, serializeVrfRequest);
}

export const getVrfConsumer = async (scope: Scope, id: string) => serializeVrfConsumer(await findConsumer(scope, id));

export async function vrfConfig(scope: Scope, id: string) {
  const row = await activeConsumer(scope, id);
  const [coordinator, keyHash, subId, confirmations, gasLimit, admin, count] = await Promise.all([
    readConsumer<Address>(row, "s_vrfCoordinator"),
    readConsumer<Hex>(row, "keyHash"),
    readConsumer<bigint>(row, "subscriptionId"),
    readConsumer<number>(row, "requestConfirmations"),
    readConsumer<number>(row, "callbackGasLimit"),
    readConsumer<Address>(row, "admin"),
    readConsumer<bigint>(row, "requestCount"),
  ]);
  return {
    object: "vrf_consumer_config" as const,
    id: row.id,
    address: row.address,
    network: row.network,
    vrf_coordinator: getAddress(coordinator),
    key_hash: keyHash,
    subscription_id: subId.toString(),
    request_confirmations: Number(confirmations),
    callback_gas_limit: Number(gasLimit),
    admin: getAddress(admin),
    request_count: Number(count),
  };
}

export function updateVrfConfig(scope: Scope, id: string, input: z.output<typeof UpdateVrfConfigInput>) {
  return writeOnce({
    async check() {
      const row = await activeConsumer(scope, id);
      await actingAs(scope, row.network, await senderOfWrite(row.deployTxId), `VRF consumer '${row.id}' (its admin)`, "id"); // setConfig is onlyAdmin
      const config = {
        key_hash: input.key_hash !== undefined ? bytes32(input.key_hash, "key_hash") : row.keyHash,
        subscription_id: input.subscription_id !== undefined ? uint256(input.subscription_id, "subscription_id").toString() : row.subscriptionId,
        request_confirmations: input.request_confirmations ?? row.requestConfirmations,
        callback_gas_limit: input.callback_gas_limit ?? row.callbackGasLimit,
      };
      return { row, config };
    },
    async record(tx, { row, config }) {
      const data = encodeFunctionData({
        abi: consumerAbi(), functionName: "setConfig",
        args: [config.key_hash, BigInt(config.subscription_id), config.request_confirmations, config.callback_gas_limit],
      });
      const { idempotency_key: _, ...request } = input;
      const write = await tx.record({
        tenantId: scope.tenantId, livemode: scope.livemode, network: row.network, kind: "vrf.configure", to: row.address as Address, data,
        request: { ...request, consumer: row.id }, effect: { consumer: row.id, config } satisfies VrfEffect as never,
      });
      return serializeTransaction(write);
    },
    find: async ([write]) => serializeTransaction(write),
  });
}

export async function requestIdAt(scope: Scope, id: string, index: number) {
  const row = await activeConsumer(scope, id);
  const count = await readConsumer<bigint>(row, "requestCount");
  if (BigInt(index) >= count) throw invalidRequest("parameter_invalid", `Invalid index: the consumer has made ${count} request(s) (indexes from 0)`, "index");
  const requestId = await readConsumer<bigint>(row, "requestIds", [BigInt(index)]);
  return { object: "vrf_request_id" as const, consumer_id: row.id, index, request_id: requestId.toString() };
}

export async function requesterOf(scope: Scope, id: string, requestId: string) {
  const row = await activeConsumer(scope, id);
  const requester = await readConsumer<Address>(row, "requesters", [uint256(requestId, "request_id")]);
  if (/^0x0{40}$/.test(requester)) throw notFound("VRF request", requestId);
  return { object: "vrf_requester" as const, consumer_id: row.id, request_id: requestId, requester: getAddress(requester) };
}

export async function createVrfRequest(scope: Scope, input: z.output<typeof CreateVrfRequestInput>) {
  const created = await writeOnce({
    async check() {
      const row = await activeConsumer(scope, input.consumer_id, "consumer_id");
      if (row.network !== input.network) {
        throw invalidRequest("parameter_invalid", `Invalid network: consumer '${row.id}' is on ${row.network}`, "network");
      }
      await actingAs(scope, row.network, await senderOfWrite(row.deployTxId), `VRF consumer '${row.id}' (its admin)`, "consumer_id"); // requestRandomWords is onlyAdmin
      return row;
    },
    async record(tx, row) {
      const id = vrfRequestId();
      const data = encodeFunctionData({ abi: consumerAbi(), functionName: "requestRandomWords", args: [input.num_words] });
      const { idempotency_key: _, ...request } = input;
      const write = await tx.record({
        tenantId: scope.tenantId, livemode: scope.livemode, network: row.network, kind: "vrf.request", to: row.address as Address, data,
        request: { ...request, request: id }, effect: { request: id } satisfies VrfEffect as never,
      });
      await tx.client.query(
        `INSERT INTO vrf_requests (id, tenant_id, livemode, consumer_id, network, coordinator, consumer, num_words, status, random_words, tx_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'requesting', '{}', $9, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')`,
        [id, scope.tenantId, scope.livemode, row.id, row.network, row.coordinator, row.address, input.num_words, write.id],
      );
      return id;
    },
    find: async ([write]) => (await db.vrfRequest.findFirstOrThrow({ where: { txId: write.id }, select: { id: true } })).id,
  });
  // After the request is recorded, and again when a retry resumes it (unwatchWhenIdle sees it, or this call revives the subscription).
  const consumer = await db.vrfConsumer.findFirstOrThrow({ where: { id: input.consumer_id, tenantId: scope.tenantId, livemode: scope.livemode } });
  await watchCoordinator(consumer.network, consumer.coordinator as Address, consumer.subscriptionId);
  return getVrfRequest(scope, created);
}

const findRequest = (scope: Scope, id: string) => findScoped(db.vrfRequest, scope, id, "VRF request");

export const getVrfRequest = async (scope: Scope, id: string) => serializeVrfRequest(await findRequest(scope, id));

/** Reads the request's words from the consumer; records them when the chain has them. */
export async function vrfResult(scope: Scope, id: string) {
  const row = await findRequest(scope, id);
  if (!row.requestId) throw invalidRequest("vrf_request_not_sent", `VRF request '${id}' has no on-chain request id yet (status ${row.status}).`, "id");
  const requestId = BigInt(row.requestId);
  const [done, words] = await Promise.all([
    readChain<boolean>(row.network, row.consumer as Address, consumerAbi(), "fulfilled", [requestId]),
    readChain<bigint[]>(row.network, row.consumer as Address, consumerAbi(), "randomWords", [requestId]),
  ]);
  return { object: "vrf_result" as const, id: row.id, request_id: row.requestId, fulfilled: done, random_words: words.map(String) };
}

/** POST /v1/vrf/fulfillment: `request_id` is our id (vrfr_…) or the on-chain request id of one of the tenant's requests. */
export async function verifyFulfilment(scope: Scope, requestId: string) {
  const where = { tenantId: scope.tenantId, livemode: scope.livemode };
  const row = requestId.startsWith("vrfr_")
    ? await db.vrfRequest.findFirst({ where: { ...where, id: requestId } })
    : /^\d{1,78}$/.test(requestId) ? await db.vrfRequest.findFirst({ where: { ...where, requestId }, orderBy: { createdAt: "desc" } }) : null;
  if (!row) throw notFound("VRF request", requestId);
  return serializeVrfRequest(await syncFulfilment(row));
}
