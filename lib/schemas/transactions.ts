import { z } from "zod";
import { ListQuery, listOf, apiObject, Recorded } from "./common";

export const TransactionStatus = z.enum(["pending", "submitted", "confirmed", "failed"]);

export const Transaction = apiObject("transaction", {
  id: z.string(),
  network: z.string(),
  kind: z.string().meta({
    description: "What the write does, e.g. `token.deploy`, `token.mint`, `role.grant`; `nonce.fill` is a 0-value self-transfer that uses up the nonce of a write that ended before it was sent.",
  }),
  status: TransactionStatus.meta({ description: "pending → submitted → confirmed | failed. A cancelled transaction is `failed` with error code `cancelled`." }),
  token: z.string().nullable(),
  from: z.string().meta({ description: "The tenant wallet that signed it." }),
  to: z.string().nullable().meta({ description: "Contract called; null for a deployment." }),
  value: z.string(),
  nonce: z.number().int().nullable(),
  hash: z.string().nullable().meta({ description: "Hash of the transaction (of the replacement, after a fee bump)." }),
  block_number: z.number().int().nullable(),
  gas_used: z.string().nullable(),
  contract_address: z.string().nullable().meta({ description: "Address created by a deployment." }),
  error: z.object({ code: z.string(), message: z.string() }).nullable().meta({ description: "Why it failed: e.g. `execution_reverted` with the decoded revert." }),
  request: z.unknown().meta({ description: "The request that caused the write." }),
  waiting_seconds: z.number().int().nullable().meta({
    description: "Seconds an open (pending or submitted) record has waited so far; null once final. A submitted transaction stays open until the chain settles it, however long that takes.",
  }),
  replacements: z.number().int().meta({ description: "Times it was re-signed with higher fees (same nonce) because it was not mined." }),
  fee_cap_reached: z.boolean().meta({
    description:
      "The network's fee cap (MAX_FEE_PER_GAS_GWEI_<NETWORK>, default 500 gwei) holds it: sent, its fees reached the cap and it is no longer replaced; unsent, it is deferred because the network asks more than the cap.",
  }),
  stuck: z
    .object({
      reason: z.literal("fee_cap"),
      deferred: z.boolean().meta({
        description:
          "Addition to the spec. true: not sent (no nonce, no signature) because the network asks more than the cap; nothing is broadcast underpriced, and it is signed and sent by itself once the network's fees fall below the cap. false: sent, at the cap.",
      }),
      since: z.number().int().meta({ description: "When the cap stopped its fee bumps, or deferred it (unix seconds)." }),
      max_fee_per_gas: z.string().nullable().meta({ description: "Its max fee per gas (wei) when sent: the network's cap; null while deferred." }),
      network_max_fee_per_gas: z.string().nullable().meta({ description: "The network's max fee per gas (wei) at that time, if known." }),
    })
    .nullable()
    .meta({
      description:
        "Set while an open transaction waits at the fee cap. Sent (`deferred: false`): it is only sent again as it is. Unsent (`deferred: true`, an addition to the spec): the network asks more than the cap, so the wallet's new sends on that network wait unsigned instead of going out underpriced, and go out by themselves when its fees fall. Either way the wallet's later transactions on the network wait behind it (same nonce sequence). An operator raises MAX_FEE_PER_GAS_GWEI_<NETWORK> or waits for the network's fees to fall below it; a sent one may also be cancelled (POST /v1/transactions/{id}/cancel, allowed above the cap). See the README, \"Running on real networks\".",
    }),
  reorgs: z.number().int().meta({
    description:
      "Addition to the spec. How often a chain reorganisation removed it after it was reported confirmed (or failed on chain), within the network's finality window (FINALITY_BLOCKS_<NETWORK>): each time it went back to `submitted`, a `transaction.reorged` event was emitted, and its same signed bytes were sent again; its next end emits transaction.confirmed (or transaction.failed) again.",
  }),
  cancel_requested: z.number().int().nullable().meta({
    description:
      "Addition to the spec. When POST /v1/transactions/{id}/cancel asked to cancel it after it was signed (unix seconds): its wallet replaces it with a 0-value self-transfer at the same nonce. It ends on chain evidence only: `failed` with error code `cancelled` if the no-op is mined, otherwise as the original ends.",
  }),
  ...Recorded,
  submitted: z.number().int().nullable(),
  confirmed: z.number().int().nullable(),
}).meta({ id: "Transaction" });

const Attempt = z
  .object({
    type: z.literal("attempt"),
    hash: z.string(),
    nonce: z.number().int(),
    kind: z.enum(["call", "cancel"]).meta({ description: "`call`: the record's call; `cancel`: the 0-value self-transfer of a cancel (POST /v1/transactions/{id}/cancel)." }),
    status: z.enum(["signed", "sent", "replaced", "mined", "reverted", "dropped"]).meta({
      description:
        "signed: stored, not yet taken by the node; sent: the node took it, not mined; replaced: a later signature (same nonce, higher fees) took its place (`replaced_by`); mined / reverted: in a block (a replaced one may still be the one mined); dropped: given up without a receipt (its nonce went to another of the wallet's signatures, or it is signed again).",
    }),
    gas_limit: z.string().nullable(),
    max_fee_per_gas: z.string().nullable().meta({ description: "Wei." }),
    max_priority_fee_per_gas: z.string().nullable().meta({ description: "Wei." }),
    signed_at: z.number().int(),
    sent_at: z.number().int().nullable(),
    replaced_by: z.string().nullable().meta({ description: "The hash of the signature that replaced it." }),
    block_number: z.number().int().nullable(),
    confirmations: z.number().int().nullable().meta({ description: "Blocks on top of the one that included it, counted from the network's head at this read; null if not mined or the node did not answer." }),
    gas_used: z.string().nullable(),
    effective_gas_price: z.string().nullable().meta({ description: "Wei per gas the receipt says it paid." }),
    revert_reason: z.string().nullable().meta({ description: "The decoded revert reason of a signature mined and reverted." }),
    reorged_from_block: z.number().int().nullable().meta({ description: "The block a reorganisation removed it from." }),
  })
  .meta({ id: "TransactionAttempt" });

const BundlerAnswer = z
  .object({
    type: z.literal("user_operation"),
    user_op_hash: z.string(),
    status: z.string().meta({ description: "The operation's state from the bundler's answers: awaiting_sign, pending, confirmed, failed, cancelled." }),
    transaction_hash: z.string().nullable().meta({ description: "The bundle transaction that included it." }),
    block_number: z.number().int().nullable(),
    confirmations: z.number().int().nullable(),
    success: z.boolean().nullable().meta({ description: "The receipt's verdict on the operation's call." }),
    actual_gas_cost: z.string().nullable(),
    actual_gas_used: z.string().nullable(),
    failure_reason: z.string().nullable().meta({ description: "The bundler's refusal, or the decoded revert." }),
    created_at: z.number().int(),
    submitted_at: z.number().int().nullable(),
    confirmed_at: z.number().int().nullable(),
  })
  .meta({ id: "TransactionUserOperation" });

export const TransactionWithTimeline = Transaction.extend({
  timeline: z.array(z.discriminatedUnion("type", [Attempt, BundlerAnswer])).meta({
    description:
      "Addition to the spec: every signature sent for the transaction, oldest first (its fees, when it was sent, the one that replaced it, its receipt's block, confirmations and decoded revert reason); for a user operation (connect mode), the bundler's answers. Empty until it is signed.",
  }),
}).meta({ id: "TransactionWithTimeline", description: "A transaction and its timeline (addition to the spec: `timeline`)." });

export const TransactionList = listOf(Transaction, "TransactionList");

export const TransactionListQuery = ListQuery.extend({
  status: TransactionStatus.optional(),
  token: z.string().max(64).optional().meta({ description: "Only transactions of this token (tok_…)." }),
  network: z.string().max(64).optional(),
  kind: z.string().max(64).optional(),
});
