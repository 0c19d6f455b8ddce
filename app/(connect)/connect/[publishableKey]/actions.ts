"use server";
import "@/lib/composition"; // chain writes need the domains registered with lib/chain
// Server actions of the end-user page. Each one resolves the publishable key again (the browser holds no
// secret) and, past sign-in, the end-user session cookie; lib/connect/end-users/service.ts does the work.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import {
  authenticationOptions, cancelOperation, completeAuthentication, completeRegistration, operationStatus,
  prepareTransfer, registrationOptions, signWithPasskey, type EndUserContext,
} from "@/lib/connect/end-users/service";
import { unauthorized } from "@/lib/core/errors";
import { runPageAction, type Result } from "@/lib/connect/end-users/page-action";
import { endEndUserSession, readEndUserSession, startEndUserSession } from "@/lib/connect/end-users/session";

async function signedIn<T>(publishableKey: string, fn: (ctx: EndUserContext, accountId: string) => Promise<T>): Promise<Result<T>> {
  return runPageAction(publishableKey, async (ctx) => {
    const session = await readEndUserSession(ctx);
    if (!session) throw unauthorized("end_user_session_required", "Your session ended: sign in with your passkey again.");
    return fn(ctx, session.accountId);
  });
}

export async function beginRegistration(publishableKey: string) {
  return runPageAction(publishableKey, (ctx) => registrationOptions(ctx));
}

export async function finishRegistration(publishableKey: string, response: RegistrationResponseJSON) {
  return runPageAction(publishableKey, async (ctx) => {
    const { account, credentialId } = await completeRegistration(ctx, response);
    await startEndUserSession(ctx, account.id, credentialId);
    return { address: account.address };
  });
}

export async function beginSignIn(publishableKey: string) {
  return runPageAction(publishableKey, (ctx) => authenticationOptions(ctx));
}

export async function finishSignIn(publishableKey: string, response: AuthenticationResponseJSON) {
  return runPageAction(publishableKey, async (ctx) => {
    const { accountId, credentialId } = await completeAuthentication(ctx, response);
    await startEndUserSession(ctx, accountId, credentialId);
    return { accountId };
  });
}

export async function signOut(publishableKey: string) {
  return runPageAction(publishableKey, (ctx) => endEndUserSession(ctx));
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
