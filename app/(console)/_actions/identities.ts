"use server";
import "@/lib/composition"; // chain writes need the domains registered with lib/chain
import { revalidatePath } from "next/cache";
import { createIdentity } from "@/lib/trex/identities/service";
import { addClaim } from "@/lib/trex/identities/claims";
import { createModule, removeModule } from "@/lib/trex/compliance/service";
import { perform, submitForm } from "@/lib/console/actions";

const PAGE = "/identities";

/** Registers an investor's wallet with its country (an ONCHAINID deployed for it by the tenant's wallet). */
export async function registerIdentityAction(formData: FormData) {
  const state = await submitForm("registerIdentity", formData, (c, input) => createIdentity(c.scope, input));
  if (state.status === "ok") revalidatePath(PAGE);
  return state;
}

/** A claim about the investor, signed by the tenant's claim issuer. */
export async function addClaimAction(identityId: string, formData: FormData) {
  const state = await submitForm("addClaim", formData, (c, input) => addClaim(c.scope, identityId, input));
  if (state.status === "ok") revalidatePath(PAGE);
  return state;
}

/** A country allow/restrict module added to a token's compliance. */
export async function addCountryModuleAction(formData: FormData) {
  const state = await submitForm("addCountryModule", formData, (c, input) => createModule(c.scope, input));
  if (state.status === "ok") revalidatePath(PAGE);
  return state;
}

const AMOUNT_MODULE_FORMS = ["addMaxBalanceModule", "addSupplyLimitModule", "addTransferLimitModule"] as const;
export type AmountModuleForm = (typeof AMOUNT_MODULE_FORMS)[number];

/** A module whose parameter is an amount (maximum balance, supply limit, transfer limit over a window), typed in token units. */
export async function addAmountModuleAction(form: AmountModuleForm, formData: FormData) {
  if (!AMOUNT_MODULE_FORMS.includes(form)) return { status: "error" as const, message: "Unknown kind of module." };
  const state = await submitForm(form, formData, (c, input) => createModule(c.scope, input));
  if (state.status === "ok") revalidatePath(PAGE);
  return state;
}

/** Takes a module out of its token's compliance for good (compliance.removeModule). */
export async function removeModuleAction(id: string) {
  const state = await perform((c) => removeModule(c.scope, id, {}));
  if (state.status === "ok") revalidatePath(PAGE);
  return state;
}
