"use server";
import "@/lib/composition"; // chain writes need the domains registered with lib/chain
import { revalidatePath } from "next/cache";
import { createVrfConsumer, createVrfRequest } from "@/lib/vrf/service";
import { submitForm } from "@/lib/console/actions";

export async function createVrfConsumerAction(formData: FormData) {
  const state = await submitForm("createVrfConsumer", formData, (c, input) => createVrfConsumer(c.scope, input));
  if (state.status === "ok") revalidatePath("/vrf");
  return state;
}

/** requestRandomWords from the consumer (its admin is the tenant's wallet); the words arrive with the fulfilment. */
export async function requestRandomnessAction(formData: FormData) {
  const state = await submitForm("vrfRequest", formData, (c, input) => createVrfRequest(c.scope, input));
  if (state.status === "ok") revalidatePath("/vrf");
  return state;
}
