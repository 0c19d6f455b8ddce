// Vesting schedules (spec document 2, 4.8): each one is a PlatformVestingWallet (OpenZeppelin
// VestingWalletCliff) deployed by the tenant's wallet. The spec leaves bodies and records open; these are ours.
import { z } from "zod";
import { Amount, Id, listOf, writeBody, apiObject, listQuery, Recorded } from "./common";
import { Address } from "./tokens";

/** Latest unix time a uint64 schedule field may name here: 9999-12-31 (the contract takes any uint64). */
const MAX_TIME = 253_402_300_799;
const Seconds = z.number().int().min(0).max(MAX_TIME);

export const VestingStatus = z.enum(["deploying", "funding", "active", "failed"]).meta({
  description:
    "`deploying` until the wallet's deployment confirms; then `funding` while the tenant wallet's transfer of `amount` is in flight " +
    "(skipped without `amount`); then `active`. `failed`: the deployment reverted (no `address`) or the funding did (the wallet " +
    "exists at `address`; tokens sent to it still vest, see `failure_reason`).",
});

export const CreateVestingInput = writeBody({
  token: z
    .union([Address, Id.regex(/^tok_/, "must be a token id (tok_…) or an address")])
    .meta({ description: "The ERC-20 that vests: one of your ERC20 tokens (tok_…, then `network` defaults to its network) or any ERC-20 address on `network`.", example: "tok_01jd…" }),
  network: z.string().min(1).max(64).optional().meta({ description: "Required with a token address; must match the token's network with a token id.", example: "polygon_amoy" }),
  beneficiary: Address.meta({ description: "Who receives the released tokens (the wallet's owner); not the zero address." }),
  start: Seconds.optional().meta({ description: "Unix seconds when vesting begins. Default: the chain's latest block time when the request arrives.", example: 1_767_225_600 }),
  duration_seconds: Seconds.meta({ description: "Seconds from `start` over which the tokens vest linearly; 0 vests everything at `start`.", example: 31_536_000 }),
  cliff_seconds: Seconds.default(0).meta({ description: "Seconds from `start` before which nothing is releasable; at most `duration_seconds`. Default 0.", example: 7_776_000 }),
  // The refinement runs after a failed format check too: only digit strings are compared.
  amount: Amount.refine((v) => !/^\d+$/.test(v) || BigInt(v) > 0n, "must be greater than 0").optional().meta({
    description: "Base units the tenant wallet transfers into the schedule once it is deployed (checked against its balance now). Omit it to fund the wallet yourself: whatever it holds vests.",
  }),
}).meta({ id: "CreateVestingInput", description: "Deploys a vesting wallet with a cliff and, with `amount`, funds it from the tenant wallet." });

export const VestingSchedule = apiObject("vesting_schedule", {
  id: z.string().meta({ example: "vst_01jd…" }),
  network: z.string(),
  token: z.string().nullable().meta({ description: "The token id when the schedule vests one of your tokens." }),
  token_address: z.string(),
  beneficiary: z.string(),
  start: z.number().int().meta({ description: "Unix seconds." }),
  duration_seconds: z.number().int(),
  cliff_seconds: z.number().int(),
  cliff: z.number().int().meta({ description: "Unix seconds when the cliff ends (start + cliff_seconds): the first moment anything is releasable." }),
  end: z.number().int().meta({ description: "Unix seconds when everything has vested (start + duration_seconds)." }),
  amount: z.string().nullable().meta({ description: "What the tenant wallet funds the schedule with; null when funded outside the API." }),
  address: z.string().nullable().meta({ description: "The vesting wallet, once deployed." }),
  status: VestingStatus,
  released: z.string().meta({ description: "Released through the API so far (sum of ERC20Released); the chain's figure is on GET /v1/vesting/{id}/on_chain." }),
  deploy_transaction: z.string(),
  fund_transaction: z.string().nullable(),
  transaction: z.string().meta({ description: "The last transaction that changed (or is changing) this schedule (GET /v1/transactions/{id})." }),
  failure_reason: z.string().nullable(),
  ...Recorded,
}).meta({ id: "VestingSchedule" });

export const VestingScheduleList = listOf(VestingSchedule, "VestingScheduleList");

export const ListVestingQuery = listQuery({
  beneficiary: Address.optional(),
  status: VestingStatus.optional(),
  network: z.string().min(1).max(64).optional(),
});

const Time = z.object({ timestamp: z.number().int().meta({ description: "The unix time the figures are for." }) });

export const VestingOnChain = apiObject("vesting_on_chain", {
  id: z.string(),
  address: z.string(),
  beneficiary: z.string().meta({ description: "owner() of the wallet." }),
  token_address: z.string(),
  start: z.number().int(),
  duration_seconds: z.number().int(),
  cliff: z.number().int().meta({ description: "cliff(): unix seconds when the cliff ends." }),
  end: z.number().int(),
  balance: z.string().meta({ description: "The wallet's token balance (not yet released)." }),
  released: z.string().meta({ description: "released(token): everything released so far, by anyone." }),
  releasable: z.string().meta({ description: "releasable(token) at the latest block." }),
  vested: z.string().meta({ description: "vestedAmount(token, latest block time)." }),
  total_allocation: z.string().meta({ description: "balance + released: what vests in all." }),
  ...Time.shape,
}).meta({ id: "VestingOnChain" });

export const VestedQuery = z.strictObject({
  timestamp: z.coerce.number().int().min(0).max(MAX_TIME).optional().meta({ description: "Unix seconds; default the chain's latest block time." }),
});

export const VestedAmount = apiObject("vested_amount", {
  id: z.string(),
  token_address: z.string(),
  vested: z.string().meta({ description: "vestedAmount(token, timestamp): what has vested by then, released or not, of today's allocation." }),
  total_allocation: z.string(),
  released: z.string(),
  ...Time.shape,
}).meta({ id: "VestedAmount" });

export const ReleaseVestingInput = writeBody({}).meta({
  id: "ReleaseVestingInput",
  description: "release(token): pays the beneficiary what is releasable when the transaction mines. Refused (400 `nothing_releasable`) while nothing is.",
});

export const TransferVestingOwnershipInput = writeBody({
  new_owner: Address.meta({ description: "The new beneficiary." }),
}).meta({
  id: "TransferVestingOwnershipInput",
  description:
    "The wallet's owner is its beneficiary, and only the beneficiary may transfer it. This is accepted only when the beneficiary is " +
    "the tenant's own acting wallet (then the beneficiary becomes `new_owner`); otherwise it answers 400 `beneficiary_not_controlled`.",
});
