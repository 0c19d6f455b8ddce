// Governance (spec document 2, 4.3): a PlatformGovernor (OpenZeppelin Governor with settings, simple
// counting, IVotes voting power, quorum fraction and timelock control) and its PlatformTimelock
// (TimelockController). The spec leaves bodies, queries and records open; these are ours.
import { z } from "zod";
import { Id, listOf, writeBody, apiObject, listQuery, Recorded } from "./common";
import { Address, Uint256 } from "./tokens";
import { Transaction } from "./transactions";

const Hex = z.string().max(100_000).regex(/^0x([0-9a-fA-F]{2})*$/, "must be 0x-prefixed hex bytes");
const Bytes32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be 0x-prefixed 32 bytes (64 hex digits)");
const Signature = z.string().regex(/^0x([0-9a-fA-F]{2}){64,65}$/, "must be a 0x-prefixed 65-byte (or 64-byte compact) ECDSA signature");
const Text = z.string().max(10_000).refine((t) => !t.includes("\u0000") && t.isWellFormed(), "must not contain NUL characters or unpaired UTF-16 surrogates");
/** A clock value (block number or unix seconds, per the token's CLOCK_MODE): uint48. */
const Timepoint = z.coerce.number().int().min(0).max(2 ** 48 - 1);

export const GovernanceStatus = z.enum(["deploying", "configuring", "active", "failed"]).meta({
  description:
    "`deploying` while the timelock, then the governor, deploy; `configuring` while the timelock's proposer, canceller and executor roles go to " +
    "the governor and the deployer renounces its admin role; `active` once that renounce confirms (governance.deployed); `failed` when a step reverted (`failure_reason`).",
});

export const CreateGovernanceInput = writeBody({
  name: z.string().trim().min(1).max(100).refine((t) => !t.includes("\u0000"), "must not contain NUL").meta({ description: "The Governor's name (its EIP-712 domain name: ballots are signed for it).", example: "Acme DAO" }),
  token: z.union([Address, Id.regex(/^tok_/, "must be a token id (tok_…) or an address")]).meta({
    description: "The voting token: one of your ERC20 tokens deployed with `votes` (tok_…, see POST /v1/tokens), or the address of any IVotes (ERC-5805) token on `network`.",
    example: "tok_01jd…",
  }),
  network: z.string().min(1).max(64).optional().meta({ description: "Required with a token address; must match the token's network with a token id.", example: "polygon_amoy" }),
  voting_delay: z.number().int().min(0).max(2 ** 48 - 1).default(1).meta({ description: "Clock units (blocks or seconds, per the token's clock) between a proposal and the start of its vote. Default 1." }),
  voting_period: z.number().int().min(1).max(2 ** 32 - 1).meta({ description: "Clock units the vote lasts (at least 1).", example: 50_400 }),
  proposal_threshold: Uint256.default("0").meta({ description: "Votes a proposer needs (token base units). Default 0." }),
  quorum_numerator: z.number().int().min(0).max(100).default(4).meta({ description: "Quorum as a percentage of the token's past total supply at the snapshot. Default 4." }),
  min_delay: z.number().int().min(0).max(10 * 365 * 86_400).default(3600).meta({ description: "The timelock's minimum delay in seconds between queue and execute. Default 3600." }),
}).meta({ id: "CreateGovernanceInput", description: "Deploys a Governor and its Timelock from the tenant's acting account; the Timelock's roles go to the Governor and the deployer renounces its admin role." });

export const Governance = apiObject("governance", {
  id: z.string().meta({ example: "gov_01jd…" }),
  name: z.string(),
  network: z.string(),
  token: z.string().nullable().meta({ description: "The token id when the voting token is one of yours." }),
  token_address: z.string(),
  governor_address: z.string().nullable(),
  timelock_address: z.string().nullable(),
  voting_delay: z.string(),
  voting_period: z.string(),
  proposal_threshold: z.string(),
  quorum_numerator: z.number().int(),
  min_delay: z.number().int(),
  status: GovernanceStatus,
  deploy_transaction: z.string(),
  transaction: z.string().meta({ description: "The last transaction of the deployment (GET /v1/transactions/{id})." }),
  failure_reason: z.string().nullable(),
  ...Recorded,
}).meta({ id: "Governance", description: "Settings as deployed; GET /v1/governance/{id}/config reads the current ones on chain." });

export const GovernanceList = listOf(Governance, "GovernanceList");
export const ListGovernanceQuery = listQuery({ status: GovernanceStatus.optional(), network: z.string().min(1).max(64).optional() });

export const ProposalIdString = z.string().regex(/^\d{1,78}$/, "must be the proposal id as a decimal integer").meta({ description: "The on-chain proposal id (uint256, decimal).", example: "47213925178410254739385624419473911294378591127456798432167549023751469306211" });
export const ProposalParams = z.strictObject({ id: Id, proposalId: ProposalIdString });

export const ProposalState = z.enum(["Pending", "Active", "Canceled", "Defeated", "Succeeded", "Queued", "Expired", "Executed"]);
export const Tallies = z.object({ for: z.string(), against: z.string(), abstain: z.string() });

export const Proposal = apiObject("proposal", {
  id: ProposalIdString,
  governance: z.string(),
  governor_address: z.string().nullable(),
  proposer: z.string().nullable(),
  targets: z.array(z.string()),
  values: z.array(z.string()),
  calldatas: z.array(z.string()),
  description: z.string(),
  description_hash: z.string(),
  snapshot: z.string().nullable().meta({ description: "Clock value of the voting snapshot (voting starts after it); null until the proposal is on chain." }),
  deadline: z.string().nullable().meta({ description: "Clock value the vote ends at." }),
  eta: z.number().int().nullable().meta({ description: "Unix seconds the queued proposal becomes executable; null unless queued." }),
  state: ProposalState.nullable().meta({ description: "state() on chain; null while the propose transaction has not confirmed." }),
  votes: Tallies.nullable(),
  propose_transaction: z.string().nullable().meta({ description: "The propose transaction when proposed through the API." }),
  created: z.number().int(),
}).meta({ id: "Proposal" });
export const ProposalList = listOf(Proposal, "ProposalList");
export const ProposedProposal = Proposal.extend({
  transaction: Transaction.meta({ description: "The propose transaction (GET /v1/transactions/{id}); `state` is null until it confirms." }),
}).meta({ id: "ProposedProposal" });
export const ListProposalsQuery = listQuery({});

export const ProposeInput = writeBody({
  targets: z.array(Address).min(1).max(50),
  values: z.array(Uint256).max(50).optional().meta({ description: "Wei sent with each call; default all 0. Same length as `targets`." }),
  calldatas: z.array(Hex).min(1).max(50).meta({ description: "The call data of each call. Same length as `targets`." }),
  description: Text.min(1),
}).meta({ id: "ProposeInput", description: "propose(targets, values, calldatas, description) from the tenant's acting account, which needs `proposal_threshold` votes." });

export const HashProposalInput = z.strictObject({
  targets: z.array(Address).min(1).max(50),
  values: z.array(Uint256).max(50).optional(),
  calldatas: z.array(Hex).min(1).max(50),
  description: Text.optional(),
  description_hash: Bytes32.optional().meta({ description: "keccak256 of the description; give it or `description`." }),
}).meta({ id: "HashProposalInput" });

const Support = z.union([z.enum(["against", "for", "abstain"]), z.number().int().min(0).max(2)]).meta({
  description: "`for`, `against` or `abstain` (or 1, 0, 2 as GovernorCountingSimple numbers them).",
});

export const VoteInput = writeBody({ support: Support, reason: Text.optional() }).meta({
  id: "VoteInput", description: "castVote (castVoteWithReason with `reason`) from the tenant's acting account.",
});
export const VoteWithParamsInput = writeBody({ support: Support, reason: Text.default(""), params: Hex.default("0x") }).meta({
  id: "VoteWithParamsInput", description: "castVoteWithReasonAndParams from the tenant's acting account (GovernorCountingSimple ignores params).",
});
const BySig = {
  voter: Address.meta({ description: "Who signed the ballot; its vote counts, the acting account only submits it." }),
  signature: Signature.meta({ description: "The voter's EIP-712 signature over Ballot(proposalId, support, voter, nonce) (ExtendedBallot with reason and params), domain: the governor's name, version, chain id and address." }),
};
export const VoteBySigInput = writeBody({ support: Support, ...BySig }).meta({ id: "VoteBySigInput" });
export const VoteWithParamsBySigInput = writeBody({ support: Support, reason: Text.default(""), params: Hex.default("0x"), ...BySig }).meta({ id: "VoteWithParamsBySigInput" });

export const DelegateInput = writeBody({ delegatee: Address }).meta({
  id: "DelegateInput", description: "delegate(delegatee) on the voting token from the tenant's acting account: its own voting power goes to `delegatee` (itself to vote with it).",
});
export const DelegateBySigInput = writeBody({
  delegatee: Address,
  nonce: Uint256.meta({ description: "The signer's nonces() on the token." }),
  expiry: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).meta({ description: "Unix seconds after which the signature is refused." }),
  signature: Signature.meta({ description: "The delegator's EIP-712 signature over Delegation(delegatee, nonce, expiry) in the token's domain." }),
}).meta({ id: "DelegateBySigInput", description: "delegateBySig on the voting token, submitted by the tenant's acting account: the signer's voting power goes to `delegatee`." });

export const EmptyInput = writeBody({}).meta({ id: "GovernanceEmptyInput" });

/** The setters only the timelock may call (onlyGovernance): the body is what the proposal would carry. */
export const SetterInputs = {
  proposal_threshold: writeBody({ proposal_threshold: Uint256 }),
  timelock: writeBody({ timelock: Address }),
  update_quorum: writeBody({ quorum_numerator: z.number().int().min(0).max(100) }),
  voting_delay: writeBody({ voting_delay: z.number().int().min(0).max(2 ** 48 - 1) }),
  voting_period: writeBody({ voting_period: z.number().int().min(1).max(2 ** 32 - 1) }),
  relay: writeBody({ target: Address, value: Uint256.default("0"), data: Hex.default("0x") }),
};

export const TimelockOperationInput = z.strictObject({
  target: Address,
  value: Uint256.default("0"),
  data: Hex.default("0x"),
  predecessor: Bytes32.default(`0x${"0".repeat(64)}`),
  salt: Bytes32.default(`0x${"0".repeat(64)}`),
}).meta({ id: "TimelockOperationInput" });
export const TimelockBatchInput = z.strictObject({
  targets: z.array(Address).min(1).max(50),
  values: z.array(Uint256).max(50).optional(),
  payloads: z.array(Hex).min(1).max(50),
  predecessor: Bytes32.default(`0x${"0".repeat(64)}`),
  salt: Bytes32.default(`0x${"0".repeat(64)}`),
}).meta({ id: "TimelockBatchInput" });

// ---------- read queries ----------
export const AccountQuery = z.strictObject({ account: Address });
export const AccountAtQuery = z.strictObject({ account: Address, timepoint: Timepoint.optional().meta({ description: "A past clock value; default the current clock - 1 (the latest settled)." }) });
export const AccountParamsAtQuery = z.strictObject({ ...AccountAtQuery.shape, params: Hex.default("0x") });
export const CheckpointQuery = z.strictObject({ account: Address, pos: z.coerce.number().int().min(0).max(2 ** 32 - 1) });
export const TimepointQuery = z.strictObject({ timepoint: Timepoint.optional().meta({ description: "A past clock value; default the current clock - 1." }) });
export const ProposalIdQuery = z.strictObject({ proposal_id: ProposalIdString });
export const OperationQuery = z.strictObject({ operation_id: Bytes32 });

/** Every read answers an object with `object` naming the read; fields as documented per endpoint. */
export const GovernanceRead = z.record(z.string(), z.unknown()).meta({ id: "GovernanceRead" });
