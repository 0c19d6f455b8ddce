"use server";
import "@/lib/composition"; // the domains registered with the layers below (chain writes, quotas) before any action
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { createEndpoint, deleteEndpoint, rotateSecret, updateEndpoint } from "@/lib/webhooks/endpoints";
import { retryDelivery } from "@/lib/webhooks/deliveries";
import { resendDelivery } from "@/lib/webhooks/resend";
import { sendTestEvent } from "@/lib/console/test-event";
import { perform, submitForm } from "@/lib/console/actions";

export async function createWebhookAction(formData: FormData) {
  const state = await submitForm("createWebhook", formData, (c, input) => createEndpoint(c.scope, input));
  if (state.status === "ok") revalidatePath("/webhooks");
  return state;
}

export async function updateWebhookAction(id: string, formData: FormData) {
  const state = await submitForm("updateWebhook", formData, (c, input) => updateEndpoint(c.scope, id, input));
  if (state.status === "ok") revalidatePath(`/webhooks/${id}`);
  return state;
}

export async function setWebhookEnabledAction(id: string, enabled: boolean) {
  const state = await perform((c) => updateEndpoint(c.scope, id, { disabled: !enabled }));
  if (state.status === "ok") revalidatePath(`/webhooks/${id}`);
  return state;
}

export async function deleteWebhookAction(id: string) {
  const state = await perform((c) => deleteEndpoint(c.scope, id));
  if (state.status !== "ok") return state;
  revalidatePath("/webhooks");
  redirect("/webhooks");
}

export async function rotateWebhookSecretAction(id: string) {
  const state = await perform((c) => rotateSecret(c.scope, id));
  if (state.status === "ok") revalidatePath(`/webhooks/${id}`);
  return state;
}

export async function sendTestEventAction(id: string) {
  const state = await perform((c) => sendTestEvent(c.scope, id));
  if (state.status === "ok") revalidatePath(`/webhooks/${id}`);
  return state;
}

// "layout": the endpoint's page and the delivery's own page below it show the new attempt.
export async function retryDeliveryAction(endpointId: string, deliveryId: string) {
  const state = await perform((c) => retryDelivery(c.scope, endpointId, deliveryId));
  if (state.status === "ok") revalidatePath(`/webhooks/${endpointId}`, "layout");
  return state;
}

/** Sends a failed delivery's event again (same webhook-id) on a fresh retry schedule. */
export async function resendDeliveryAction(endpointId: string, deliveryId: string) {
  const state = await perform((c) => resendDelivery(c.scope, endpointId, deliveryId));
  if (state.status === "ok") revalidatePath(`/webhooks/${endpointId}`, "layout");
  return state;
}
