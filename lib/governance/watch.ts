// Governance events from the contracts' logs (lib/chain/log-subscriptions, lib/chain/watcher): the governor's
// proposal and vote logs and the voting token's delegations, whoever sent them. Each log becomes its event
// once per instance (governance_logs), in the database transaction that records what it changed.
import { getAddress, keccak256, toHex, type AbiEvent, type Address } from "viem";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { chainTarget, publicClient } from "@/lib/chain/clients";
import { watchLogsOnce } from "@/lib/chain/log-subscriptions";
import type { ChainLogEventData } from "@/lib/chain/watcher";
import { emitAll } from "@/lib/webhooks/emit";
import type { EventType } from "@/lib/webhooks/event-types";
import type { GovernanceInstance } from "@/lib/generated/prisma/client";
import { proposalBase, proposalRecordId } from "./records";

export const GOVERNOR_EVENTS = ["ProposalCreated", "VoteCast", "VoteCastWithParams", "ProposalQueued", "ProposalExecuted", "ProposalCanceled"] as const;
export const TOKEN_EVENTS = ["DelegateChanged"] as const;
export const GOVERNANCE_LOG_EVENTS: readonly string[] = [...GOVERNOR_EVENTS, ...TOKEN_EVENTS];

const abiEvent = (contract: "PlatformGovernor" | "PlatformERC20Votes", name: string) =>
  (artifact(contract).abi as readonly AbiEvent[]).find((i) => i.type === "event" && i.name === name)!;

/** Follows `events` of `address` from `fromBlock`, once per chain (a subscription already there serves every instance). */
async function follow(network: string, address: Address, contract: "PlatformGovernor" | "PlatformERC20Votes", events: readonly string[], fromBlock?: bigint) {
  const chainKey = chainTarget(network).chainKey;
  for (const name of events) await watchLogsOnce({ chainKey, address, event: abiEvent(contract, name), fromBlock });
}

export const watchGovernor = (network: string, governor: Address, fromBlock: bigint) => follow(network, governor, "PlatformGovernor", GOVERNOR_EVENTS, fromBlock);
/** DelegateChanged of the voting token (ERC-5805: every IVotes token emits it). */
export const watchVotingToken = (network: string, token: Address) => follow(network, token, "PlatformERC20Votes", TOKEN_EVENTS);

const SUPPORT = ["against", "for", "abstain"] as const;

/** The instances a log concerns: its governor's, or, for a delegation, every instance voting with that token. */
async function instancesOf(data: ChainLogEventData) {
  const address = getAddress(data.address);
  const where = data.event === "DelegateChanged" ? { tokenAddress: address } : { governorAddress: address };
  const rows = await db.governanceInstance.findMany({ where: { ...where, status: { not: "failed" } } });
  return rows.filter((r) => {
    try {
      return chainTarget(r.network).chainKey === data.chain_key;
    } catch {
      return false;
    }
  });
}

type Args = Record<string, any>;
const onChain = (data: ChainLogEventData) => ({ transaction_hash: data.transaction_hash, block_number: data.block_number, log_index: data.log_index });

const logAbi = () => [
  ...GOVERNOR_EVENTS.map((name) => abiEvent("PlatformGovernor", name)),
  ...TOKEN_EVENTS.map((name) => abiEvent("PlatformERC20Votes", name)),
];

const jsonSafe = (v: unknown): unknown =>
  typeof v === "bigint" ? v.toString() : Array.isArray(v) ? v.map(jsonSafe) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, jsonSafe(x)])) : v;

const LOG_SPAN = 2_000n;

/** The instance's governance logs in blocks (from, to], in chain order, shaped as the watcher's events. */
async function logsBetween(g: GovernanceInstance, chainKey: string, from: bigint, to: bigint): Promise<ChainLogEventData[]> {
  const addresses = [g.tokenAddress, g.governorAddress].filter((a): a is string => !!a) as Address[];
  const logs = [];
  // In spans an RPC accepts (providers cap eth_getLogs ranges); an instance quiet for long has a long way to go.
  for (let start = from + 1n; start <= to; start += LOG_SPAN) {
    const end = start + LOG_SPAN - 1n < to ? start + LOG_SPAN - 1n : to;
    logs.push(...(await publicClient(g.network).getLogs({ address: addresses, events: logAbi(), fromBlock: start, toBlock: end, strict: true })));
  }
  return logs
    .filter((l) => (l.eventName === "DelegateChanged" ? getAddress(l.address) === getAddress(g.tokenAddress) : !!g.governorAddress && getAddress(l.address) === getAddress(g.governorAddress)))
    .map((l) => ({
      chain_key: chainKey, address: getAddress(l.address), event: l.eventName, topic0: l.topics[0]!, args: jsonSafe(l.args), block_number: Number(l.blockNumber),
      block_hash: l.blockHash!, transaction_hash: l.transactionHash!, log_index: l.logIndex!,
    }));
}

/**
 * A governance log seen by the watcher: every governance log of each instance it concerns, from the instance's
 * last synced block through this one, becomes its event in chain order (the watcher's runs may go in any order;
 * a log already covered changes nothing).
 */
export async function governanceLog(data: ChainLogEventData) {
  const emitted: string[] = [];
  for (const { id } of await instancesOf(data)) {
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT 1 FROM governance_instances WHERE id = ${id} FOR UPDATE`; // one sync of an instance at a time
      const found = await tx.governanceInstance.findUniqueOrThrow({ where: { id } });
      const to = BigInt(data.block_number);
      if (found.syncedBlock >= to) return;
      const events = [];
      for (const log of await logsBetween(found, data.chain_key, found.syncedBlock, to)) {
        const seen = await tx.governanceLog.createMany({
          data: [{ governanceId: found.id, blockHash: log.block_hash, logIndex: log.log_index, event: log.event, transactionHash: log.transaction_hash, blockNumber: BigInt(log.block_number) }],
          skipDuplicates: true,
        });
        const event = seen.count ? await eventOf(tx, found, log) : undefined;
        if (event) events.push(event);
      }
      await tx.governanceInstance.update({ where: { id: found.id }, data: { syncedBlock: to } });
      await emitAll(found.tenantId, events, tx);
      emitted.push(...events.map((e) => `${found.id}:${e.type}`));
    }, { timeout: 30_000 });
  }
  return emitted;
}

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

async function eventOf(tx: Tx, g: GovernanceInstance, data: ChainLogEventData): Promise<{ type: EventType; object: object } | undefined> {
  const a = data.args as Args;
  const base = { governance: g.id, governor_address: g.governorAddress, livemode: g.livemode, ...onChain(data) };
  switch (data.event) {
    case "ProposalCreated": {
      const fields = {
        proposer: getAddress(a.proposer), targets: (a.targets as string[]).map((t) => getAddress(t)), values: a.values as string[], calldatas: a.calldatas as string[],
        description: a.description as string, voteStart: String(a.voteStart), voteEnd: String(a.voteEnd),
      };
      const row = await tx.governanceProposal.upsert({
        where: { governanceId_proposalId: { governanceId: g.id, proposalId: String(a.proposalId) } },
        create: { id: proposalRecordId(), governanceId: g.id, proposalId: String(a.proposalId), descriptionHash: keccak256(toHex(fields.description)), ...fields },
        update: { proposer: fields.proposer, voteStart: fields.voteStart, voteEnd: fields.voteEnd },
      });
      return { type: "governance.proposal.created", object: { ...proposalBase(row, g), state: "Pending", ...onChain(data) } };
    }
    case "VoteCast":
    case "VoteCastWithParams":
      return {
        type: "governance.vote.cast",
        object: {
          object: "vote", ...base, proposal: String(a.proposalId), voter: getAddress(a.voter), support: SUPPORT[Number(a.support)] ?? String(a.support),
          weight: String(a.weight), reason: a.reason as string, params: (a.params as string | undefined) ?? null,
        },
      };
    case "ProposalQueued":
      return { type: "governance.proposal.queued", object: { object: "proposal_event", ...base, proposal: String(a.proposalId), state: "Queued", eta: Number(a.etaSeconds) } };
    case "ProposalExecuted":
      return { type: "governance.proposal.executed", object: { object: "proposal_event", ...base, proposal: String(a.proposalId), state: "Executed" } };
    case "ProposalCanceled":
      return { type: "governance.proposal.canceled", object: { object: "proposal_event", ...base, proposal: String(a.proposalId), state: "Canceled" } };
    case "DelegateChanged":
      return {
        type: "governance.delegated",
        object: {
          object: "delegation", ...base, token_address: g.tokenAddress, delegator: getAddress(a.delegator), from_delegate: getAddress(a.fromDelegate),
          to_delegate: getAddress(a.toDelegate),
        },
      };
  }
}
