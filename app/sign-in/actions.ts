"use server";
// The second step of signing in for a member with passkeys: the password is checked again (with the same per-IP
// slot as a sign-in) and the browser gets the challenge its passkey signs.
import { headers } from "next/headers";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { checkPassword } from "@/lib/auth/service";
import { LoginInput } from "@/lib/schemas/auth";
import { errorState, type FormState } from "@/lib/console/forms";
import { takeAuthSlot } from "@/lib/console/rate-limit";
import { baseUrlFrom } from "@/lib/console/request";
import { relyingPartyOf, signInOptions } from "@/lib/team/passkeys";

export async function passkeyChallengeAction(email: string, password: string): Promise<FormState<PublicKeyCredentialRequestOptionsJSON>> {
  const h = await headers();
  try {
    await takeAuthSlot(h);
    const user = await checkPassword(LoginInput.parse({ email, password }));
    const options = await signInOptions(user.id, relyingPartyOf(baseUrlFrom((name) => h.get(name))));
    return options ? { status: "ok", result: options } : { status: "error", message: "This account has no passkey: sign in with your password." };
  } catch (error) {
    return errorState(error);
  }
}
