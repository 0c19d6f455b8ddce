// The safety net of a Connect account (onchain-modules 4.1): two or more passkeys, or social recovery
// configured. Value operations are gated on it.
// Recovery counts once guardians are configured (POST /v1/connect/recovery/configure, lib/connect/recovery-config.ts).
import { decodeAbiParameters, decodeFunctionData, getAddress, hexToBigInt, slice, type Hex } from "viem";
import { invalidRequest } from "@/lib/api/errors";
import { kernelAbi } from "./kernel-artifacts";
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

/** Native value a Kernel `execute` moves (one call packed, or a batch); 0 for anything else. */
export function nativeValueOf(callData: Hex): bigint {
  try {
    const { functionName, args } = decodeFunctionData({ abi: kernelAbi, data: callData });
    if (functionName !== "execute") return 0n;
    const [mode, execution] = args as [Hex, Hex];
    if (mode.slice(2, 4) === "00") return execution.length >= 2 + 52 * 2 ? hexToBigInt(slice(execution, 20, 52)) : 0n;
    const [calls] = decodeAbiParameters([{ type: "tuple[]", components: [{ type: "address" }, { type: "uint256" }, { type: "bytes" }] }], execution);
    return (calls as readonly (readonly [string, bigint, Hex])[]).reduce((sum, call) => sum + call[1], 0n);
  } catch {
    return 0n; // not a call the account would execute as a transfer of value
  }
}

/**
 * A passkey-owned account moves native value only with a safety net: one lost device must not strand the
 * funds it sends from. Operations that move none (token calls, module changes, recovery) always go.
 */
export async function requireSafetyNet(scope: Scope, account: ConnectAccount, callData: Hex) {
  if (account.validator !== "passkey" || nativeValueOf(callData) === 0n) return;
  const net = await safetyNet(scope, account.address, account.chainId);
  if (net.has_safety_net) return;
  throw invalidRequest(
    "safety_net_required",
    `This operation sends native value from an account with ${net.passkeys} passkey(s) and no recovery: add a second passkey (POST /v1/connect/passkeys) or configure recovery (POST /v1/connect/recovery/configure) first.`,
    "callData",
  );
}
