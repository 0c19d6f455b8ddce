// Governance instances (spec document 2, 4.3): a PlatformGovernor and its PlatformTimelock, deployed by the
// tenant's acting account through a chain of writes (./effects). Every write the API makes to a governor or
// its token is first run as a call from the acting account: what would revert answers 400 with the
// contract's reason before anything is recorded.
import { encodeDeployData, getAddress, zeroAddress, type Abi, type Address, type Hex } from "viem";
import type { z } from "zod";
import { db } from "@/lib/db";
import { ApiError, invalidRequest, notDeployed } from "@/lib/core/errors";
import { artifact } from "@/lib/chain/artifacts";
import { publicClient } from "@/lib/chain/network/clients";
import { networkFor } from "@/lib/chain/network/networks";
import { chainUnavailable, readChain } from "@/lib/chain/network/read";
import { isRevert, revertReason } from "@/lib/chain/records/revert";
import { writeOnce, type ChainWrite } from "@/lib/chain/intake";
import { findScoped, listScoped } from "@/lib/chain/intake/resource-rows";
import { serializeTransaction } from "@/lib/chain/records/serialize";
import type { OperationKind } from "@/lib/chain/registry/kinds";
import { actingFor } from "@/lib/connect/settings/wallet-mode";
import type { GovernanceInstance } from "@/lib/generated/prisma/client";
import type { CreateGovernanceInput, ListGovernanceQuery } from "@/lib/schemas/governance";
import { findToken } from "@/lib/tokens/lookup";
import { type Scope } from "@/lib/core/scope";
import { familyOf, type Standard } from "@/lib/tokens/standards";
import { GOVERNANCE_COLUMNS, governanceId, serializeGovernance } from "./records";
import type { GovernanceEffect } from "./effects";
import { watchVotingToken } from "./watch";

export const governorAbi = () => artifact("PlatformGovernor").abi as Abi;
export const timelockAbi = () => artifact("PlatformTimelock").abi as Abi;
/** ERC20Votes' reads and writes (IVotes, ERC-5805, ERC-6372): any IVotes token answers these. */
export const votesAbi = () => artifact("PlatformERC20Votes").abi as Abi;

/** The voting token: one of the tenant's deployed ERC-20s, or any contract on `network` that answers IVotes reads. */
async function votingToken(scope: Scope, input: z.output<typeof CreateGovernanceInput>) {
  let network: ReturnType<typeof networkFor>;
  let address: Address;
  let tokenId: string | null = null;
  if (input.token.startsWith("tok_")) {
    const token = await findToken(scope, input.token).catch(() => {
      throw invalidRequest("resource_missing", `No such token: '${input.token}'`, "token");
    });
    if (familyOf(token.standard as Standard) !== "ERC20" || token.standard === "ERC3643") {
      throw invalidRequest("unsupported_standard", `Token '${token.id}' is ${token.standard}: the voting token is an ERC20 deployed with features.votes.`, "token");
    }
    if (token.status !== "deployed" || !token.address) throw invalidRequest("token_not_deployed", `Token '${token.id}' is ${token.status}, not deployed.`, "token");
    if (input.network !== undefined) networkFor(input.network, scope.livemode); // an unknown name answers network_unknown, as everywhere
    if (input.network !== undefined && input.network !== token.network) {
      throw invalidRequest("parameter_invalid", `Invalid network: token '${token.id}' is on ${token.network}.`, "network");
    }
    network = networkFor(token.network, scope.livemode);
    address = getAddress(token.address);
    tokenId = token.id;
  } else {
    if (input.network === undefined) throw invalidRequest("parameter_missing", "Missing required parameter: network (needed with a token address)", "network");
    network = networkFor(input.network, scope.livemode);
    address = getAddress(input.token);
  }
  const code = await publicClient(network.name).getCode({ address }).catch(() => {
    throw chainUnavailable(network.name);
  });
  const clockMode = code && code !== "0x" ? await readChain<string | null>(network.name, address, votesAbi(), "CLOCK_MODE", [], { onRevert: () => null }) : null;
  const votes = clockMode !== null && (await readChain<bigint | null>(network.name, address, votesAbi(), "getVotes", [zeroAddress], { onRevert: () => null })) !== null;
  if (!votes) {
    throw invalidRequest(
      "token_not_votes",
      `${address} on ${network.name} is not an IVotes token (no clock(), CLOCK_MODE() and getVotes()): deploy one with POST /v1/tokens (standard ERC20, features.votes).`,
      "token",
    );
  }
  return { network, tokenId, address };
}

const insertSql = `INSERT INTO governance_instances (id, tenant_id, livemode, network, name, token_id, token_address, voting_delay, voting_period,
    proposal_threshold, quorum_numerator, min_delay, status, deploy_tx_id, last_tx_id, synced_block, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'deploying', $13, $13, $14, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
  RETURNING ${GOVERNANCE_COLUMNS}`;

export async function createGovernance(scope: Scope, input: z.output<typeof CreateGovernanceInput>) {
  const created = await writeOnce({
    async check() {
      const token = await votingToken(scope, input);
      const acting = await actingFor(scope, token.network.name);
      // Logs become events from the block after this one: nothing of this instance happened before it.
      const head = await publicClient(token.network.name).getBlockNumber({ cacheTime: 0 }).catch(() => {
        throw chainUnavailable(token.network.name);
      });
      return { token, acting, head };
    },
    async record(tx, { token, acting, head }) {
      const id = governanceId();
      const { idempotency_key: _, ...request } = input;
      const effect: GovernanceEffect = {
        governance: id,
        admin: acting.address,
        governor: {
          name: input.name, token: token.address, votingDelay: String(input.voting_delay), votingPeriod: String(input.voting_period),
          proposalThreshold: input.proposal_threshold, quorumNumerator: String(input.quorum_numerator),
        },
      };
      const tl = artifact("PlatformTimelock");
      const write = await tx.record({
        tenantId: scope.tenantId, livemode: scope.livemode, network: token.network.name, kind: "governance.deploy_timelock", tokenId: token.tokenId ?? undefined,
        data: encodeDeployData({ abi: tl.abi, bytecode: tl.bytecode, args: [BigInt(input.min_delay), [], [], acting.address] } as never),
        request: { ...request, governance: id }, effect: { ...effect },
      });
      const { rows } = await tx.client.query(insertSql, [
        id, scope.tenantId, scope.livemode, token.network.name, input.name, token.tokenId, token.address, String(input.voting_delay), String(input.voting_period),
        input.proposal_threshold, String(input.quorum_numerator), String(input.min_delay), write.id, head.toString(),
      ]);
      return serializeGovernance(rows[0] as GovernanceInstance);
    },
    find: async ([write]) => serializeGovernance(await db.governanceInstance.findFirstOrThrow({ where: { deployTxId: write.id } })),
  });
  // After the commit, and again when a retry resumes the request: the instance's events need the token watched.
  await watchVotingToken(created.network, created.token_address as Address);
  return created;
}

export const listGovernance = (scope: Scope, params: z.output<typeof ListGovernanceQuery>) => listScoped(db.governanceInstance, scope, params, serializeGovernance);

export const findGovernance = (scope: Scope, id: string) => findScoped(db.governanceInstance, scope, id, "governance instance");

export const getGovernance = async (scope: Scope, id: string) => serializeGovernance(await findGovernance(scope, id));

export type Deployed = GovernanceInstance & { governorAddress: Address; timelockAddress: Address; tokenAddress: Address };

/** An instance whose governor exists (while its timelock roles are still being set, reads work already). */
export async function deployedGovernance(scope: Scope, id: string): Promise<Deployed> {
  const row = await findGovernance(scope, id);
  if (!row.governorAddress || !row.timelockAddress) throw notDeployed("governance_not_deployed", "Governance instance", row, { ready: "'active'" });
  return row as Deployed;
}

/** Codes for the reverts a caller can act on; anything else is `transaction_would_revert` with the contract's reason. */
const REVERT_CODES: Record<string, string> = {
  GovernorUnexpectedProposalState: "proposal_state_invalid",
  GovernorNonexistentProposal: "resource_missing",
  GovernorAlreadyCastVote: "already_voted",
  GovernorInsufficientProposerVotes: "insufficient_votes",
  GovernorInvalidSignature: "signature_invalid",
  GovernorOnlyProposer: "not_proposer",
  GovernorOnlyExecutor: "governance_only",
  GovernorRestrictedProposer: "not_proposer",
  GovernorInvalidProposalLength: "parameter_invalid",
  GovernorInvalidVoteType: "parameter_invalid",
  VotesExpiredSignature: "signature_expired",
  InvalidAccountNonce: "nonce_invalid",
  ERC5805FutureLookup: "future_lookup",
};

export function revertError(error: unknown, param?: string): ApiError {
  const reason = revertReason(error);
  const name = reason.match(/^(\w+)\(/)?.[1] ?? "";
  return invalidRequest(REVERT_CODES[name] ?? "transaction_would_revert", `The call would revert: ${reason}.`, param);
}

/** Runs the call as the acting account; a revert is a 400 with the contract's reason (nothing recorded). */
export async function precheck(network: string, from: Address, to: Address, data: Hex, param?: string) {
  try {
    await publicClient(network).call({ account: from, to, data });
  } catch (error) {
    if (isRevert(error)) throw revertError(error, param);
    throw chainUnavailable(network);
  }
}

/** A governance chain write of this instance. */
export function governanceCall(scope: Scope, g: Deployed, kind: OperationKind, to: Address, data: Hex, request: Record<string, unknown>): ChainWrite {
  return { tenantId: scope.tenantId, livemode: scope.livemode, network: g.network, kind, tokenId: g.tokenId ?? undefined, to, data, request: { ...request, governance: g.id }, effect: { governance: g.id } };
}

/** Checks the call from the acting account, records it, and answers the transaction. */
export async function governanceWrite(scope: Scope, g: Deployed, kind: OperationKind, to: Address, data: Hex, request: Record<string, unknown>) {
  const { idempotency_key: _, ...shown } = request;
  return writeOnce({
    check: async () => precheck(g.network, (await actingFor(scope, g.network)).address, to, data),
    record: async (tx) => serializeTransaction(await tx.record(governanceCall(scope, g, kind, to, data, shown))),
    find: async ([write]) => serializeTransaction(write),
  });
}
