// The safety net of a Connect account (onchain-modules 4.1): two or more passkeys, or social recovery
// configured. Value operations are gated on it. Counted on chain, since only what the account can validate
// there saves it: the PasskeyValidator holds ONE key per account, so a second passkey row signs nothing and
// unlocks nothing; recovery counts once the RecoveryValidator is installed with guardians, not when they are
// only configured off chain (POST /v1/connect/recovery/configure).
import { decodeAbiParameters, decodeFunctionData, getAddress, hexToBigInt, isAddressEqual, parseAbi, slice, type Hex } from "viem";
import { invalidRequest } from "@/lib/core/errors";
import { publicClient } from "@/lib/chain/network/clients";
import { kernelAbi } from "@/lib/connect/accounts/kernel-artifacts";
import type { ConnectAccount } from "@/lib/generated/prisma/client";
import type { Scope } from "@/lib/core/scope";
import { connectBase } from "@/lib/connect/local/setup";
import { isDeployed, recoveryActiveOnChain } from "@/lib/connect/recovery/config";
import { findAccount } from "@/lib/connect/accounts/service";

export const SAFETY_NET_MIN_PASSKEYS = 2;

const passkeyValidatorAbi = parseAbi(["function keyOf(address account) view returns (bytes32 x, bytes32 y, bool requireUV)"]);
const ZERO32: Hex = `0x${"00".repeat(32)}`;

/** The passkey key in the account's init data, when its root validator is the PasskeyValidator (null otherwise). */
function initDataPasskey(account: ConnectAccount, validator: Hex): { x: Hex; y: Hex } | null {
  try {
    const { functionName, args } = decodeFunctionData({ abi: kernelAbi, data: account.initData as Hex });
    if (functionName !== "initialize") return null;
    const [root, , validatorData] = args;
    if (!isAddressEqual(getAddress(slice(root, 1, 21)), getAddress(validator))) return null;
    const [x, y] = decodeAbiParameters([{ type: "bytes32" }, { type: "bytes32" }, { type: "bool" }], validatorData);
    return { x, y };
  } catch {
    return null;
  }
}

/**
 * How many passkeys can sign for the account on chain: the PasskeyValidator's one key for it, when that
 * validator is installed (0 or 1). Before deployment, the key of the init data the address commits to.
 */
export async function passkeysOnChain(account: ConnectAccount): Promise<number> {
  const validator = getAddress(connectBase().passkeyValidator);
  if (!(await isDeployed(account))) return initDataPasskey(account, validator) ? 1 : 0;
  const client = publicClient(account.network);
  const address = getAddress(account.address);
  const installed = await client
    .readContract({ address, abi: kernelAbi, functionName: "isModuleInstalled", args: [1n, validator, "0x"] })
    .catch(() => false);
  if (!installed) return 0;
  const [x, y] = await client.readContract({ address: validator, abi: passkeyValidatorAbi, functionName: "keyOf", args: [address] });
  return x === ZERO32 && y === ZERO32 ? 0 : 1;
}

export async function safetyNet(scope: Scope, address: string, chainId: string) {
  const account = await findAccount(scope, address, chainId);
  const [passkeys, recovery] = await Promise.all([passkeysOnChain(account), recoveryActiveOnChain(account)]);
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
