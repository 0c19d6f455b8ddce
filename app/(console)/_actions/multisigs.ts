"use server";
import "@/lib/composition"; // chain writes need the domains registered with lib/chain
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { createMultisig, findMultisig } from "@/lib/multisig/service";
import { confirmMultisigTx, submitMultisigTx } from "@/lib/multisig/transactions";
import { executeWithWalletSignatures } from "@/lib/multisig/wallet-signatures";
import { actingFor } from "@/lib/connect/settings/wallet-mode";
import { perform, submitForm } from "@/lib/console/actions";

/** Deploys a Safe from the tenant's acting account; its page follows the deployment. */
export async function createMultisigAction(formData: FormData) {
  const state = await submitForm("createMultisig", formData, (c, input) => createMultisig(c.scope, input));
  if (state.status === "ok") redirect(`/multisigs/${state.result!.id}`);
  return state;
}

/** Stores a proposal (value typed in the native coin); nothing is sent until it is executed. */
export async function proposeMultisigAction(id: string, formData: FormData) {
  const state = await submitForm("proposeMultisig", formData, (c, input) => submitMultisigTx(c.scope, id, input));
  if (state.status === "ok") revalidatePath(`/multisigs/${id}`);
  return state;
}

/** The acting account approves the proposal's hash on chain (approveHash), when it is an owner. */
export async function confirmMultisigAction(id: string, txIndex: number) {
  const state = await perform(async (c) => {
    const acting = await actingFor(c.scope, (await findMultisig(c.scope, id)).network);
    return confirmMultisigTx(c.scope, id, txIndex, { signer_address: acting.address });
  });
  if (state.status === "ok") revalidatePath(`/multisigs/${id}`);
  return state;
}

/** Executes a proposal whose threshold is met: on-chain approvals, the acting account, and the owners' wallet signatures kept for it. */
export async function executeMultisigAction(id: string, txIndex: number) {
  const state = await perform((c) => executeWithWalletSignatures(c.scope, id, txIndex));
  if (state.status === "ok") revalidatePath(`/multisigs/${id}`);
  return state;
}
