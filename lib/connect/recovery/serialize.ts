// The recovery records as the API shows them: a guardian configuration with the calls that put it on chain,
// and a request with whether it is executable by the chain's clock.
import { encodeFunctionData, getAddress } from "viem";
import { unixSeconds } from "@/lib/core/ids";
import type { ConnectAccount, ConnectRecoveryConfig, ConnectRecoveryRequest } from "@/lib/generated/prisma/client";
import { encodeKernelCalls } from "@/lib/connect/user-ops/prepare";
import { recoveryAbi, recoveryInstallCalls, recoveryValidator } from "./chain";

export function serializeConfig(config: ConnectRecoveryConfig, account: ConnectAccount, installed: boolean) {
  const address = getAddress(account.address);
  const calls = installed
    ? [{ to: recoveryValidator(), data: encodeFunctionData({ abi: recoveryAbi, functionName: "setGuardians", args: [config.guardians.map((g) => getAddress(g)), BigInt(config.threshold), BigInt(config.timelockSeconds)] }) }]
    : recoveryInstallCalls(address, config.guardians.map((g) => getAddress(g)), config.threshold, config.timelockSeconds);
  return {
    object: "recovery_config" as const,
    id: config.id,
    account: address,
    chain_id: account.chainId,
    guardians: config.guardians.map((g) => getAddress(g)),
    threshold: config.threshold,
    timelock_seconds: config.timelockSeconds,
    recovery_validator: recoveryValidator(),
    installed,
    setup: {
      action: installed ? ("update_guardians" as const) : ("install" as const),
      call_data: encodeKernelCalls(calls),
      calls: calls.map((c) => ({ to: getAddress(c.to), value: "0", data: c.data! })),
    },
    livemode: config.livemode,
    created: unixSeconds(config.createdAt),
    updated: unixSeconds(config.updatedAt),
  };
}

/** `now` is the chain's clock (unix seconds), which decides `executable`. */
export function serializeRequest(r: ConnectRecoveryRequest, account: ConnectAccount, threshold: number | null, now: number) {
  const executableAt = r.executableAt ? unixSeconds(r.executableAt) : null;
  return {
    object: "recovery_request" as const,
    id: r.id,
    account: getAddress(account.address),
    chain_id: account.chainId,
    status: r.status as "pending" | "executed" | "cancelled",
    initiated_by: getAddress(r.initiatedBy),
    confirmations: r.confirmations.map((g) => getAddress(g)),
    threshold,
    new_validator: getAddress(r.newValidator),
    new_validator_data: r.newValidatorData,
    new_signer: r.newSigner ? getAddress(r.newSigner) : null,
    executable_at: executableAt,
    initiated_tx_hash: r.initiatedTxHash,
    executable: r.status === "pending" && executableAt !== null && now >= executableAt && threshold !== null && r.confirmations.length >= threshold,
    cancel_user_op_hash: r.cancelUserOpHash,
    executed_tx_hash: r.executedTxHash,
    executed: r.executedAt ? unixSeconds(r.executedAt) : null,
    cancelled: r.cancelledAt ? unixSeconds(r.cancelledAt) : null,
    livemode: r.livemode,
    created: unixSeconds(r.createdAt),
  };
}
