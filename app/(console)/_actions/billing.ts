"use server";
import "@/lib/composition"; // the domains registered with the layers below (chain writes, quotas) before any action
// The billing page's actions: a crypto payment request (lib/billing/crypto/service, the same function as POST
// /v1/billing/crypto_checkout) and a card checkout (POST /v1/billing/checkout, called in-process).
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { runForm, errorState, type FormState } from "@/lib/console/forms";
import { actionContext, consoleActor } from "@/lib/console/session";
import { actingAs } from "@/lib/core/actor";
import { consoleApi } from "@/lib/api/console-calls";
import { CryptoCheckoutInput } from "@/lib/schemas/billing-payments";
import { consoleMessage } from "@/lib/console/wording";
import { createCryptoCheckout } from "@/lib/billing/crypto/service";

export async function cryptoCheckoutAction(formData: FormData): Promise<FormState<{ id: string }>> {
  let context;
  try {
    context = await actionContext("owner"); // billing changes are the owners'
  } catch (error) {
    return errorState(error);
  }
  const body = { plan: formData.get("plan"), currency: formData.get("currency"), network: formData.get("network") };
  const actor = await consoleActor(context);
  const state = await runForm(CryptoCheckoutInput, body, (input) => actingAs(actor, () => createCryptoCheckout(context.tenant.id, input)));
  if (state.status !== "ok" || !state.result) return state;
  revalidatePath("/billing");
  redirect(`/billing?payment=${encodeURIComponent(state.result.id)}`);
}

export async function cardCheckoutAction(plan: string): Promise<FormState<{ url?: string }>> {
  let url: string | undefined;
  try {
    const context = await actionContext("owner");
    const answer = await consoleApi<{ url?: string; error?: { message: string } }>(context, "POST", "/v1/billing/checkout", { plan });
    if (!answer) return { status: "error", message: "Card payments are not available on this deployment." };
    if (answer.status >= 400) {
      const error = answer.body?.error as { code?: string; message?: string } | undefined;
      return error?.message ? { status: "error", ...consoleMessage({ code: error.code ?? "", message: error.message }) } : { status: "error", message: "Card checkout is not available right now." };
    }
    url = answer.body?.url;
    if (!url) return { status: "error", message: "The payment processor gave no checkout page." };
  } catch (error) {
    return errorState(error);
  }
  redirect(url);
}
