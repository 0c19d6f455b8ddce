"use server";
import "@/lib/composition"; // the domains registered with the layers below (chain writes, quotas) before any action
// The settings page's saves: each form is one group of PUT /v1/settings/* (validated with its API schema)
// for the signed-in tenant in the environment the page showed.
import { revalidatePath } from "next/cache";
import { serializeConnect, serializeCors, serializeOAuth, serializePasskeys, updateSettings, type ConnectSettingsValues } from "@/lib/connect/settings/service";
import type { Scope } from "@/lib/core/scope";
import { perform, submitForm } from "@/lib/console/actions";
import { assertEnvironment, ownerProofRequest } from "@/lib/console/settings";
import { parseEnvironment } from "@/lib/console/environment";

const saved = <S extends { status: string }>(state: S) => {
  if (state.status === "ok") revalidatePath("/settings");
  return state;
};

/** One group of settings (its form, validated with the group's API schema) saved and returned as that group's object. */
async function saveGroup<K extends "settingsCors" | "settingsOAuth" | "settingsPasskeys", R>(environment: string, kind: K, formData: FormData, serialize: (scope: Scope, s: ConnectSettingsValues) => R) {
  return saved(
    await submitForm(kind, formData, async (c, input) => {
      assertEnvironment(c, parseEnvironment(environment));
      return serialize(c.scope, await updateSettings(c.scope, input));
    }),
  );
}

export async function saveCorsAction(environment: string, formData: FormData) {
  return saveGroup(environment, "settingsCors", formData, serializeCors);
}

export async function saveOAuthAction(environment: string, formData: FormData) {
  return saveGroup(environment, "settingsOAuth", formData, serializeOAuth);
}

export async function savePasskeysAction(environment: string, formData: FormData) {
  return saveGroup(environment, "settingsPasskeys", formData, serializePasskeys);
}

/** Wallet mode and owner (the connect group): switching to connect carries the owner's signed proof. */
export async function saveWalletModeAction(environment: string, formData: FormData) {
  return saved(
    await submitForm("settingsConnect", formData, async (c, input) => {
      assertEnvironment(c, parseEnvironment(environment));
      const { wallet_mode, owner_signer, owner_signature, owner_signature_expires_at } = input;
      return serializeConnect(c.scope, await updateSettings(c.scope, { wallet_mode, owner_signer, owner_signature, owner_signature_expires_at }));
    }),
  );
}

/** Back to custodial: no proof needed (the custodial wallet is the platform's). */
export async function switchToCustodialAction(environment: string) {
  return saved(
    await perform(async (c) => {
      assertEnvironment(c, parseEnvironment(environment));
      return serializeConnect(c.scope, await updateSettings(c.scope, { wallet_mode: "custodial" }));
    }),
  );
}

/** The ConnectOwner message for the owner entered, to sign in a wallet; changes nothing. */
export async function prepareOwnerProofAction(environment: string, formData: FormData) {
  return submitForm("settingsOwner", formData, async (c, input) => {
    assertEnvironment(c, parseEnvironment(environment));
    return ownerProofRequest(c.scope, input.owner_signer);
  });
}
