"use server";
import "@/lib/composition"; // chain writes need the domains registered with lib/chain
import { revalidatePath } from "next/cache";
import { executeMultisigTx } from "@/lib/multisig/transactions";
import { perform } from "@/lib/console/actions";

/** Executes a proposal whose threshold is met on chain (on-chain approvals and the acting account: no off-chain signatures). */
export async function executeMultisigAction(id: string, txIndex: number) {
  const state = await perform((c) => executeMultisigTx(c.scope, id, txIndex, { signatures: "0x" }));
  if (state.status === "ok") revalidatePath(`/multisigs/${id}`);
  return state;
}
