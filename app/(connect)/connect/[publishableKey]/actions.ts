"use server";
import "@/lib/composition"; // chain writes need the domains registered with lib/chain
// Server actions of the end-user page. Each one resolves the publishable key again (the browser holds no
// secret) and, past sign-in, the end-user session cookie; lib/connect/end-users/service.ts does the work.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import {
  authenticationOptions, cancelOperation, completeAuthentication, completeRegistration, endUserContext, operationStatus,
  prepareTransfer, registrationOptions, signWithPasskey, userMessage, type EndUserContext,
} from "@/lib/connect/end-users/service";
import { unauthorized } from "@/lib/core/errors";
import { takeConnectPageSlot } from "@/lib/connect/end-users/limits";
import { endEndUserSession, readEndUserSession, startEndUserSession } from "@/lib/connect/end-users/session";

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

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

async function signedIn<T>(publishableKey: string, fn: (ctx: EndUserContext, accountId: string) => Promise<T>): Promise<Result<T>> {
  return run(publishableKey, async (ctx) => {
    const session = await readEndUserSession(ctx);
    if (!session) throw unauthorized("end_user_session_required", "Your session ended: sign in with your passkey again.");
    return fn(ctx, session.accountId);
  });
}

export async function beginRegistration(publishableKey: string) {
  return run(publishableKey, (ctx) => registrationOptions(ctx));
}

export async function finishRegistration(publishableKey: string, response: RegistrationResponseJSON) {
  return run(publishableKey, async (ctx) => {
    const { account, credentialId } = await completeRegistration(ctx, response);
    await startEndUserSession(ctx, account.id, credentialId);
    return { address: account.address };
  });
}

export async function beginSignIn(publishableKey: string) {
  return run(publishableKey, (ctx) => authenticationOptions(ctx));
}

export async function finishSignIn(publishableKey: string, response: AuthenticationResponseJSON) {
  return run(publishableKey, async (ctx) => {
    const { accountId, credentialId } = await completeAuthentication(ctx, response);
    await startEndUserSession(ctx, accountId, credentialId);
    return { accountId };
  });
}

export async function signOut(publishableKey: string) {
  return run(publishableKey, (ctx) => endEndUserSession(ctx));
}

export async function createTransfer(publishableKey: string, input: { token: string; to: string; amount: string }) {
  return signedIn(publishableKey, (ctx, accountId) => prepareTransfer(ctx, accountId, input));
}

export async function signOperation(publishableKey: string, userOpHash: string, signature: string) {
  return signedIn(publishableKey, (ctx, accountId) => signWithPasskey(ctx, accountId, userOpHash, signature));
}

export async function cancelPending(publishableKey: string, userOpHash: string) {
  return signedIn(publishableKey, (ctx, accountId) => cancelOperation(ctx, accountId, userOpHash));
}

export async function checkOperation(publishableKey: string, userOpHash: string) {
  return signedIn(publishableKey, (ctx, accountId) => operationStatus(ctx, accountId, userOpHash));
}
