"use server";
import "@/lib/composition"; // chain reads and writes go through lib/chain, which needs the domains registered
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { submitForm } from "@/lib/console/actions";
import { createVault, deposit, preview, redeem, withdraw } from "@/lib/vaults/service";

export async function createVaultAction(formData: FormData) {
  const state = await submitForm("createVault", formData, (c, input) => createVault(c.scope, input));
  if (state.status === "ok") redirect(`/vaults/${state.result!.id}`);
  return state;
}

/** The vault page's preview box: ERC-4626 preview* of an amount (typed in units) for an action, read on chain. */
export async function vaultPreviewAction(id: string, formData: FormData) {
  formData.set("vault", id); // whose decimals convert the amount
  return submitForm("vaultPreview", formData, (c, input) => preview(c.scope, id, input));
}

const operations = {
  deposit: (id: string, formData: FormData) => submitForm("vaultDeposit", formData, (c, input) => deposit(c.scope, id, input)),
  withdraw: (id: string, formData: FormData) => submitForm("vaultWithdraw", formData, (c, input) => withdraw(c.scope, id, input)),
  redeem: (id: string, formData: FormData) => submitForm("vaultRedeem", formData, (c, input) => redeem(c.scope, id, input)),
};

export async function vaultOperationAction(operation: string, id: string, formData: FormData) {
  if (!Object.hasOwn(operations, operation)) return { status: "error" as const, message: `Unknown operation ${operation}.` };
  formData.set("vault", id);
  const state = await operations[operation as keyof typeof operations](id, formData);
  if (state.status === "ok") revalidatePath(`/vaults/${id}`);
  return state;
}
