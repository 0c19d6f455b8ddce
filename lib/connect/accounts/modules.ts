// ABI-encoded callData for the account's own module management (Kernel v3.1, ERC-7579): wrap it in a
// user operation (as the operation's callData, or as a call from the account to itself), sign, relay.
import { concatHex, encodeAbiParameters, encodeFunctionData, getAddress, zeroAddress, type Address, type Hex } from "viem";
import { invalidRequest } from "@/lib/core/errors";
import type { Scope } from "@/lib/core/scope";
import { findAccount } from "@/lib/connect/accounts/service";
import { kernelAbi } from "@/lib/connect/accounts/kernel-artifacts";

/** Kernel's "installed, no hook" marker for validators. */
export const NO_HOOK: Address = "0x0000000000000000000000000000000000000001";
/** ERC-7579 execute(bytes32,bytes): the selector a newly installed validator may validate. */
const EXECUTE_SELECTOR: Hex = "0xe9ae5c53";
const validationId = (validator: string) => concatHex(["0x01", getAddress(validator)]);
const bytesParams = (n: number) => Array.from({ length: n }, () => ({ type: "bytes" as const }));

interface Target {
  account?: string;
  chain_id?: string;
}

/** The account the call data is for, when the caller names one: it must be the tenant's (404 otherwise). */
async function target(scope: Scope, input: Target) {
  if (!input.account) return { account: null, chain_id: input.chain_id ?? null };
  const account = await findAccount(scope, input.account, input.chain_id);
  return { account: getAddress(account.address), chain_id: account.chainId };
}

/** The nonce key of user operations validated by a non-root validator: mode 0x00, type 0x01, validator, key 0. */
export const validatorNonceKey = (validator: string) => BigInt(concatHex(["0x00", validationId(validator), "0x0000"]));

function installData(input: { module_type: number; data?: string; init_data?: string; hook?: string; hook_data?: string; selector?: string }): Hex {
  if (input.init_data) return input.init_data as Hex;
  const hook = (input.hook ?? NO_HOOK) as Address;
  const data = (input.data ?? "0x") as Hex;
  const hookData = (input.hook_data ?? "0x") as Hex;
  switch (input.module_type) {
    case 1:
      return concatHex([hook, encodeAbiParameters(bytesParams(3), [data, hookData, (input.selector ?? EXECUTE_SELECTOR) as Hex])]);
    case 2:
      return concatHex([hook, encodeAbiParameters(bytesParams(2), [data, hookData])]);
    case 4:
      return data;
    default:
      throw invalidRequest("parameter_missing", "Fallback modules (module_type 3) need init_data: selector ++ hook ++ abi.encode(selectorData, hookData).", "init_data");
  }
}

export async function installModuleCall(scope: Scope, input: Target & { module_type: number; module: string; data?: string; init_data?: string; hook?: string; hook_data?: string; selector?: string }) {
  const where = await target(scope, input);
  return {
    object: "module_call_data" as const,
    action: "install_module" as const,
    ...where,
    module_type: input.module_type,
    module: getAddress(input.module),
    call_data: encodeFunctionData({ abi: kernelAbi, functionName: "installModule", args: [BigInt(input.module_type), getAddress(input.module), installData(input)] }),
    validator_nonce_key: input.module_type === 1 ? validatorNonceKey(input.module).toString() : null,
  };
}

export async function uninstallModuleCall(scope: Scope, input: Target & { module_type: number; module: string; data?: string }) {
  const where = await target(scope, input);
  return {
    object: "module_call_data" as const,
    action: "uninstall_module" as const,
    ...where,
    module_type: input.module_type,
    module: getAddress(input.module),
    call_data: encodeFunctionData({ abi: kernelAbi, functionName: "uninstallModule", args: [BigInt(input.module_type), getAddress(input.module), (input.data ?? "0x") as Hex] }),
    validator_nonce_key: null,
  };
}

export async function changeRootCall(scope: Scope, input: Target & { validator: string; data: string; hook?: string; hook_data?: string }) {
  const where = await target(scope, input);
  return {
    object: "module_call_data" as const,
    action: "change_root_validator" as const,
    ...where,
    module_type: 1,
    module: getAddress(input.validator),
    call_data: encodeFunctionData({
      abi: kernelAbi,
      functionName: "changeRootValidator",
      args: [validationId(input.validator), (input.hook ?? zeroAddress) as Address, input.data as Hex, (input.hook_data ?? "0x") as Hex],
    }),
    validator_nonce_key: null,
  };
}

export async function uninstallValidationCall(scope: Scope, input: Target & { validator: string; data?: string; hook_data?: string }) {
  const where = await target(scope, input);
  return {
    object: "module_call_data" as const,
    action: "uninstall_validation" as const,
    ...where,
    module_type: 1,
    module: getAddress(input.validator),
    call_data: encodeFunctionData({
      abi: kernelAbi,
      functionName: "uninstallValidation",
      args: [validationId(input.validator), (input.data ?? "0x") as Hex, (input.hook_data ?? "0x") as Hex],
    }),
    validator_nonce_key: null,
  };
}
