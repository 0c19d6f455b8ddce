// The hash of an ERC-4337 v0.7 user operation as the EntryPoint computes it (what the owner signs, and the
// id of its UserOperationEvent), from the operation in its JSON-RPC form (hex strings).
import type { Address, Hex } from "viem";
import { getUserOperationHash } from "viem/account-abstraction";

/** A user operation as JSON-RPC carries it: hex strings by field name (sender, nonce, callData, the gas fields, factory…). */
export type RpcUserOperation = Readonly<Record<string, string | undefined>>;

const big = (v: string | undefined) => (v === undefined ? undefined : BigInt(v));

export function userOperationHash(op: RpcUserOperation, entryPoint: Address, chainId: number): Hex {
  return getUserOperationHash({
    chainId,
    entryPointAddress: entryPoint,
    entryPointVersion: "0.7",
    userOperation: {
      sender: op.sender as Address,
      nonce: BigInt(op.nonce!),
      factory: op.factory as Address | undefined,
      factoryData: op.factoryData as Hex | undefined,
      callData: op.callData! as Hex,
      callGasLimit: BigInt(op.callGasLimit!),
      verificationGasLimit: BigInt(op.verificationGasLimit!),
      preVerificationGas: BigInt(op.preVerificationGas!),
      maxFeePerGas: BigInt(op.maxFeePerGas!),
      maxPriorityFeePerGas: BigInt(op.maxPriorityFeePerGas!),
      paymaster: op.paymaster as Address | undefined,
      paymasterVerificationGasLimit: big(op.paymasterVerificationGasLimit),
      paymasterPostOpGasLimit: big(op.paymasterPostOpGasLimit),
      paymasterData: op.paymasterData as Hex | undefined,
      signature: "0x", // not part of the hash
    },
  });
}
