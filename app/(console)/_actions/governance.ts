"use server";
import "@/lib/composition"; // chain writes need the domains registered with lib/chain
import { revalidatePath } from "next/cache";
import { delegate, executeProposal, propose, queueProposal, vote } from "@/lib/governance/proposals";
import { createGovernance } from "@/lib/governance/service";
import { perform, submitForm } from "@/lib/console/actions";

/** A Governor + Timelock deployed from the tenant's acting account, as POST /v1/governance does. */
export async function createGovernanceAction(formData: FormData) {
  const state = await submitForm("createGovernance", formData, (c, input) => createGovernance(c.scope, input));
  if (state.status === "ok") revalidatePath("/governance");
  return state;
}

/** A one-call proposal from the tenant's acting account. */
export async function proposeAction(id: string, formData: FormData) {
  const state = await submitForm("propose", formData, (c, input) => propose(c.scope, id, input));
  if (state.status === "ok") revalidatePath("/governance");
  return state;
}

/** The acting account's voting power goes to `delegatee` (itself, to vote with it). */
export async function delegateAction(id: string, formData: FormData) {
  const state = await submitForm("delegate", formData, (c, input) => delegate(c.scope, id, input));
  if (state.status === "ok") revalidatePath("/governance");
  return state;
}

const SUPPORTS = ["for", "against", "abstain"] as const;

/** castVote from the acting account, as the API's vote endpoint sends it. */
export async function voteAction(id: string, proposalId: string, support: string) {
  if (!SUPPORTS.includes(support as (typeof SUPPORTS)[number])) return { status: "error" as const, message: `Unknown vote ${support}.` };
  return perform((c) => vote(c.scope, id, proposalId, { kind: "vote", support: support as (typeof SUPPORTS)[number] }));
}

export async function queueAction(id: string, proposalId: string) {
  return perform((c) => queueProposal(c.scope, id, proposalId));
}

export async function executeProposalAction(id: string, proposalId: string) {
  return perform((c) => executeProposal(c.scope, id, proposalId));
}
