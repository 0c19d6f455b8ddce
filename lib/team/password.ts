// A member changes their own password: the current one is required, and every other session ends (refresh tokens
// revoked; console sessions and access tokens begun before now fail at their next request: users.sessions_valid_after).
import { db } from "@/lib/db";
import { invalidRequest } from "@/lib/core/errors";
import { audit } from "@/lib/observability/audit";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import type { Member } from "./members";

export async function changePassword(member: Member, input: { current_password: string; new_password: string }) {
  const user = await db.user.findUniqueOrThrow({ where: { id: member.userId } });
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw invalidRequest("incorrect_password", "The current password is not correct.", "current_password");
  }
  if (input.current_password === input.new_password) throw invalidRequest("password_unchanged", "The new password must differ from the current one.", "new_password");
  const passwordHash = await hashPassword(input.new_password);
  const now = new Date();
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash, sessionsValidAfter: now } });
    await tx.refreshToken.updateMany({ where: { userId: user.id, revokedAt: null }, data: { revokedAt: now } });
    await audit(member.tenantId, "user.password_changed", { target: user.id, detail: { email: user.email } }, tx);
  });
  return { object: "user" as const, id: user.id, sessions_valid_after: Math.floor(now.getTime() / 1000) };
}
