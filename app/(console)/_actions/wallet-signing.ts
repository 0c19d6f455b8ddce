"use server";
// Signatures made in the member's browser wallet (wagmi): the typed data to sign, read on the server, and the
// signature back, checked there and kept (a Safe owner's signature) or relayed by the acting account (a
// governance ballot or delegation).
import "@/lib/composition"; // chain writes need the domains registered with lib/chain
import { revalidatePath } from "next/cache";
import { perform } from "@/lib/console/actions";
import { addWalletSignature, safeTxToSign } from "@/lib/multisig/wallet-signatures";
import { ballotToSign, delegateWithWallet, delegationToSign, voteWithWallet, walletVotingPower } from "@/lib/governance/wallet-signing";

const SUPPORTS = ["for", "against", "abstain"] as const;
type Support = (typeof SUPPORTS)[number];
const unknownVote = (support: string) => ({ status: "error" as const, message: `Unknown vote ${support}.` });

/** The SafeTx typed data of a pending Safe transaction, for an owner's wallet to sign. */
export async function safeTxToSignAction(id: string, txIndex: number) {
  return perform((c) => safeTxToSign(c.scope, id, txIndex));
}

/** Keeps an owner's wallet signature of a pending Safe transaction (refused unless it recovers to an owner over this transaction). */
export async function signMultisigAction(id: string, txIndex: number, signer: string, signature: string) {
  const state = await perform((c) => addWalletSignature(c.scope, id, txIndex, { signer, signature }));
  if (state.status === "ok") revalidatePath(`/multisigs/${id}`);
  return state;
}

/** A wallet's voting power on a governance instance's token. */
export async function walletPowerAction(id: string, address: string) {
  return perform((c) => walletVotingPower(c.scope, id, address), "viewer");
}

export async function ballotToSignAction(id: string, proposalId: string, voter: string, support: string) {
  if (!SUPPORTS.includes(support as Support)) return unknownVote(support);
  return perform((c) => ballotToSign(c.scope, id, proposalId, voter, support as Support));
}

/** castVoteBySig of the wallet's ballot, sent by the acting account. */
export async function voteWithWalletAction(id: string, proposalId: string, voter: string, support: string, signature: string) {
  if (!SUPPORTS.includes(support as Support)) return unknownVote(support);
  return perform((c) => voteWithWallet(c.scope, id, proposalId, { voter, support: support as Support, signature }));
}

export async function delegationToSignAction(id: string, delegator: string, delegatee: string) {
  return perform((c) => delegationToSign(c.scope, id, delegator, delegatee));
}

/** delegateBySig of the wallet's delegation, sent by the acting account. */
export async function delegateWithWalletAction(id: string, input: { delegator: string; delegatee: string; nonce: string; expiry: number; signature: string }) {
  return perform((c) => delegateWithWallet(c.scope, id, input));
}
