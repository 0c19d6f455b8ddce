// The safety net of a Connect account (onchain-modules 4.1): two or more passkeys, or social recovery
// configured. Value operations are gated on it.
// Recovery counts once guardians are configured (POST /v1/connect/recovery/configure, lib/connect/recovery-config.ts).
import { getAddress } from "viem";
import type { ConnectAccount } from "@/lib/generated/prisma/client";
import type { Scope } from "@/lib/tokens/scope";
import { countPasskeys } from "./passkeys";
import { hasRecoveryConfigured } from "./recovery-config";
import { findConnectAccount } from "./sessions-token";

export const SAFETY_NET_MIN_PASSKEYS = 2;

async function recoveryConfigured(_scope: Scope, account: ConnectAccount): Promise<boolean> {
  return hasRecoveryConfigured(account);
}

export async function safetyNet(scope: Scope, address: string, chainId: string) {
  const account = await findConnectAccount(scope, address, chainId);
  const [passkeys, recovery] = await Promise.all([countPasskeys(scope, account.id), recoveryConfigured(scope, account)]);
  return {
    object: "safety_net" as const,
    address: getAddress(account.address),
    chain_id: account.chainId,
    has_safety_net: passkeys >= SAFETY_NET_MIN_PASSKEYS || recovery,
    passkeys,
    recovery_configured: recovery,
  };
}
