// The console's team forms (not API operations): invitations, role changes, joining a team, a password change.
import { z } from "zod";
import { ROLES } from "@/lib/core/roles";
import { singleLine } from "./common";
import { Password } from "./auth";

export const TeamRole = z.enum(ROLES);

export const InviteMemberInput = z.strictObject({ email: z.email().max(254), role: TeamRole });

export const ChangeRoleInput = z.strictObject({ role: TeamRole });

export const AcceptInvitationInput = z.strictObject({ full_name: singleLine(z.string().trim().min(1).max(200)), password: Password });

/** A passkey added to the member's sign-in: its name, and the browser's registration answer (JSON). */
export const AddPasskeyInput = z.strictObject({ name: singleLine(z.string().trim().min(1).max(100)), registration: z.string().min(2).max(20_000) });

export const ChangePasswordInput = z.strictObject({ current_password: z.string().min(1).max(128), new_password: Password });
