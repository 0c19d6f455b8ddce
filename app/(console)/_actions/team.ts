"use server";
import "@/lib/composition"; // the domains registered with the layers below before any action
// The Team page's actions (lib/team): invitations, role changes, removals, the member's own password. The roles
// that may do each are the forms' (lib/console/form-specs) and lib/team's own checks (owners for ownership).
import { revalidatePath } from "next/cache";
import { perform, submitForm } from "@/lib/console/actions";
import { memberOf } from "@/lib/console/session";
import { publicBaseUrl } from "@/lib/console/request";
import { createInvitation, revokeInvitation } from "@/lib/team/invitations";
import { changeRole, removeMember } from "@/lib/team/members";
import { changePassword } from "@/lib/team/password";
import { addPasskey, registrationOptions, relyingPartyOf, removePasskey } from "@/lib/team/passkeys";
import { invalidRequest } from "@/lib/core/errors";

const done = <S extends { status: string }>(state: S) => {
  if (state.status === "ok") revalidatePath("/team");
  return state;
};

/** Invites an e-mail; the answer carries the link (its token shown this once). */
export async function inviteMemberAction(formData: FormData) {
  return done(
    await submitForm("inviteMember", formData, async (c, input) => {
      const { token, ...invitation } = await createInvitation(memberOf(c), input);
      return { ...invitation, link: `${await publicBaseUrl()}/invite/${token}` };
    }),
  );
}

export async function revokeInvitationAction(id: string) {
  return done(await perform((c) => revokeInvitation(memberOf(c), id), "admin"));
}

export async function changeRoleAction(userId: string, formData: FormData) {
  return done(await submitForm("changeRole", formData, (c, input) => changeRole(memberOf(c), userId, input.role)));
}

export async function removeMemberAction(userId: string) {
  return done(await perform((c) => removeMember(memberOf(c), userId), "admin"));
}

/** The member's own password; the page then signs this browser in again with the new one (other sessions end). */
export async function changePasswordAction(formData: FormData) {
  return submitForm("changePassword", formData, (c, input) => changePassword(memberOf(c), input));
}

/** The options of the browser's passkey creation for the signed-in member (their own sign-in: any role). */
export async function passkeyOptionsAction() {
  return perform(async (c) => registrationOptions(memberOf(c), relyingPartyOf(await publicBaseUrl())), "viewer");
}

/** Stores the passkey the browser created, once its answer verifies against the options' challenge. */
export async function addPasskeyAction(formData: FormData) {
  return done(
    await submitForm("addPasskey", formData, async (c, input) => {
      let registration;
      try {
        registration = JSON.parse(input.registration);
      } catch {
        throw invalidRequest("parameter_invalid", "Invalid registration: not the browser's answer.", "registration");
      }
      return addPasskey(memberOf(c), relyingPartyOf(await publicBaseUrl()), registration, input.name);
    }),
  );
}

export async function removePasskeyAction(id: string) {
  return done(await perform((c) => removePasskey(memberOf(c), id), "viewer"));
}
