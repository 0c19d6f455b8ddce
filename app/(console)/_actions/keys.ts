"use server";
import "@/lib/composition"; // the domains registered with the layers below (chain writes, quotas) before any action
import { revalidatePath } from "next/cache";
import { createApiKey, revokeApiKey, rotateApiKey } from "@/lib/api-keys/service";
import { perform, submitForm } from "@/lib/console/actions";

export async function createKeyAction(formData: FormData) {
  const state = await submitForm("createKey", formData, (c, input) => createApiKey(c.tenant.id, input));
  if (state.status === "ok") revalidatePath("/", "layout");
  return state;
}

export async function rotateKeyAction(id: string, formData: FormData) {
  const state = await submitForm("rotateKey", formData, (c, input) => rotateApiKey(c.tenant.id, id, input));
  if (state.status === "ok") revalidatePath("/keys");
  return state;
}

export async function revokeKeyAction(id: string) {
  const state = await perform((c) => revokeApiKey(c.tenant.id, id));
  if (state.status === "ok") revalidatePath("/", "layout");
  return state;
}
