// Governance events from the contracts' logs (lib/chain/watch/subscriptions, lib/chain/watch/watcher): the governor's
// proposal and vote logs and the voting token's delegations, whoever sent them. Each log becomes its event
// once per instance (governance_logs), in the database transaction that records what it changed.
import { getAddress, keccak256, toHex, type AbiEvent, type Address } from "viem";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { chainTarget, publicClient } from "@/lib/chain/network/clients";
import { watchLogsOnce } from "@/lib/chain/watch/subscriptions";
import { scanLogRanges } from "@/lib/chain/watch/ranges";
import { confirmationsFor } from "@/lib/chain/network/confirmations";
import { jsonSafe, type ChainLogEventData } from "@/lib/chain/watch/watcher";
import { emitAll } from "@/lib/webhooks/emit";
import type { EventType } from "@/lib/core/event-types";
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

/** The instance's governance logs in blocks [from, to], in chain order, shaped as the watcher's events. */
async function logsIn(g: GovernanceInstance, chainKey: string, from: bigint, to: bigint): Promise<ChainLogEventData[]> {
  const addresses = [g.tokenAddress, g.governorAddress].filter((a): a is string => !!a) as Address[];
  const logs = await publicClient(g.network).getLogs({ address: addresses, events: logAbi(), fromBlock: from, toBlock: to, strict: true });
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
 * a log already covered changes nothing). An instance quiet for long has far to go (300,000 blocks in two weeks
 * of 4 s blocks): the catch-up reads bounded ranges outside any database transaction, and each range's events
 * are stored with syncedBlock's advance in a short one, so a failure keeps the ranges done and nothing holds
 * the instance (or the chain) for the whole catch-up.
 */
export async function governanceLog(data: ChainLogEventData) {
  const emitted: string[] = [];
  for (const instance of await instancesOf(data)) emitted.push(...(await syncInstance(instance, data.chain_key, BigInt(data.block_number))));
  return emitted;
}

/** The instance's governance logs after its syncedBlock through `to` become events, range by range (see governanceLog). */
async function syncInstance(instance: GovernanceInstance, chainKey: string, to: bigint): Promise<string[]> {
  const emitted: string[] = [];
  const from = instance.syncedBlock + 1n;
  if (from > to) return emitted;
  await scanLogRanges(chainKey, from, to, (start, end) => logsIn(instance, chainKey, start, end), async (logs, _start, end) =>
    db.$transaction(async (tx) => {
      const found = await locked(tx, instance.id);
      // Another run stored this range (or more) meanwhile: its events are out; go on after what it stored.
      if (found.syncedBlock >= end) return true;
      const events = [];
      for (const log of logs) {
        if (BigInt(log.block_number) <= found.syncedBlock) continue;
        const seen = await tx.governanceLog.createMany({
          data: [{ governanceId: found.id, blockHash: log.block_hash, logIndex: log.log_index, event: log.event, transactionHash: log.transaction_hash, blockNumber: BigInt(log.block_number) }],
          skipDuplicates: true,
        });
        const event = seen.count ? await eventOf(tx, found, log) : undefined;
        if (event) events.push(event);
      }
      await tx.governanceInstance.update({ where: { id: found.id }, data: { syncedBlock: end } });
      await emitAll(found.tenantId, events, tx);
      emitted.push(...events.map((e) => `${found.id}:${e.type}`));
      return true;
    }),
  );
  return emitted;
}

/** One sync of an instance at a time: its row, locked for the caller's transaction. */
async function locked(tx: Tx, id: string) {
  await tx.$executeRaw`SELECT 1 FROM governance_instances WHERE id = ${id} FOR UPDATE`;
  return tx.governanceInstance.findUniqueOrThrow({ where: { id } });
}

const EVENT_TYPE_OF: Record<string, EventType> = {
  ProposalCreated: "governance.proposal.created", VoteCast: "governance.vote.cast", VoteCastWithParams: "governance.vote.cast",
  ProposalQueued: "governance.proposal.queued", ProposalExecuted: "governance.proposal.executed", ProposalCanceled: "governance.proposal.canceled",
  DelegateChanged: "governance.delegated",
};

/**
 * A governance log whose block a reorganisation orphaned (`chain/log.removed`): for each instance that turned it
 * into an event, the log is forgotten, a proposal it created loses its vote schedule (not seen on the chain),
 * and `governance.reorged` names the event withdrawn. The instance then syncs again, from the orphaned block
 * through what it had synced, on the chain as it is now: the new branch's logs become events of their own (those
 * it saw first were skipped as already synced). A proposal the new branch did not create is deleted unless it
 * was proposed through the API (its propose transaction is followed by the transaction path).
 */
export async function governanceLogRemoved(data: ChainLogEventData) {
  const emitted: string[] = [];
  const removedAt = BigInt(data.block_number);
  const proposalId = data.event === "ProposalCreated" ? String((data.args as Args).proposalId) : undefined;
  for (const instance of await instancesOf(data)) {
    const syncedBefore = await db.$transaction(async (tx) => {
      const found = await locked(tx, instance.id);
      const { count } = await tx.governanceLog.deleteMany({ where: { governanceId: found.id, blockHash: data.block_hash, logIndex: data.log_index } });
      if (!count) return null; // never an event here, or already withdrawn
      if (proposalId) await tx.governanceProposal.updateMany({ where: { governanceId: found.id, proposalId }, data: { voteStart: null, voteEnd: null } });
      if (found.syncedBlock >= removedAt) await tx.governanceInstance.update({ where: { id: found.id }, data: { syncedBlock: removedAt - 1n } });
      const a = data.args as Args;
      await emitAll(found.tenantId, [{
        type: "governance.reorged",
        object: {
          object: "governance_reorg", governance: found.id, governor_address: found.governorAddress, livemode: found.livemode, withdrawn: EVENT_TYPE_OF[data.event],
          proposal: a.proposalId === undefined ? null : String(a.proposalId), ...onChain(data), block_hash: data.block_hash,
        },
      }], tx);
      return found.syncedBlock;
    });
    if (syncedBefore === null) continue;
    emitted.push(`${instance.id}:governance.reorged`);
    const head = await publicClient(instance.network).getBlockNumber({ cacheTime: 0 });
    const safe = head - BigInt(confirmationsFor(data.chain_key)) + 1n;
    const current = await db.governanceInstance.findUniqueOrThrow({ where: { id: instance.id } });
    emitted.push(...(await syncInstance(current, data.chain_key, syncedBefore < safe ? syncedBefore : safe)));
    if (proposalId) await db.governanceProposal.deleteMany({ where: { governanceId: instance.id, proposalId, voteStart: null, proposeTxId: null } });
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
