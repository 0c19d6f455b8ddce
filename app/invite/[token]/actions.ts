"use server";
// Joining a team from an invitation link: the same per-IP limit as signing up, the invitation's token from the link.
import { headers } from "next/headers";
import { acceptInvitation } from "@/lib/team/invitations";
import { AcceptInvitationInput } from "@/lib/schemas/team";
import { errorState, runForm, type FormState } from "@/lib/console/forms";
import { formBody } from "@/lib/console/form-specs";
import { ipOf, takeAuthSlot } from "@/lib/console/rate-limit";

export async function acceptInvitationAction(token: string, formData: FormData): Promise<FormState<{ email: string }>> {
  const h = await headers();
  try {
    await takeAuthSlot(h);
  } catch (error) {
    return errorState(error);
  }
  return runForm(AcceptInvitationInput, formBody("acceptInvitation", formData.entries()), (input) => acceptInvitation(token, input, ipOf(h)));
}
