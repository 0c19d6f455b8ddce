// Proposals, votes and delegation of a governance instance. Targets, calldatas and description are kept
// (they are needed to queue, execute and cancel); state, tallies, snapshot, deadline and eta are read from
// the chain on every request.
import { encodeFunctionData, keccak256, parseSignature, toHex, type Address, type Hex } from "viem";
import type { z } from "zod";
import { db } from "@/lib/db";
import { ApiError, conflict, invalidRequest, notFound } from "@/lib/core/errors";
import { paginate } from "@/lib/core/pagination";
import { readChain } from "@/lib/chain/network/read";
import { serializeTransaction } from "@/lib/chain/records/serialize";
import { writeOnce } from "@/lib/chain/intake";
import { actingFor } from "@/lib/connect/settings/wallet-mode";
import type { GovernanceProposal, Transaction } from "@/lib/generated/prisma/client";
import type {
  DelegateBySigInput, DelegateInput, HashProposalInput, ListProposalsQuery, ProposeInput, SetterInputs, VoteBySigInput, VoteInput, VoteWithParamsBySigInput,
  VoteWithParamsInput,
} from "@/lib/schemas/governance";
import type { Scope } from "@/lib/core/scope";
import { proposalBase, proposalRecordId } from "./records";
import { deployedGovernance, findGovernance, governanceCall, governanceWrite, governorAbi, precheck, votesAbi, type Deployed } from "./service";

export const STATES = ["Pending", "Active", "Canceled", "Defeated", "Succeeded", "Queued", "Expired", "Executed"] as const;
export type State = (typeof STATES)[number];

const gov = <T>(g: Deployed, functionName: string, args: readonly unknown[] = [], onRevert?: () => T) =>
  readChain<T>(g.network, g.governorAddress, governorAbi(), functionName, args, { onRevert });

/** state() of a proposal; null when the chain does not know it (its propose transaction has not confirmed). */
export const proposalState = async (g: Deployed, pid: bigint) => {
  const s = await gov<number | null>(g, "state", [pid], () => null);
  return s === null ? null : STATES[s];
};

type Row = GovernanceProposal;

async function detailed(g: Deployed, r: Row) {
  const pid = BigInt(r.proposalId);
  const state = await proposalState(g, pid);
  const base = proposalBase(r, g);
  if (state === null) return { ...base, state, eta: null, votes: null };
  const [[against, forVotes, abstain], eta, snapshot, deadline, proposer] = await Promise.all([
    gov<readonly [bigint, bigint, bigint]>(g, "proposalVotes", [pid]),
    gov<bigint>(g, "proposalEta", [pid]),
    gov<bigint>(g, "proposalSnapshot", [pid]),
    gov<bigint>(g, "proposalDeadline", [pid]),
    gov<Address>(g, "proposalProposer", [pid]),
  ]);
  return {
    ...base, proposer, snapshot: snapshot.toString(), deadline: deadline.toString(), eta: eta === 0n ? null : Number(eta), state,
    votes: { for: forVotes.toString(), against: against.toString(), abstain: abstain.toString() },
  };
}

export async function findProposal(scope: Scope, id: string, proposalId: string) {
  const g = await deployedGovernance(scope, id);
  const row = await db.governanceProposal.findFirst({ where: { governanceId: g.id, proposalId } });
  if (!row) throw notFound("proposal", proposalId);
  return { g, row };
}

export async function getProposal(scope: Scope, id: string, proposalId: string) {
  const { g, row } = await findProposal(scope, id, proposalId);
  return detailed(g, row);
}

export async function listProposals(scope: Scope, id: string, params: z.output<typeof ListProposalsQuery>) {
  const found = await findGovernance(scope, id);
  const page = await paginate(db.governanceProposal, { governanceId: found.id }, params, (r) => r);
  if (!found.governorAddress) return { ...page, data: page.data.map((r) => ({ ...proposalBase(r, found), state: null, eta: null, votes: null })) };
  const g = found as Deployed;
  return { ...page, data: await Promise.all(page.data.map((r) => detailed(g, r))) };
}

const descriptionHashOf = (description: string) => keccak256(toHex(description));
const valuesOf = (targets: readonly string[], values: readonly string[] | undefined) => (values ?? targets.map(() => "0")).map(BigInt);

function sameLengths(targets: readonly unknown[], values: readonly unknown[] | undefined, calldatas: readonly unknown[], param = "calldatas") {
  if (calldatas.length !== targets.length) throw invalidRequest("parameter_invalid", `Invalid ${param}: one per target (${targets.length})`, param);
  if (values && values.length !== targets.length) throw invalidRequest("parameter_invalid", `Invalid values: one per target (${targets.length})`, "values");
}

/** hashProposal: the proposal id the governor gives these calls and description. */
export async function hashProposal(scope: Scope, id: string, input: z.output<typeof HashProposalInput>) {
  const g = await deployedGovernance(scope, id);
  sameLengths(input.targets, input.values, input.calldatas);
  const descriptionHash = input.description_hash ?? (input.description !== undefined ? descriptionHashOf(input.description) : undefined);
  if (!descriptionHash) throw invalidRequest("parameter_missing", "Missing required parameter: description (or description_hash)", "description");
  const pid = await gov<bigint>(g, "hashProposal", [input.targets, valuesOf(input.targets, input.values), input.calldatas, descriptionHash]);
  return { object: "proposal_hash" as const, governance: g.id, proposal_id: pid.toString(), description_hash: descriptionHash };
}

const PROPOSAL_RETURNING = `RETURNING id, governance_id AS "governanceId", proposal_id AS "proposalId", proposer, targets, values, calldatas, description,
  description_hash AS "descriptionHash", vote_start AS "voteStart", vote_end AS "voteEnd", propose_tx_id AS "proposeTxId", created_at AT TIME ZONE 'UTC' AS "createdAt"`;

export async function propose(scope: Scope, id: string, input: z.output<typeof ProposeInput>) {
  const g = await deployedGovernance(scope, id);
  const answer = (record: Row, write: Transaction) => ({ ...proposalBase(record, g), state: null, eta: null, votes: null, transaction: serializeTransaction(write) });
  return writeOnce({
    async check() {
      sameLengths(input.targets, input.values, input.calldatas);
      const values = valuesOf(input.targets, input.values);
      const descriptionHash = descriptionHashOf(input.description);
      const pid = await gov<bigint>(g, "hashProposal", [input.targets, values, input.calldatas, descriptionHash]);
      const known = await db.governanceProposal.findFirst({ where: { governanceId: g.id, proposalId: pid.toString() } });
      if (known) throw conflict("proposal_exists", `This proposal exists already: ${pid} (the same calls and description give the same id; change the description to propose again).`);
      const data = encodeFunctionData({ abi: governorAbi(), functionName: "propose", args: [input.targets, values, input.calldatas, input.description] });
      await precheck(g.network, (await actingFor(scope, g.network)).address, g.governorAddress, data);
      return { values, descriptionHash, pid, data };
    },
    async record(tx, { values, descriptionHash, pid, data }) {
      const { idempotency_key: _, ...shown } = input;
      const write = await tx.record(governanceCall(scope, g, "governance.propose", g.governorAddress, data, { ...shown, proposal_id: pid.toString() }));
      const { rows } = await tx.client.query(
        `INSERT INTO governance_proposals (id, governance_id, proposal_id, targets, values, calldatas, description, description_hash, propose_tx_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() AT TIME ZONE 'UTC') ${PROPOSAL_RETURNING}`,
        [proposalRecordId(), g.id, pid.toString(), input.targets, values.map(String), input.calldatas, input.description, descriptionHash, write.id],
      );
      return answer(rows[0] as Row, write);
    },
    find: async ([write]) => answer(await db.governanceProposal.findFirstOrThrow({ where: { proposeTxId: write.id } }), write),
  });
}

const SUPPORT = { against: 0, for: 1, abstain: 2 } as const;
export type Support = keyof typeof SUPPORT | number;
export const supportOf = (s: Support) => (typeof s === "number" ? s : SUPPORT[s]);

async function requireState(g: Deployed, row: Row, allowed: State[], action: string) {
  const state = await proposalState(g, BigInt(row.proposalId));
  if (state === null || !allowed.includes(state)) {
    throw invalidRequest(
      "proposal_state_invalid",
      `Cannot ${action} proposal ${row.proposalId}: it is ${state ?? "not on chain yet (its propose transaction has not confirmed)"}; ${action} needs ${allowed.join(" or ")}.`,
      "proposalId",
    );
  }
}

type VoteBody =
  | ({ kind: "vote" } & z.output<typeof VoteInput>)
  | ({ kind: "vote_with_params" } & z.output<typeof VoteWithParamsInput>)
  | ({ kind: "vote_by_sig" } & z.output<typeof VoteBySigInput>)
  | ({ kind: "vote_with_params_by_sig" } & z.output<typeof VoteWithParamsBySigInput>);

export async function vote(scope: Scope, id: string, proposalId: string, body: VoteBody) {
  const { g, row } = await findProposal(scope, id, proposalId);
  await requireState(g, row, ["Active"], "vote on");
  const pid = BigInt(row.proposalId);
  const support = supportOf(body.support);
  const call = (functionName: string, args: readonly unknown[]) => encodeFunctionData({ abi: governorAbi(), functionName, args });
  let data: Hex;
  switch (body.kind) {
    case "vote":
      data = body.reason === undefined ? call("castVote", [pid, support]) : call("castVoteWithReason", [pid, support, body.reason]);
      break;
    case "vote_with_params":
      data = call("castVoteWithReasonAndParams", [pid, support, body.reason, body.params]);
      break;
    case "vote_by_sig":
      data = call("castVoteBySig", [pid, support, body.voter, body.signature]);
      break;
    case "vote_with_params_by_sig":
      data = call("castVoteWithReasonAndParamsBySig", [pid, support, body.voter, body.reason, body.params, body.signature]);
      break;
  }
  const { kind, ...request } = body;
  return governanceWrite(scope, g, "governance.vote", g.governorAddress, data, { ...request, method: kind, proposal_id: row.proposalId });
}

const detailsArgs = (row: Row) => [row.targets, row.values.map(BigInt), row.calldatas, row.descriptionHash as Hex] as const;

export async function queueProposal(scope: Scope, id: string, proposalId: string) {
  const { g, row } = await findProposal(scope, id, proposalId);
  await requireState(g, row, ["Succeeded"], "queue");
  const data = encodeFunctionData({ abi: governorAbi(), functionName: "queue", args: detailsArgs(row) });
  return governanceWrite(scope, g, "governance.queue", g.governorAddress, data, { proposal_id: row.proposalId });
}

export async function executeProposal(scope: Scope, id: string, proposalId: string) {
  const { g, row } = await findProposal(scope, id, proposalId);
  await requireState(g, row, ["Queued", "Succeeded"], "execute");
  const data = encodeFunctionData({ abi: governorAbi(), functionName: "execute", args: detailsArgs(row) });
  return governanceWrite(scope, g, "governance.execute", g.governorAddress, data, { proposal_id: row.proposalId });
}

/** OpenZeppelin's Governor lets the proposer cancel only while the proposal is Pending. */
export async function cancelProposal(scope: Scope, id: string, proposalId: string) {
  const { g, row } = await findProposal(scope, id, proposalId);
  const state = await proposalState(g, BigInt(row.proposalId));
  if (state !== "Pending") {
    throw invalidRequest(
      "proposal_not_pending",
      `Cannot cancel proposal ${row.proposalId}: it is ${state ?? "not on chain yet"}; a proposal can be canceled only while Pending (before its vote starts).`,
      "proposalId",
    );
  }
  const data = encodeFunctionData({ abi: governorAbi(), functionName: "cancel", args: detailsArgs(row) });
  return governanceWrite(scope, g, "governance.cancel", g.governorAddress, data, { proposal_id: row.proposalId });
}

export async function delegate(scope: Scope, id: string, input: z.output<typeof DelegateInput>) {
  const g = await deployedGovernance(scope, id);
  const data = encodeFunctionData({ abi: votesAbi(), functionName: "delegate", args: [input.delegatee] });
  return governanceWrite(scope, g, "governance.delegate", g.tokenAddress, data, input);
}

export async function delegateBySig(scope: Scope, id: string, input: z.output<typeof DelegateBySigInput>) {
  const g = await deployedGovernance(scope, id);
  let sig: ReturnType<typeof parseSignature>;
  try {
    sig = parseSignature(input.signature as Hex);
  } catch {
    throw invalidRequest("parameter_invalid", "Invalid signature: not an ECDSA signature", "signature");
  }
  const v = sig.v !== undefined ? Number(sig.v) : 27 + (sig.yParity ?? 0);
  const data = encodeFunctionData({ abi: votesAbi(), functionName: "delegateBySig", args: [input.delegatee, BigInt(input.nonce), BigInt(input.expiry), v, sig.r, sig.s] });
  return governanceWrite(scope, g, "governance.delegate", g.tokenAddress, data, input);
}

/** 400 for the onlyGovernance setters, with the proposal that would make the change. */
export class GovernanceOnlyError extends ApiError {
  constructor(message: string, readonly proposal: Record<string, unknown>) {
    super(400, "invalid_request_error", "governance_only", message);
  }
  override get body() {
    return { error: { ...super.body.error, proposal: this.proposal } };
  }
}

type Setter = keyof typeof SetterInputs;
const SETTER_CALLS: Record<Exclude<Setter, "relay">, [string, (b: any) => unknown[]]> = {
  proposal_threshold: ["setProposalThreshold", (b) => [BigInt(b.proposal_threshold)]],
  timelock: ["updateTimelock", (b) => [b.timelock]],
  update_quorum: ["updateQuorumNumerator", (b) => [BigInt(b.quorum_numerator)]],
  voting_delay: ["setVotingDelay", (b) => [b.voting_delay]],
  voting_period: ["setVotingPeriod", (b) => [b.voting_period]],
};

/**
 * The governor's own settings and relay are onlyGovernance: a direct call reverts GovernorOnlyExecutor (the
 * executor is the timelock). The answer is that revert, confirmed on chain, with the proposal that carries the call.
 */
export async function governanceOnly(scope: Scope, id: string, setter: Setter, body: Record<string, unknown>) {
  const g = await deployedGovernance(scope, id);
  const [functionName, args] = setter === "relay" ? ["relay", [body.target, BigInt(body.value as string), body.data]] : [SETTER_CALLS[setter][0], SETTER_CALLS[setter][1](body)];
  const calldata = encodeFunctionData({ abi: governorAbi(), functionName, args });
  const acting = await actingFor(scope, g.network);
  let reason = "GovernorOnlyExecutor";
  try {
    await precheck(g.network, acting.address, g.governorAddress, calldata);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    reason = error.message.replace(/^The call would revert: /, "").replace(/\.$/, "");
  }
  const proposal = {
    targets: [g.governorAddress], values: ["0"], calldatas: [calldata],
    description: `${functionName}(${args.map(String).join(", ")})`,
    propose_with: `POST /v1/governance/${g.id}/proposals`,
  };
  throw new GovernanceOnlyError(
    `${functionName} is onlyGovernance: called directly it reverts ${reason} (only the executor, the timelock ${g.timelockAddress}, may call it). ` +
      "Propose it: the `proposal` field holds targets, values and calldatas ready for POST …/proposals; once voted, queued and executed, the timelock makes the call.",
    proposal,
  );
}
