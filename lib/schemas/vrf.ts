// VRF v2.5 consumers and requests (spec document 2, 4.10). Bounds are the spec's; records are ours.
import { z } from "zod";
import { Id, listOf, writeBody, listQuery, Recorded } from "./common";
import { Address } from "./tokens";

const KeyHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex string").meta({ description: "The VRF key hash (gas lane), bytes32 hex. The local mock accepts any; see the README." });
const SubscriptionId = z.string().regex(/^\d{1,78}$/, "must be a decimal uint256").meta({ description: "The VRF v2.5 subscription id (decimal string). On the local chain, the platform's subscription (README)." });
const RequestConfirmations = z.number().int().min(1).max(200).meta({ description: "Blocks the VRF node waits before answering, 1 to 200. Default 3." });
const CallbackGasLimit = z.number().int().min(100_000).max(2_500_000).meta({
  description: "Gas for the coordinator's callback that stores the words, 100,000 to 2,500,000. Default 500,000 (about 20 words; each stored word costs about 22,000 gas).",
});

export const CreateVrfConsumerInput = writeBody({
  name: z.string().min(1).max(128),
  network: z.string().min(1).max(64),
  vrf_coordinator: Address.meta({ description: "The VRFCoordinatorV2_5. On the local chain, the platform's mock (README)." }),
  key_hash: KeyHash,
  subscription_id: SubscriptionId,
  request_confirmations: RequestConfirmations.optional(),
  callback_gas_limit: CallbackGasLimit.optional(),
}).meta({
  id: "CreateVrfConsumerInput",
  description: "Deploys a PlatformVRFConsumer through the platform's factory; the tenant's acting account is its admin. On the local chain the platform adds it to the subscription; elsewhere the subscription owner must (addConsumer).",
});

export const UpdateVrfConfigInput = writeBody({
  key_hash: KeyHash.optional(),
  subscription_id: SubscriptionId.optional(),
  request_confirmations: RequestConfirmations.optional(),
  callback_gas_limit: CallbackGasLimit.optional(),
}).meta({ id: "UpdateVrfConfigInput", description: "Sets the consumer's request configuration (setConfig); omitted fields keep their values. Answers the transaction." });

export const CreateVrfRequestInput = writeBody({
  consumer_id: Id,
  num_words: z.number().int().min(1).max(500).meta({ description: "Random words to request, 1 to 500 (the callback must afford storing them: callback_gas_limit)." }),
  network: z.string().min(1).max(64).meta({ description: "The consumer's network." }),
}).meta({ id: "CreateVrfRequestInput" });

export const VrfFulfillmentInput = writeBody({
  request_id: z.string().min(1).max(80).meta({ description: "The request: its id (vrfr_…) or its on-chain request id (decimal)." }),
}).meta({ id: "VrfFulfillmentInput" });

export const RequestIdQuery = z.strictObject({ index: z.coerce.number().int().min(0).max(2 ** 32).meta({ description: "Index in the consumer's requests, from 0." }) });
export const RequesterQuery = z.strictObject({ request_id: SubscriptionId.meta({ description: "The on-chain request id (decimal)." }) });

export const VrfConsumer = z.object({
  object: z.literal("vrf_consumer"),
  id: z.string().meta({ example: "vrfc_01jd…" }),
  name: z.string(),
  network: z.string(),
  address: z.string().meta({ description: "The consumer (CREATE2: known before the deployment confirms)." }),
  vrf_coordinator: z.string(),
  key_hash: z.string(),
  subscription_id: z.string(),
  request_confirmations: z.number().int(),
  callback_gas_limit: z.number().int(),
  status: z.enum(["deploying", "active", "failed"]),
  deploy_transaction: z.string(),
  failure_reason: z.string().nullable(),
  ...Recorded,
}).meta({ id: "VrfConsumer" });

export const VrfConsumerConfig = z.object({
  object: z.literal("vrf_consumer_config"),
  id: z.string(),
  address: z.string(),
  network: z.string(),
  vrf_coordinator: z.string(),
  key_hash: z.string(),
  subscription_id: z.string(),
  request_confirmations: z.number().int(),
  callback_gas_limit: z.number().int(),
  admin: z.string().meta({ description: "The account allowed to request words and set the configuration (the tenant's acting account)." }),
  request_count: z.number().int(),
}).meta({ id: "VrfConsumerConfig", description: "Read from the chain." });

export const VrfRequest = z.object({
  object: z.literal("vrf_request"),
  id: z.string().meta({ example: "vrfr_01jd…" }),
  consumer_id: z.string(),
  network: z.string(),
  consumer_address: z.string(),
  vrf_coordinator: z.string(),
  num_words: z.number().int(),
  request_id: z.string().nullable().meta({ description: "The coordinator's request id, from its RandomWordsRequested log once the request confirmed." }),
  status: z.enum(["requesting", "pending", "fulfilled", "failed"]).meta({
    description: "`requesting` until the request transaction confirms; `pending` until the coordinator answers; `fulfilled` with `random_words`; `failed` when the request reverted or the callback failed (`failure_reason`).",
  }),
  random_words: z.array(z.string()).nullable().meta({ description: "uint256 words as decimal strings, once fulfilled." }),
  transaction: z.string(),
  failure_reason: z.string().nullable(),
  fulfilled: z.number().int().nullable().meta({ description: "Unix seconds when the platform saw the fulfilment." }),
  ...Recorded,
}).meta({ id: "VrfRequest" });

export const VrfResult = z.object({
  object: z.literal("vrf_result"),
  id: z.string(),
  request_id: z.string(),
  fulfilled: z.boolean(),
  random_words: z.array(z.string()).meta({ description: "Read from the consumer now; empty until fulfilled." }),
}).meta({ id: "VrfResult" });

export const VrfRequestId = z.object({ object: z.literal("vrf_request_id"), consumer_id: z.string(), index: z.number().int(), request_id: z.string() }).meta({ id: "VrfRequestId" });
export const VrfRequester = z.object({ object: z.literal("vrf_requester"), consumer_id: z.string(), request_id: z.string(), requester: z.string() }).meta({ id: "VrfRequester" });

export const VrfConsumerList = listOf(VrfConsumer, "VrfConsumerList");
export const VrfRequestList = listOf(VrfRequest, "VrfRequestList");
export const ListVrfConsumersQuery = listQuery({ network: z.string().min(1).max(64).optional() });
export const ListVrfRequestsQuery = listQuery({
  consumer_id: Id.optional(),
  status: z.enum(["requesting", "pending", "fulfilled", "failed"]).optional(),
});
