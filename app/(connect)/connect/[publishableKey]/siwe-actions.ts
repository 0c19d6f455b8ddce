"use server";
import "@/lib/composition"; // the domains registered with the layers below (chain writes, quotas) before any action
// Server actions of the page's "Sign in with Ethereum" section: a one-time nonce issued server-side, then
// the signed EIP-4361 message verified (lib/connect/end-users/siwe-page.ts) into the end-user session cookie.
import { endUserContext, userMessage, type EndUserContext } from "@/lib/connect/end-users/service";
import { takeConnectPageSlot } from "@/lib/connect/end-users/limits";
import { endEndUserSession } from "@/lib/connect/end-users/session";
import { completeSiwe, siweNonce } from "@/lib/connect/end-users/siwe-page";
import type { Result } from "./actions";

async function run<T>(publishableKey: string, fn: (ctx: EndUserContext) => Promise<T>): Promise<Result<T>> {
  try {
    const slot = await takeConnectPageSlot(publishableKey);
    if (!slot.allowed) return { ok: false, error: slot.message };
    const ctx = await endUserContext(publishableKey);
    if (!ctx) return { ok: false, error: "This page's application key is unknown or revoked." };
    return { ok: true, value: await fn(ctx) };
  } catch (error) {
    return { ok: false, error: userMessage(error) };
  }
}

export async function beginSiwe(publishableKey: string) {
  return run(publishableKey, (ctx) => siweNonce(ctx));
}

export async function finishSiwe(publishableKey: string, input: { message: string; signature: string }) {
  return run(publishableKey, (ctx) => completeSiwe(ctx, input));
}

export async function signOutWallet(publishableKey: string) {
  return run(publishableKey, (ctx) => endEndUserSession(ctx));
}
