"use server";
import "@/lib/composition"; // the domains registered with the layers below (chain writes, quotas) before any action
// Server actions of the page's "Sign in with Ethereum" section: a one-time nonce issued server-side, then
// the signed EIP-4361 message verified (lib/connect/end-users/siwe-page.ts) into the end-user session cookie.
import { runPageAction } from "@/lib/connect/end-users/page-action";
import { endEndUserSession } from "@/lib/connect/end-users/session";
import { completeSiwe, siweNonce } from "@/lib/connect/end-users/siwe-page";

export async function beginSiwe(publishableKey: string) {
  return runPageAction(publishableKey, (ctx) => siweNonce(ctx));
}

export async function finishSiwe(publishableKey: string, input: { message: string; signature: string }) {
  return runPageAction(publishableKey, (ctx) => completeSiwe(ctx, input));
}

export async function signOutWallet(publishableKey: string) {
  return runPageAction(publishableKey, (ctx) => endEndUserSession(ctx));
}
