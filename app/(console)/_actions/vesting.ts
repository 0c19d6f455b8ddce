"use server";
import "@/lib/composition"; // chain writes need the domains registered with lib/chain
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { perform, submitForm } from "@/lib/console/actions";
import { createVesting, releaseVesting } from "@/lib/vesting/service";

export async function createVestingAction(formData: FormData) {
  const state = await submitForm("createVesting", formData, (c, input) => createVesting(c.scope, input));
  if (state.status === "ok") redirect(`/vesting/${state.result!.id}`);
  return state;
}

export async function releaseVestingAction(id: string) {
  const state = await perform((c) => releaseVesting(c.scope, id));
  if (state.status === "ok") revalidatePath(`/vesting/${id}`);
  return state;
}
