import { z } from "zod";
import { ListQuery, listOf } from "./common";

export const TransactionStatus = z.enum(["pending", "submitted", "confirmed", "failed"]);

export const Transaction = z
  .object({
    object: z.literal("transaction"),
    id: z.string(),
    network: z.string(),
    kind: z.string().meta({
      description: "What the write does, e.g. `token.deploy`, `token.mint`, `role.grant`; `nonce.fill` is a 0-value self-transfer that uses up the nonce of a write that ended before it was sent.",
    }),
    status: TransactionStatus.meta({ description: "pending → submitted → confirmed | failed" }),
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
      description: "The fees reached the network's cap (MAX_FEE_PER_GAS_GWEI_<NETWORK>, default 500 gwei): it is no longer replaced, and waits at that fee.",
    }),
    stuck: z
      .object({
        reason: z.literal("fee_cap"),
        since: z.number().int().meta({ description: "When the cap stopped its fee bumps (unix seconds)." }),
        max_fee_per_gas: z.string().nullable().meta({ description: "Its max fee per gas (wei): the network's cap." }),
        network_max_fee_per_gas: z.string().nullable().meta({ description: "The network's max fee per gas (wei) at that time, if known." }),
      })
      .nullable()
      .meta({
        description:
          "Set while an open transaction waits at the fee cap: it is only sent again as it is, and the wallet's later transactions on the network wait behind it (same nonce sequence). An operator raises MAX_FEE_PER_GAS_GWEI_<NETWORK> (the next replacement then goes through) or waits for the network's fees to fall below it; see the README.",
      }),
    livemode: z.boolean(),
    created: z.number().int(),
    submitted: z.number().int().nullable(),
    confirmed: z.number().int().nullable(),
  })
  .meta({ id: "Transaction" });

export const TransactionList = listOf(Transaction, "TransactionList");

export const TransactionListQuery = ListQuery.extend({
  status: TransactionStatus.optional(),
  token: z.string().max(64).optional().meta({ description: "Only transactions of this token (tok_…)." }),
  network: z.string().max(64).optional(),
  kind: z.string().max(64).optional(),
});
