"use server";
import "@/lib/composition"; // chain writes need the domains registered with lib/chain
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { createToken } from "@/lib/tokens/service";
import { burn, mint, pause, transfer, unpause } from "@/lib/tokens/operations";
import { balanceOf } from "@/lib/tokens/reads";
import { grantRole, revokeRole } from "@/lib/tokens/roles";
import { perform, submitForm } from "@/lib/console/actions";
import { forceTransfer, setFrozen } from "@/lib/trex/controls/service";
import { refuseUncompliant } from "@/lib/console/compliance";

export async function createTokenAction(formData: FormData) {
  const state = await submitForm("createToken", formData, (c, input) => createToken(c.scope, input));
  if (state.status === "ok") redirect(`/tokens/${state.result!.id}`);
  return state;
}

// A regulated token's mint or transfer that its compliance would refuse is said first, with the limit in units.
const operations = {
  mint: (formData: FormData, id: string) =>
    submitForm("mint", formData, async (c, input) => {
      await refuseUncompliant(c.scope, id, "mint", input.to, input.amount);
      return mint(c.scope, id, input);
    }),
  transfer: (formData: FormData, id: string) =>
    submitForm("transfer", formData, async (c, input) => {
      await refuseUncompliant(c.scope, id, "transfer", input.to, input.amount);
      return transfer(c.scope, id, input);
    }),
  burn: (formData: FormData, id: string) => submitForm("burn", formData, (c, input) => burn(c.scope, id, input)),
};

export async function tokenOperationAction(operation: string, id: string, formData: FormData) {
  if (!Object.hasOwn(operations, operation)) return { status: "error" as const, message: `Unknown operation ${operation}.` };
  formData.set("token", id); // whose decimals convert the amount
  const state = await operations[operation as keyof typeof operations](formData, id);
  if (state.status === "ok") revalidatePath(`/tokens/${id}`);
  return state;
}

export async function balanceAction(id: string, formData: FormData) {
  return submitForm("balance", formData, (c, input) => balanceOf(c.scope, id, input.address, input.nft_token_id));
}

export async function roleAction(change: string, id: string, formData: FormData) {
  const state = await submitForm("role", formData, (c, input) => (change === "revoke" ? revokeRole : grantRole)(c.scope, id, input));
  if (state.status === "ok") revalidatePath(`/tokens/${id}`);
  return state;
}

export async function freezeAction(id: string, frozen: boolean, formData: FormData) {
  const state = await submitForm("freeze", formData, (c, input) => setFrozen(c.scope, id, input, frozen));
  if (state.status === "ok") revalidatePath(`/tokens/${id}`);
  return state;
}

export async function forceTransferAction(id: string, formData: FormData) {
  formData.set("token", id);
  const state = await submitForm("forceTransfer", formData, (c, input) => forceTransfer(c.scope, id, input));
  if (state.status === "ok") revalidatePath(`/tokens/${id}`);
  return state;
}

/** Pauses (or resumes) the token's transfers: one transaction from the wallet, which the page follows. */
export async function pauseAction(id: string, paused: boolean) {
  const state = await perform((c) => (paused ? pause : unpause)(c.scope, id, {}));
  if (state.status === "ok") revalidatePath(`/tokens/${id}`);
  return state;
}
