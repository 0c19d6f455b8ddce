// The RecoveryValidator on chain (./service is the off-chain side): its ABI, the self-calls that install it on an
// account, and the reads a recovery request needs (the pending recovery, the chain's clock).
import { concatHex, encodeAbiParameters, encodeFunctionData, getAddress, keccak256, parseAbi, type Address, type Hex } from "viem";
import { publicClient } from "@/lib/chain/network/clients";
import type { ConnectAccount, ConnectRecoveryRequest } from "@/lib/generated/prisma/client";
import { kernelAbi } from "@/lib/connect/accounts/kernel-artifacts";
import { NO_HOOK } from "@/lib/connect/accounts/modules";
import type { Call } from "@/lib/connect/user-ops/prepare";
import { DO_RECOVERY_SELECTOR, INITIATE_RECOVERY_SELECTOR, recoveryInstalled, recoveryValidatorAddress } from "@/lib/connect/recovery/config";

export const recoveryAbi = parseAbi([
  "function initiateRecovery(address validator, bytes data) payable",
  "function doRecovery(address validator, bytes data) payable",
  "function setGuardians(address[] guardians, uint256 threshold, uint256 delay)",
  "function cancelRecovery(address account)",
  "function pendingRecovery(address account) view returns (bytes32 recoveryHash, uint256 executableAt)",
  "event RecoveryInitiated(address indexed account, address indexed validator, bytes data, uint256 executableAt)",
  "event RecoveryExecuted(address indexed account, address indexed validator)",
]);
export const ecdsaAbi = parseAbi(["function ownerOf(address account) view returns (address)"]);
export const userOperationEvent = parseAbi([
  "event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)",
]);

/** ERC-7579 call type of a delegatecall fallback. */
const CALLTYPE_DELEGATECALL: Hex = "0xff";
const bytes3 = [{ type: "bytes" }, { type: "bytes" }, { type: "bytes" }] as const;
const bytes2 = [{ type: "bytes" }, { type: "bytes" }] as const;

export const recoveryValidator = recoveryValidatorAddress;
export const validationId = (validator: Address) => concatHex(["0x01", validator]).toLowerCase();

/**
 * The four self-calls that install the RecoveryValidator: as validator once per allowed selector (Kernel v3.1
 * grants one selector per install; the second install re-runs onInstall with the same data), then as the
 * delegatecall fallback of each. Install data: guardians, threshold and the on-chain delay.
 */
export function recoveryInstallCalls(account: Address, guardians: Address[], threshold: number, delaySeconds: number): Call[] {
  const module = recoveryValidator();
  const guardianData = encodeAbiParameters([{ type: "address[]" }, { type: "uint256" }, { type: "uint256" }], [guardians, BigInt(threshold), BigInt(delaySeconds)]);
  const selectors = [INITIATE_RECOVERY_SELECTOR, DO_RECOVERY_SELECTOR];
  const validators = selectors.map((selector) =>
    encodeFunctionData({ abi: kernelAbi, functionName: "installModule", args: [1n, module, concatHex([NO_HOOK, encodeAbiParameters(bytes3, [guardianData, "0x", selector])])] }),
  );
  // Fallback: selector ++ hook (zero: Kernel then lets only the EntryPoint call it) ++ abi.encode(callType, hookData).
  const fallbacks = selectors.map((selector) =>
    encodeFunctionData({
      abi: kernelAbi,
      functionName: "installModule",
      args: [3n, module, concatHex([selector, `0x${"00".repeat(20)}`, encodeAbiParameters(bytes2, [CALLTYPE_DELEGATECALL, "0x"])])],
    }),
  );
  return [...validators, ...fallbacks].map((data) => ({ to: account, data }));
}

export const installedOnChain = recoveryInstalled;
const ZERO32: Hex = `0x${"00".repeat(32)}`;

/** What the RecoveryValidator records for a recovery: keccak256(abi.encode(validator, keccak256(data))). */
export const recoveryHashOf = (r: ConnectRecoveryRequest) =>
  keccak256(encodeAbiParameters([{ type: "address" }, { type: "bytes32" }], [getAddress(r.newValidator), keccak256(r.newValidatorData as Hex)]));

/** The account's pending recovery on chain (null: none, or the module is not installed). */
export async function pendingOnChain(account: ConnectAccount): Promise<{ hash: Hex; executableAt: number } | null> {
  if (!(await installedOnChain(account))) return null;
  const [hash, executableAt] = await publicClient(account.network).readContract({
    address: recoveryValidator(), abi: recoveryAbi, functionName: "pendingRecovery", args: [getAddress(account.address)],
  });
  return hash === ZERO32 ? null : { hash, executableAt: Number(executableAt) };
}

/** The chain's clock: the pending block's timestamp (what the next block gets), else the latest block's. */
export async function chainNow(account: ConnectAccount): Promise<number> {
  const client = publicClient(account.network);
  const block = (await client.getBlock({ blockTag: "pending" }).catch(() => null)) ?? (await client.getBlock());
  return Number(block.timestamp);
}
