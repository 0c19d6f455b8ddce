// What the chain says about an account's social recovery: whether our RecoveryValidator is installed on it in
// both roles (validator, and delegatecall fallback for initiateRecovery and doRecovery) with a guardian set. Kept apart,
// on chain reads alone, so the safety net (and any gate built on it) imports no user-operation code.
import { getAddress, parseAbi, toFunctionSelector, type Hex } from "viem";
import { publicClient } from "@/lib/chain/network/clients";
import type { ConnectAccount } from "@/lib/generated/prisma/client";
import { kernelAbi } from "@/lib/connect/accounts/kernel-artifacts";
import { connectBase } from "@/lib/connect/local/setup";

export const DO_RECOVERY_SELECTOR: Hex = toFunctionSelector("doRecovery(address,bytes)");
export const INITIATE_RECOVERY_SELECTOR: Hex = toFunctionSelector("initiateRecovery(address,bytes)");
const thresholdAbi = parseAbi(["function thresholdOf(address account) view returns (uint256)"]);

export const recoveryValidatorAddress = () => getAddress(connectBase().recoveryValidator);

/** Whether the account has code (an undeployed account has no module installed). */
export async function isDeployed(account: Pick<ConnectAccount, "address" | "network">) {
  const code = await publicClient(account.network).getCode({ address: getAddress(account.address) });
  return Boolean(code && code !== "0x");
}

/** The RecoveryValidator is installed as validator and as the fallback of both recovery phases (read from chain). */
export async function recoveryInstalled(account: Pick<ConnectAccount, "address" | "network">): Promise<boolean> {
  if (!(await isDeployed(account))) return false;
  const client = publicClient(account.network);
  const installed = (moduleType: bigint, context: Hex) =>
    client
      .readContract({ address: getAddress(account.address), abi: kernelAbi, functionName: "isModuleInstalled", args: [moduleType, recoveryValidatorAddress(), context] })
      .catch(() => false);
  const all = await Promise.all([installed(1n, "0x"), installed(3n, INITIATE_RECOVERY_SELECTOR), installed(3n, DO_RECOVERY_SELECTOR)]);
  return all.every(Boolean);
}

/** Installed and holding guardians for this account: recovery the chain would actually run. */
export async function recoveryActiveOnChain(account: Pick<ConnectAccount, "address" | "network">): Promise<boolean> {
  if (!(await recoveryInstalled(account))) return false;
  const threshold = await publicClient(account.network).readContract({
    address: recoveryValidatorAddress(), abi: thresholdAbi, functionName: "thresholdOf", args: [getAddress(account.address)],
  });
  return threshold > 0n;
}
