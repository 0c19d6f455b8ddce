// Votes and delegations signed in a token holder's browser wallet (the console's "Vote with a browser wallet" and
// "Delegate with a browser wallet"): the EIP-712 data the wallet signs (OpenZeppelin 5.x Governor's Ballot in the
// governor's eip712Domain(); ERC20Votes' Delegation in the token's), checked to recover to that wallet here,
// then relayed on chain by the tenant's acting account through the same logic as the API's vote_by_sig and
// delegate_by_sig. The vote counts for the wallet's delegated power; the acting account only pays the gas.
import { parseAbiParameters, getAddress, isAddress, recoverTypedDataAddress, type Address, type Hex } from "viem";
import { invalidRequest } from "@/lib/core/errors";
import { publicClient } from "@/lib/chain/network/clients";
import { chainUnavailable, readChain } from "@/lib/chain/network/read";
import type { Scope } from "@/lib/core/scope";
import { delegateBySig, findProposal, proposalState, supportOf, vote, type Support } from "./proposals";
import { deployedGovernance, governorAbi, votesAbi, type Deployed } from "./service";

const BALLOT_TYPES = {
  Ballot: parseAbiParameters("uint256 proposalId, uint8 support, address voter, uint256 nonce"),
} as const;

const DELEGATION_TYPES = {
  Delegation: parseAbiParameters("address delegatee, uint256 nonce, uint256 expiry"),
} as const;

const addressParam = (value: string, param: string) => {
  if (!isAddress(value, { strict: false })) throw invalidRequest("parameter_invalid", `Invalid ${param}: not an address.`, param);
  return getAddress(value);
};

/** ERC-5267 eip712Domain() of the governor or the token: the domain its signatures are checked in. */
async function domainOf(g: Deployed, address: Address, abi: ReturnType<typeof governorAbi>) {
  const [, name, version, chainId, verifyingContract] = await readChain<readonly [Hex, string, string, bigint, Address]>(g.network, address, abi, "eip712Domain");
  return { name, version, chainId: Number(chainId), verifyingContract: getAddress(verifyingContract) };
}

const nonceOf = (g: Deployed, address: Address, abi: ReturnType<typeof governorAbi>, who: Address) => readChain<bigint>(g.network, address, abi, "nonces", [who]);

/** The Ballot a voter's wallet signs to vote `support` on a proposal (its nonce is the governor's nonces(voter) now). */
export async function ballotToSign(scope: Scope, id: string, proposalId: string, voterAddress: string, support: Support) {
  const voter = addressParam(voterAddress, "voter");
  const { g, row } = await findProposal(scope, id, proposalId);
  const pid = BigInt(row.proposalId);
  const state = await proposalState(g, pid);
  if (state !== "Active") throw invalidRequest("proposal_state_invalid", `Proposal ${proposalId} is ${state ?? "not on chain yet"}: votes are taken while it is Active.`, "proposalId");
  const governor = <T>(fn: string, args: readonly unknown[]) => readChain<T>(g.network, g.governorAddress, governorAbi(), fn, args, { onRevert: () => null as T });
  const [domain, nonce, voted, snapshot] = await Promise.all([
    domainOf(g, g.governorAddress, governorAbi()),
    nonceOf(g, g.governorAddress, governorAbi(), voter),
    governor<boolean | null>("hasVoted", [pid, voter]),
    governor<bigint | null>("proposalSnapshot", [pid]),
  ]);
  // Refused before the wallet is asked to sign: a second vote (the governor would revert) and a vote of no weight.
  if (voted) throw invalidRequest("already_voted", `${voter} has already voted on this proposal: a vote cannot be changed.`, "voter");
  if (snapshot !== null && snapshot > 0n) {
    const weight = await governor<bigint | null>("getVotes", [voter, snapshot]);
    if (weight === 0n) {
      throw invalidRequest(
        "no_voting_power",
        `${voter} had no voting power when this proposal's vote was set (timepoint ${snapshot}): tokens count once delegated before a proposal is made. Delegate with the wallet, then vote on the next proposal.`,
        "voter",
      );
    }
  }
  return { domain, types: BALLOT_TYPES, primaryType: "Ballot" as const, message: { proposalId: pid.toString(), support: supportOf(support), voter, nonce: nonce.toString() } };
}

/** Relays a wallet's signed ballot (castVoteBySig from the acting account) once it recovers to `voter` over this proposal's Ballot. */
export async function voteWithWallet(scope: Scope, id: string, proposalId: string, input: { voter: string; support: Support; signature: string }) {
  const data = await ballotToSign(scope, id, proposalId, input.voter, input.support);
  const signer = await recovered(data, input.signature);
  if (signer !== data.message.voter) {
    throw invalidRequest(
      "signature_mismatch",
      `This is not ${data.message.voter}'s ballot for proposal ${proposalId} (${input.support}, nonce ${data.message.nonce}): the signature was made by another account or over other data. Sign the ballot again.`,
      "signature",
    );
  }
  return vote(scope, id, proposalId, { kind: "vote_by_sig", support: input.support, voter: data.message.voter, signature: input.signature });
}

/** The Delegation a holder's wallet signs to give its voting power to `delegatee` (valid one hour from the chain's time). */
export async function delegationToSign(scope: Scope, id: string, delegatorAddress: string, delegateeAddress: string) {
  const delegator = addressParam(delegatorAddress, "delegator");
  const delegatee = addressParam(delegateeAddress, "delegatee");
  const g = await deployedGovernance(scope, id);
  const [domain, nonce, block] = await Promise.all([
    domainOf(g, g.tokenAddress, votesAbi()),
    nonceOf(g, g.tokenAddress, votesAbi(), delegator),
    publicClient(g.network).getBlock().catch(() => {
      throw chainUnavailable(g.network);
    }),
  ]);
  const expiry = Number(block.timestamp) + 3600;
  return { domain, types: DELEGATION_TYPES, primaryType: "Delegation" as const, message: { delegatee, nonce: nonce.toString(), expiry: String(expiry) }, delegator };
}

/** Relays a wallet's signed delegation (delegateBySig from the acting account) once it recovers to `delegator`. */
export async function delegateWithWallet(scope: Scope, id: string, input: { delegator: string; delegatee: string; nonce: string; expiry: number; signature: string }) {
  const data = await delegationToSign(scope, id, input.delegator, input.delegatee);
  const message = { ...data.message, nonce: input.nonce, expiry: String(input.expiry) };
  if (message.nonce !== data.message.nonce) {
    throw invalidRequest("nonce_invalid", `The delegation was signed with nonce ${input.nonce}, but ${data.delegator}'s nonce on the token is ${data.message.nonce}: sign it again.`, "nonce");
  }
  if ((await recovered({ ...data, message }, input.signature)) !== data.delegator) {
    throw invalidRequest("signature_mismatch", `This is not ${data.delegator}'s delegation to ${data.message.delegatee}: the signature was made by another account or over other data. Sign it again.`, "signature");
  }
  return delegateBySig(scope, id, { delegatee: data.message.delegatee, nonce: input.nonce, expiry: input.expiry, signature: input.signature });
}

/** A wallet's voting power on the instance's token: its votes now, its balance, and whom it delegates to (null: nobody). */
export async function walletVotingPower(scope: Scope, id: string, address: string) {
  const who = addressParam(address, "address");
  const g = await deployedGovernance(scope, id);
  const read = <T>(fn: string) => readChain<T>(g.network, g.tokenAddress, votesAbi(), fn, [who]);
  const [votes, balance, delegatee] = await Promise.all([read<bigint>("getVotes"), read<bigint>("balanceOf"), read<Address>("delegates")]);
  return { address: who, votes: votes.toString(), balance: balance.toString(), delegatee: /^0x0{40}$/.test(delegatee) ? null : getAddress(delegatee) };
}

async function recovered(data: { domain: object; types: object; primaryType: string; message: object }, signature: string): Promise<Address | null> {
  try {
    return await recoverTypedDataAddress({ ...data, signature: signature as Hex } as never);
  } catch {
    return null;
  }
}
