// The reads of a governance instance (spec 4.3): one table from endpoint to contract function, so each GET
// route is one line. A read that reverts (a future timepoint, an unknown proposal) is a 400 with the reason.
import { type Abi, type Address } from "viem";
import { invalidRequest } from "@/lib/core/errors";
import { publicClient } from "@/lib/chain/network/clients";
import { chainUnavailable } from "@/lib/chain/network/read";
import { isRevert } from "@/lib/chain/records/revert";
import type { Scope } from "@/lib/core/scope";
import { findProposal, STATES } from "./proposals";
import { deployedGovernance, governorAbi, revertError, timelockAbi, votesAbi, type Deployed } from "./service";

type Target = "governor" | "token" | "timelock";
const abiOf: Record<Target, () => Abi> = { governor: governorAbi, token: votesAbi, timelock: timelockAbi };
const addressOf = (g: Deployed, t: Target): Address => (t === "governor" ? g.governorAddress : t === "token" ? g.tokenAddress : g.timelockAddress);

type Read = <T = any>(target: Target, functionName: string, args?: readonly unknown[], param?: string) => Promise<T>;

function reader(g: Deployed): Read {
  return async (target, functionName, args = [], param) => {
    try {
      return (await publicClient(g.network).readContract({ address: addressOf(g, target), abi: abiOf[target](), functionName, args } as never)) as never;
    } catch (error) {
      if (isRevert(error)) throw revertError(error, param);
      throw chainUnavailable(g.network);
    }
  };
}

/** A past timepoint for the historical reads: the one asked for, else the governor's clock - 1 (the latest settled). */
const pastTimepoint = async (read: Read, asked?: number) => (asked !== undefined ? BigInt(asked) : BigInt(await read<number>("governor", "clock")) - 1n);

type Q = Record<string, any>;
const str = (v: bigint | number) => v.toString();

const GOVERNANCE_READS = {
  async clock(read: Read) {
    const [clock, mode] = await Promise.all([read<number>("governor", "clock"), read<string>("governor", "CLOCK_MODE")]);
    return { object: "clock", clock: str(clock), clock_mode: mode, mode: mode.includes("timestamp") ? "timestamp" : "blocknumber" };
  },
  async config(read: Read, _q: Q, g: Deployed) {
    const [name, version, delay, period, threshold, numerator, denominator, timelock, token, counting, mode, minDelay] = await Promise.all([
      read<string>("governor", "name"), read<string>("governor", "version"), read<bigint>("governor", "votingDelay"), read<bigint>("governor", "votingPeriod"),
      read<bigint>("governor", "proposalThreshold"), read<bigint>("governor", "quorumNumerator"), read<bigint>("governor", "quorumDenominator"),
      read<Address>("governor", "timelock"), read<Address>("governor", "token"), read<string>("governor", "COUNTING_MODE"), read<string>("governor", "CLOCK_MODE"),
      read<bigint>("timelock", "getMinDelay"),
    ]);
    return {
      object: "governance_config", governance: g.id, name, version, voting_delay: str(delay), voting_period: str(period), proposal_threshold: str(threshold),
      quorum_numerator: str(numerator), quorum_denominator: str(denominator), timelock, token, counting_mode: counting, clock_mode: mode, min_delay: str(minDelay),
    };
  },
  counting_mode: async (read: Read) => ({ object: "counting_mode", counting_mode: await read<string>("governor", "COUNTING_MODE") }),
  version: async (read: Read) => ({ object: "version", version: await read<string>("governor", "version") }),
  async checkpoints(read: Read, q: Q) {
    const c = await read<{ _key: number; _value: bigint }>("token", "checkpoints", [q.account, q.pos], "pos");
    return { object: "checkpoint", account: q.account, pos: q.pos, timepoint: str(c._key), votes: str(c._value) };
  },
  delegates: async (read: Read, q: Q) => ({ object: "delegates", account: q.account, delegatee: await read<Address>("token", "delegates", [q.account]) }),
  num_checkpoints: async (read: Read, q: Q) => ({ object: "num_checkpoints", account: q.account, num_checkpoints: await read<number>("token", "numCheckpoints", [q.account]) }),
  async past_total_supply(read: Read, q: Q) {
    const timepoint = await pastTimepoint(read, q.timepoint);
    return { object: "past_total_supply", timepoint: str(timepoint), total_supply: str(await read<bigint>("token", "getPastTotalSupply", [timepoint], "timepoint")) };
  },
  async quorum(read: Read, q: Q) {
    const timepoint = await pastTimepoint(read, q.timepoint);
    return { object: "quorum", timepoint: str(timepoint), quorum: str(await read<bigint>("governor", "quorum", [timepoint], "timepoint")) };
  },
  async votes(read: Read, q: Q) {
    const timepoint = await pastTimepoint(read, q.timepoint);
    return { object: "voting_power", account: q.account, timepoint: str(timepoint), votes: str(await read<bigint>("governor", "getVotes", [q.account, timepoint], "timepoint")) };
  },
  async votes_with_params(read: Read, q: Q) {
    const timepoint = await pastTimepoint(read, q.timepoint);
    const votes = await read<bigint>("governor", "getVotesWithParams", [q.account, timepoint, q.params], "timepoint");
    return { object: "voting_power", account: q.account, timepoint: str(timepoint), params: q.params, votes: str(votes) };
  },
  proposal_needs_queuing: async (read: Read, q: Q) => ({
    object: "proposal_needs_queuing", proposal_id: q.proposal_id, needs_queuing: await read<boolean>("governor", "proposalNeedsQueuing", [BigInt(q.proposal_id)]),
  }),
  min_delay: async (read: Read) => ({ object: "timelock_min_delay", min_delay: str(await read<bigint>("timelock", "getMinDelay")) }),
  async operation_state(read: Read, q: Q) {
    const [state, timestamp] = await Promise.all([read<number>("timelock", "getOperationState", [q.operation_id]), read<bigint>("timelock", "getTimestamp", [q.operation_id])]);
    const names = ["Unset", "Waiting", "Ready", "Done"] as const;
    return { object: "timelock_operation", operation_id: q.operation_id, state: names[state], timestamp: timestamp <= 1n ? null : Number(timestamp), done: state === 3 };
  },
  async hash_operation(read: Read, q: Q) {
    const id = await read<string>("timelock", "hashOperation", [q.target, BigInt(q.value), q.data, q.predecessor, q.salt]);
    return { object: "timelock_operation_hash", operation_id: id };
  },
  async hash_operation_batch(read: Read, q: Q) {
    if (q.payloads.length !== q.targets.length || (q.values && q.values.length !== q.targets.length)) {
      throw invalidRequest("parameter_invalid", `Invalid payloads: one payload (and value) per target (${q.targets.length})`, "payloads");
    }
    const values = (q.values ?? q.targets.map(() => "0")).map(BigInt);
    return { object: "timelock_operation_hash", operation_id: await read<string>("timelock", "hashOperationBatch", [q.targets, values, q.payloads, q.predecessor, q.salt]) };
  },
} satisfies Record<string, (read: Read, q: Q, g: Deployed) => Promise<object>>;

export type GovernanceReadName = keyof typeof GOVERNANCE_READS;

export async function governanceRead(scope: Scope, id: string, name: GovernanceReadName, query: Q = {}) {
  const g = await deployedGovernance(scope, id);
  return { governance: g.id, ...(await GOVERNANCE_READS[name](reader(g), query, g)) };
}

const PROPOSAL_READS = {
  state: async (read: Read, pid: bigint) => ({ object: "proposal_state", state: STATES[await read<number>("governor", "state", [pid])] }),
  snapshot: async (read: Read, pid: bigint) => ({ object: "proposal_snapshot", snapshot: str(await read<bigint>("governor", "proposalSnapshot", [pid])) }),
  deadline: async (read: Read, pid: bigint) => ({ object: "proposal_deadline", deadline: str(await read<bigint>("governor", "proposalDeadline", [pid])) }),
  async eta(read: Read, pid: bigint) {
    const eta = await read<bigint>("governor", "proposalEta", [pid]);
    return { object: "proposal_eta", eta: eta === 0n ? null : Number(eta) };
  },
  proposer: async (read: Read, pid: bigint) => ({ object: "proposal_proposer", proposer: await read<Address>("governor", "proposalProposer", [pid]) }),
  has_voted: async (read: Read, pid: bigint, q: Q) => ({ object: "has_voted", account: q.account, has_voted: await read<boolean>("governor", "hasVoted", [pid, q.account]) }),
  async votes(read: Read, pid: bigint) {
    const [against, forVotes, abstain] = await read<readonly [bigint, bigint, bigint]>("governor", "proposalVotes", [pid]);
    return { object: "proposal_votes", for: str(forVotes), against: str(against), abstain: str(abstain) };
  },
} satisfies Record<string, (read: Read, pid: bigint, q: Q) => Promise<object>>;

export type ProposalReadName = keyof typeof PROPOSAL_READS;

export async function proposalRead(scope: Scope, id: string, proposalId: string, name: ProposalReadName, query: Q = {}) {
  const { g, row } = await findProposal(scope, id, proposalId);
  return { governance: g.id, proposal: row.proposalId, ...(await PROPOSAL_READS[name](reader(g), BigInt(row.proposalId), query)) };
}
