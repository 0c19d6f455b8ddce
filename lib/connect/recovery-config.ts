// Whether a Connect account has social recovery configured (guardians in the off-chain registry of
// lib/connect/recovery.ts). Kept apart, on the database alone, so the safety net (and any gate built on it)
// imports no user-operation code.
import { db } from "@/lib/db";
import type { ConnectAccount } from "@/lib/generated/prisma/client";

export async function hasRecoveryConfigured(account: Pick<ConnectAccount, "id">): Promise<boolean> {
  return (await db.connectRecoveryConfig.count({ where: { accountId: account.id } })) > 0;
}
