// The rows of governance instances and proposals and how the API, events and webhooks show them, apart
// from the service so the effects (run by the chain path) need nothing of the chain path themselves.
import { newId, unixSeconds } from "@/lib/core/ids";
import { selectList } from "@/lib/db/columns";
import type { GovernanceInstance, GovernanceProposal } from "@/lib/generated/prisma/client";

export const governanceId = () => newId("gov");
export const proposalRecordId = () => newId("prp");

export const GOVERNANCE_COLUMNS = selectList(
  [
    "id", "tenantId", "livemode", "network", "name", "tokenId", "tokenAddress", "governorAddress", "timelockAddress", "votingDelay", "votingPeriod",
    "proposalThreshold", "quorumNumerator", "minDelay", "status", "deployTxId", "lastTxId", "failureReason", "syncedBlock",
  ],
  ["createdAt", "updatedAt"],
);

export const PROPOSAL_COLUMNS = selectList(
  ["id", "governanceId", "proposalId", "proposer", "targets", "values", "calldatas", "description", "descriptionHash", "voteStart", "voteEnd", "proposeTxId"],
  ["createdAt"],
);

export type GovernanceStatus = "deploying" | "configuring" | "active" | "failed";

export function serializeGovernance(r: GovernanceInstance) {
  return {
    object: "governance" as const,
    id: r.id,
    name: r.name,
    network: r.network,
    token: r.tokenId,
    token_address: r.tokenAddress,
    governor_address: r.governorAddress,
    timelock_address: r.timelockAddress,
    voting_delay: r.votingDelay,
    voting_period: r.votingPeriod,
    proposal_threshold: r.proposalThreshold,
    quorum_numerator: Number(r.quorumNumerator),
    min_delay: Number(r.minDelay),
    status: r.status as GovernanceStatus,
    deploy_transaction: r.deployTxId,
    transaction: r.lastTxId,
    failure_reason: r.failureReason,
    livemode: r.livemode,
    created: unixSeconds(r.createdAt),
  };
}

/** What the database knows of a proposal; the service adds what the chain says (state, tallies, eta). */
export function proposalBase(r: GovernanceProposal, governance: { id: string; governorAddress: string | null }) {
  return {
    object: "proposal" as const,
    id: r.proposalId,
    governance: governance.id,
    governor_address: governance.governorAddress,
    proposer: r.proposer,
    targets: r.targets,
    values: r.values,
    calldatas: r.calldatas,
    description: r.description,
    description_hash: r.descriptionHash,
    snapshot: r.voteStart,
    deadline: r.voteEnd,
    propose_transaction: r.proposeTxId,
    created: unixSeconds(r.createdAt),
  };
}
