// A tenant's members have one role each. What each may do is written once here: the API wrapper, the console's
// actions and the Team page read it, and the README's "Teams and roles" repeats it (lib/team/readme.test.ts).
import { ApiError } from "./errors";

export const ROLES = ["owner", "admin", "developer", "viewer"] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { viewer: 0, developer: 1, admin: 2, owner: 3 };

export const isRole = (value: unknown): value is Role => typeof value === "string" && Object.hasOwn(RANK, value);

/** A stored role; anything unknown counts as the least one. */
export const asRole = (value: string): Role => (isRole(value) ? value : "viewer");

/** Whether `role` may do what needs `minimum` (each role may do everything the ones below it may). */
export const atLeast = (role: Role, minimum: Role) => RANK[role] >= RANK[minimum];

/** What each role may do, for the Team page and the README. */
export const ROLE_ABILITIES: Record<Role, string> = {
  owner: "Everything: billing (plan changes and payments), the team (invite, change roles, remove) including other owners and ownership, and everything an admin may do.",
  admin: "Everything but billing changes and ownership: invites and manages admins, developers and viewers, reads the audit log, and everything a developer may do.",
  developer: "Every write to tokens and modules, API keys, webhooks, and the settings and features of modules, and everything a viewer may do.",
  viewer: "Reads everything the console and the API show (API keys redacted) and changes only their own password.",
};

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", admin: "Admin", developer: "Developer", viewer: "Viewer" };

/** 403 `permission_denied`: the caller's role is below what the action needs. */
export const permissionDenied = (role: Role, minimum: Role) =>
  new ApiError(
    403,
    "permission_error",
    "permission_denied",
    `Your role (${role}) does not allow this: it needs the ${minimum} role${minimum === "owner" ? "" : " or higher"}. Ask an owner or admin of your team to change your role.`,
  );

/** Throws 403 `permission_denied` unless `role` is at least `minimum`. */
export function requireRole(role: Role, minimum: Role): void {
  if (!atLeast(role, minimum)) throw permissionDenied(role, minimum);
}
