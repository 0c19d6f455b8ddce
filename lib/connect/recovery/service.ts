// Social recovery of Connect accounts (onchain-modules 4.1). Off chain: the guardian registry (configure)
// and the recovery requests (initiate → confirm … → execute, or cancel). On chain: our RecoveryValidator
// (contracts/connect/RecoveryValidator.sol), installed on the account by the owner as
//   - a NON-root validator (same guardians and threshold, and the timelock as its delay) whose allowed
//     selectors are initiateRecovery and doRecovery, and
//   - a delegatecall fallback for each of initiateRecovery(validator, data) and doRecovery(validator, data).
//     The contract enforces the timelock: initiateRecovery records it (RecoveryInitiated, executableAt =
//     block time + delay); doRecovery reverts RecoveryNotDue before executableAt, NoPendingRecovery once
//     cancelled, and makes `validator` (with `data`) the root after it. The account (its owner's user
//     operation) cancels with cancelRecovery(account).
// A recovery user operation has callData = initiateRecovery(…) or doRecovery(…), the RecoveryValidator's nonce
// key, and as signature ≥ threshold guardian ECDSA signatures of its userOpHash, 65 bytes each, ascending by
// guardian address.
//
// States of a request: pending → executed (terminal, on chain evidence) | cancelled (terminal). While pending:
// execute answers the initiateRecovery call data (phase `initiate`); its transaction hash records the
// on-chain initiation, and executable_at comes from its RecoveryInitiated event (chain time); execute then
// answers 400 timelock_active until the chain's clock reaches it, then the doRecovery call data (phase
// `execute`); that transaction's hash makes the request executed. Cancel before the on-chain initiation is
// off chain; after it, cancel prepares the owner's cancelRecovery user operation (cancel_user_op_hash, signed through
// POST /v1/connect/ops/{hash}/sign-and-relay) and the request becomes cancelled once it is confirmed.
//
// Choices where the spec is silent:
// - One pending request per account (409 otherwise); guardians cannot be changed while one is pending (409).
// - A guardian confirming twice is counted once (200, idempotent). The initiator is the first confirmation.
// - initiate takes `new_signer`: the new owner of the ECDSA validator, which becomes (or stays) the root.
// - The off-chain steps are authenticated by the tenant's API key (the tenant's server speaks for guardians
//   and owner); the guardians' own keys are needed on chain, where the RecoveryValidator checks the threshold.
// - timelock_seconds: default 86400; at least 3600 with live keys, 1 with test keys; at most 30 days (the
//   contract's bounds are 1 s to 30 days). It is the module's on-chain delay, set by the setup call data.
// - Once executed with the ECDSA validator, the Connect account's `signer` (and validator) follow the new
//   owner, so the relay's root-signature check accepts the new owner and refuses the old one. If the tenant
//   already registered another account for that signer on the chain, the row keeps its old signer.
import { encodeFunctionData, getAddress, isAddressEqual, parseEventLogs, type Hex } from "viem";
import { db } from "@/lib/db";
import { createOnce } from "@/lib/db/answer-once";
import { conflict, invalidRequest } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { publicClient } from "@/lib/chain/network/clients";
import { Prisma, type ConnectAccount, type ConnectRecoveryConfig, type ConnectRecoveryRequest } from "@/lib/generated/prisma/client";
import type { Scope } from "@/lib/core/scope";
import { entryPointAbi, kernelAbi } from "@/lib/connect/accounts/kernel-artifacts";
import { connectBase } from "@/lib/connect/local/setup";
import { validatorNonceKey } from "@/lib/connect/accounts/modules";
import { prepareUserOperation } from "@/lib/connect/user-ops/prepare";
import { DO_RECOVERY_SELECTOR, INITIATE_RECOVERY_SELECTOR } from "@/lib/connect/recovery/config";
import { findAccount } from "@/lib/connect/accounts/service";
import { recoveryAbi, ecdsaAbi, userOperationEvent, recoveryValidator, validationId, installedOnChain, recoveryHashOf, pendingOnChain, chainNow } from "./chain";
import { serializeConfig, serializeRequest } from "./serialize";
import { findScoped } from "@/lib/chain/intake/resource-rows";

export const MAX_GUARDIANS = 10;
export const DEFAULT_TIMELOCK_SECONDS = 86_400;
/** Live keys: at least an hour between initiation and execution. Test keys may use 1 s (tests). */
export const MIN_TIMELOCK_SECONDS_LIVE = 3_600;
export const MIN_TIMELOCK_SECONDS_TEST = 1;
export const MAX_TIMELOCK_SECONDS = 30 * 86_400;

export { DO_RECOVERY_SELECTOR, INITIATE_RECOVERY_SELECTOR };

const configOf = (account: ConnectAccount) => db.connectRecoveryConfig.findUnique({ where: { accountId: account.id } });


function checkGuardians(guardians: string[], threshold: number) {
  const lower = guardians.map((g) => g.toLowerCase());
  if (new Set(lower).size !== lower.length) throw invalidRequest("parameter_invalid", "guardians must be distinct addresses.", "guardians");
  if (lower.some((g) => /^0x0{40}$/.test(g))) throw invalidRequest("parameter_invalid", "The zero address cannot be a guardian.", "guardians");
  if (threshold > lower.length) throw invalidRequest("parameter_invalid", `threshold must be between 1 and the number of guardians (${lower.length}).`, "threshold");
  return lower;
}

export interface ConfigureInput {
  account: string;
  chain_id: string;
  guardians: string[];
  threshold: number;
  timelock_seconds?: number;
}

/** POST /v1/connect/recovery/configure: creates or replaces the account's guardians (200 either way). */
export async function configureRecovery(scope: Scope, input: ConfigureInput) {
  const account = await findAccount(scope, input.account, input.chain_id);
  const guardians = checkGuardians(input.guardians, input.threshold);
  if (guardians.includes(account.address.toLowerCase())) throw invalidRequest("parameter_invalid", "The account cannot be its own guardian.", "guardians");
  const minimum = scope.livemode ? MIN_TIMELOCK_SECONDS_LIVE : MIN_TIMELOCK_SECONDS_TEST;
  const timelock = input.timelock_seconds ?? DEFAULT_TIMELOCK_SECONDS;
  if (timelock < minimum) {
    throw invalidRequest("parameter_invalid", `timelock_seconds must be at least ${minimum} with ${scope.livemode ? "live" : "test"} keys.`, "timelock_seconds");
  }
  const pending = await db.connectRecoveryRequest.count({ where: { accountId: account.id, status: "pending" } });
  if (pending > 0) throw conflict("recovery_in_progress", "A recovery request of this account is pending: cancel or execute it before changing its guardians.", "account");
  const existing = await configOf(account);
  const data = { guardians, threshold: input.threshold, timelockSeconds: timelock };
  let config: ConnectRecoveryConfig;
  if (existing) {
    config = await db.connectRecoveryConfig.update({ where: { id: existing.id }, data });
  } else {
    try {
      config = await db.connectRecoveryConfig.create({
        data: { id: newId("rcc"), tenantId: scope.tenantId, livemode: scope.livemode, accountId: account.id, ...data },
      });
    } catch (error) {
      // A concurrent first configure of the same account: the other row won; update it.
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
      config = await db.connectRecoveryConfig.update({ where: { accountId: account.id }, data });
    }
  }
  return serializeConfig(config, account, await installedOnChain(account));
}

/** GET /v1/connect/accounts/{address}/recovery?chain_id= */
export async function accountRecovery(scope: Scope, address: string, chainId: string) {
  const account = await findAccount(scope, address, chainId);
  const config = await configOf(account);
  const found = await db.connectRecoveryRequest.findMany({ where: { accountId: account.id, status: "pending" }, orderBy: { id: "desc" } });
  const active = (await Promise.all(found.map((r) => synced(r, account)))).filter((r) => r.status === "pending");
  const now = await chainNow(account);
  return {
    object: "account_recovery" as const,
    account: getAddress(account.address),
    chain_id: account.chainId,
    configured: Boolean(config),
    guardians: config ? config.guardians.map((g) => getAddress(g)) : [],
    threshold: config?.threshold ?? null,
    timelock_seconds: config?.timelockSeconds ?? null,
    recovery_validator: recoveryValidator(),
    installed: await installedOnChain(account),
    active_requests: active.map((r) => serializeRequest(r, account, config?.threshold ?? null, now)),
  };
}

async function requireConfig(account: ConnectAccount) {
  const config = await configOf(account);
  if (!config) throw invalidRequest("recovery_not_configured", "The account has no guardians: POST /v1/connect/recovery/configure first.", "account");
  return config;
}

function requireGuardian(config: ConnectRecoveryConfig, guardian: string) {
  const lower = guardian.toLowerCase();
  if (!config.guardians.includes(lower)) throw invalidRequest("not_a_guardian", `${getAddress(guardian)} is not a guardian of this account.`, "guardian");
  return lower;
}

export interface InitiateInput {
  account: string;
  chain_id: string;
  guardian: string;
  new_signer: string;
}

/** POST /v1/connect/recovery/initiate: a guardian proposes a new owner (the ECDSA validator's new signer). */
export async function initiateRecovery(scope: Scope, input: InitiateInput) {
  const account = await findAccount(scope, input.account, input.chain_id);
  const config = await requireConfig(account);
  const guardian = requireGuardian(config, input.guardian);
  if (/^0x0{40}$/i.test(input.new_signer)) throw invalidRequest("parameter_invalid", "new_signer cannot be the zero address.", "new_signer");
  const ecdsa = getAddress(connectBase().ecdsaValidator);
  const newSigner = getAddress(input.new_signer);
  const now = await chainNow(account);
  // The answer commits with the row (lib/db/answer-once): a retry after a failure past the commit replays it, not 409.
  return createOnce("recovery_request", async (tx) => {
    // One pending request per account: concurrent initiations of one account are serialised here.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`recovery:${account.id}`}))`;
    const pending = await tx.connectRecoveryRequest.count({ where: { accountId: account.id, status: "pending" } });
    if (pending > 0) throw conflict("recovery_in_progress", "A recovery request of this account is already pending: confirm, execute or cancel it.", "account");
    const record = await tx.connectRecoveryRequest.create({
      data: {
        id: newId("rcv"), tenantId: scope.tenantId, livemode: scope.livemode, accountId: account.id,
        initiatedBy: guardian, confirmations: [guardian],
        newValidator: ecdsa.toLowerCase(),
        newValidatorData: newSigner.toLowerCase(),
        newSigner: newSigner.toLowerCase(),
        status: "pending",
        // executable_at is the chain's: set from the RecoveryInitiated event once guardians initiate on chain.
        executableAt: null,
      },
    });
    return serializeRequest(record, account, config.threshold, now);
  });
}

async function findRequest(scope: Scope, id: string) {
  const found = await findScoped(db.connectRecoveryRequest, scope, id, "recovery request");
  const account = await db.connectAccount.findUniqueOrThrow({ where: { id: found.accountId } });
  return { record: await synced(found, account), account };
}

/**
 * A pending request brought up to date with the chain: executable_at from the RecoveryValidator once this
 * recovery is pending there, and `cancelled` once the owner's cancelRecovery operation is confirmed and the
 * chain holds this recovery no longer.
 */
async function synced(record: ConnectRecoveryRequest, account: ConnectAccount): Promise<ConnectRecoveryRequest> {
  if (record.status !== "pending" || (record.executableAt && !record.cancelUserOpHash)) return record;
  const onChain = await pendingOnChain(account);
  const mine = onChain?.hash === recoveryHashOf(record);
  if (mine && !record.executableAt) {
    return db.connectRecoveryRequest.update({ where: { id: record.id }, data: { executableAt: new Date(onChain!.executableAt * 1000) } });
  }
  if (!mine && record.cancelUserOpHash) {
    const op = await db.relayOperation.findFirst({ where: { tenantId: record.tenantId, livemode: record.livemode, userOpHash: record.cancelUserOpHash } });
    if (op?.status === "confirmed" && op.success !== false) {
      await db.connectRecoveryRequest.updateMany({ where: { id: record.id, status: "pending" }, data: { status: "cancelled", cancelledAt: new Date() } });
      return db.connectRecoveryRequest.findUniqueOrThrow({ where: { id: record.id } });
    }
  }
  return record;
}

const notPending = (r: ConnectRecoveryRequest, what: string) =>
  invalidRequest("recovery_not_pending", `Recovery request ${r.id} is ${r.status}: only a pending request can be ${what}.`, "requestId");

/** POST /v1/connect/recovery/{requestId}/confirm: idempotent for a guardian who already confirmed. */
export async function confirmRecovery(scope: Scope, id: string, input: { guardian: string }) {
  const { record, account } = await findRequest(scope, id);
  const config = await requireConfig(account);
  const guardian = requireGuardian(config, input.guardian);
  if (record.status !== "pending") throw notPending(record, "confirmed");
  if (!record.confirmations.includes(guardian)) {
    // Appended atomically (two guardians confirming at once both count).
    await db.$executeRaw`UPDATE connect_recovery_requests SET confirmations = array_append(confirmations, ${guardian})
      WHERE id = ${record.id} AND status = 'pending' AND NOT (${guardian} = ANY(confirmations))`;
  }
  const fresh = await db.connectRecoveryRequest.findUniqueOrThrow({ where: { id: record.id } });
  if (fresh.status !== "pending") throw notPending(fresh, "confirmed");
  return serializeRequest(fresh, account, config.threshold, await chainNow(account));
}

/**
 * POST /v1/connect/recovery/{requestId}/cancel. Not initiated on chain yet: cancelled at once. Initiated on
 * chain: the owner's cancelRecovery user operation is prepared (cancel_user_op_hash; the same one while it is
 * open) and the request stays pending until that operation is confirmed.
 */
export async function cancelRecovery(scope: Scope, id: string) {
  const { record, account } = await findRequest(scope, id);
  if (record.status !== "pending") throw notPending(record, "cancelled");
  const threshold = (await configOf(account))?.threshold ?? null;
  const onChain = await pendingOnChain(account);
  if (onChain?.hash === recoveryHashOf(record)) {
    const open = record.cancelUserOpHash
      ? await db.relayOperation.findFirst({ where: { tenantId: scope.tenantId, livemode: scope.livemode, userOpHash: record.cancelUserOpHash } })
      : null;
    let fresh = record;
    if (!open || !["awaiting_sign", "pending"].includes(open.status)) {
      const op = await prepareUserOperation(scope, {
        address: account.address,
        chain_id: account.chainId,
        calls: [{ to: recoveryValidator(), data: encodeFunctionData({ abi: recoveryAbi, functionName: "cancelRecovery", args: [getAddress(account.address)] }) }],
      }).catch((error: unknown) => {
        // The same operation (same nonce, call and gas) was prepared before and its record cancelled, or a
        // concurrent cancel prepared it: the relay keeps one record per hash.
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
          throw conflict("cancel_operation_exists", `The account's cancelRecovery operation for request ${record.id} already has a relay record; sign it, or send another operation of the account first.`, "requestId");
        }
        throw error;
      });
      fresh = await db.connectRecoveryRequest.update({ where: { id: record.id }, data: { cancelUserOpHash: op.user_op_hash.toLowerCase() } });
    }
    return serializeRequest(fresh, account, threshold, await chainNow(account));
  }
  const moved = await db.connectRecoveryRequest.updateMany({ where: { id: record.id, status: "pending" }, data: { status: "cancelled", cancelledAt: new Date() } });
  const fresh = await db.connectRecoveryRequest.findUniqueOrThrow({ where: { id: record.id } });
  if (moved.count === 0) throw notPending(fresh, "cancelled");
  return serializeRequest(fresh, account, threshold, await chainNow(account));
}

/**
 * POST /v1/connect/recovery/{requestId}/execute. Without executed_tx_hash: the call data of the guardians' user
 * operation: initiateRecovery (phase `initiate`) or, once the chain's clock has reached executable_at,
 * doRecovery (phase `execute`); 400 timelock_active in between. With it: the initiation is
 * recorded (executable_at from its RecoveryInitiated event) or, for the executing transaction, → executed.
 */
export async function executeRecovery(scope: Scope, id: string, input: { executed_tx_hash?: string }) {
  const { record, account } = await findRequest(scope, id);
  const config = await configOf(account);
  const threshold = config?.threshold ?? null;
  if (record.status === "executed") {
    if (!input.executed_tx_hash || input.executed_tx_hash.toLowerCase() === record.executedTxHash) {
      return { ...serializeRequest(record, account, threshold, await chainNow(account)), execution: null };
    }
    throw notPending(record, "executed again");
  }
  if (record.status !== "pending") throw notPending(record, "executed");
  if (threshold === null || record.confirmations.length < threshold) {
    throw invalidRequest("threshold_not_met", `Recovery request ${record.id} has ${record.confirmations.length} of ${threshold ?? "?"} guardian confirmations.`, "requestId");
  }
  if (input.executed_tx_hash) return recordTransaction(account, record, threshold, input.executed_tx_hash.toLowerCase() as Hex);
  if (!(await installedOnChain(account))) {
    throw invalidRequest(
      "recovery_validator_not_installed",
      `The RecoveryValidator is not installed on ${getAddress(account.address)}: the owner runs the setup call data of POST /v1/connect/recovery/configure first.`,
      "requestId",
    );
  }
  const [onChain, now] = await Promise.all([pendingOnChain(account), chainNow(account)]);
  let phase: "initiate" | "execute";
  if (!onChain) {
    if (record.executableAt) {
      throw conflict("recovery_not_pending_on_chain", `Recovery request ${record.id} is no longer pending on chain (cancelled by the account, or executed): pass the executing transaction's hash, or cancel the request.`, "requestId");
    }
    phase = "initiate";
  } else if (onChain.hash !== recoveryHashOf(record)) {
    throw conflict("recovery_in_progress", `Another recovery is pending on chain for ${getAddress(account.address)}; the account can cancel it (cancelRecovery).`, "requestId");
  } else {
    if (now < onChain.executableAt) {
      const when = new Date(onChain.executableAt * 1000).toISOString();
      throw invalidRequest("timelock_active", `The on-chain timelock of recovery request ${record.id} ends at ${when} (chain time ${onChain.executableAt}; now ${now}); execute after it.`, "requestId");
    }
    phase = "execute";
  }
  const sender = getAddress(account.address);
  const nonceKey = validatorNonceKey(recoveryValidator());
  const nonce = await publicClient(account.network).readContract({
    address: getAddress(account.entryPoint), abi: entryPointAbi, functionName: "getNonce", args: [sender, nonceKey],
  });
  const args = [getAddress(record.newValidator), record.newValidatorData as Hex] as const;
  return {
    ...serializeRequest(record, account, threshold, now),
    execution: {
      phase,
      call_data: encodeFunctionData({ abi: recoveryAbi, functionName: phase === "initiate" ? "initiateRecovery" : "doRecovery", args }),
      recovery_validator: recoveryValidator(),
      nonce_key: nonceKey.toString(),
      nonce: nonce.toString(),
      signature_format: "concatenated 65-byte ECDSA signatures of the userOpHash (raw or EIP-191) by at least `threshold` distinct guardians, in ascending order of guardian address",
    },
  };
}

/** executed_tx_hash: the guardians' initiating transaction (→ executable_at) or the executing one (→ executed). */
async function recordTransaction(account: ConnectAccount, record: ConnectRecoveryRequest, threshold: number, hash: Hex) {
  const client = publicClient(account.network);
  const sender = getAddress(account.address);
  const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
  if (!receipt) throw invalidRequest("transaction_not_found", `No mined transaction ${hash} on chain ${account.chainId}.`, "executed_tx_hash");
  const events = parseEventLogs({ abi: recoveryAbi, logs: receipt.logs }).filter(
    (log) => isAddressEqual(log.address, recoveryValidator()) && isAddressEqual(log.args.account, sender),
  );
  const initiated = events.find(
    (e) => e.eventName === "RecoveryInitiated" && isAddressEqual(e.args.validator, getAddress(record.newValidator)) && e.args.data.toLowerCase() === record.newValidatorData.toLowerCase(),
  );
  if (initiated && initiated.eventName === "RecoveryInitiated" && !events.some((e) => e.eventName === "RecoveryExecuted")) {
    // The first initiation recorded stays: the same hash again is answered as is.
    if (record.initiatedTxHash) {
      if (record.initiatedTxHash === hash) return { ...serializeRequest(record, account, threshold, await chainNow(account)), execution: null };
      throw invalidRequest("recovery_not_applied", `Recovery request ${record.id} was initiated on chain by ${record.initiatedTxHash}; ${hash} does not execute it.`, "executed_tx_hash");
    }
    const fresh = await db.connectRecoveryRequest.update({
      where: { id: record.id },
      data: { initiatedTxHash: hash, executableAt: new Date(Number(initiated.args.executableAt) * 1000) },
    });
    return { ...serializeRequest(fresh, account, threshold, await chainNow(account)), execution: null };
  }
  await verifyExecuted(account, record, hash, receipt);
  const newValidator = getAddress(record.newValidator);
  const moved = await db.connectRecoveryRequest.updateMany({
    where: { id: record.id, status: "pending" },
    data: { status: "executed", executedTxHash: hash, executedAt: new Date() },
  });
  if (moved.count === 1 && record.newSigner && isAddressEqual(newValidator, getAddress(connectBase().ecdsaValidator))) {
    // The account's owner is the new signer from now on: root-signature checks of the relay use it.
    await db.connectAccount
      .update({ where: { id: account.id }, data: { signer: record.newSigner, validator: "ecdsa", validatorAddress: newValidator.toLowerCase() } })
      .catch((error: unknown) => {
        // The tenant registered another account for that signer on this chain: keep the row's signer as it was.
        if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
      });
  }
  const fresh = await db.connectRecoveryRequest.findUniqueOrThrow({ where: { id: record.id } });
  return { ...serializeRequest(fresh, account, threshold, await chainNow(account)), execution: null };
}

/**
 * The transaction holds a successful user operation of the account with the RecoveryValidator's
 * RecoveryExecuted, and the account's root validator is the new one.
 */
async function verifyExecuted(account: ConnectAccount, record: ConnectRecoveryRequest, hash: Hex, receipt: { logs: Parameters<typeof parseEventLogs>[0]["logs"] }) {
  const client = publicClient(account.network);
  const sender = getAddress(account.address);
  const ops = parseEventLogs({ abi: userOperationEvent, logs: receipt.logs, eventName: "UserOperationEvent" }).filter(
    (log) => isAddressEqual(log.address, getAddress(account.entryPoint)) && isAddressEqual(log.args.sender, sender),
  );
  const executed = parseEventLogs({ abi: recoveryAbi, logs: receipt.logs, eventName: "RecoveryExecuted" }).some(
    (log) => isAddressEqual(log.address, recoveryValidator()) && isAddressEqual(log.args.account, sender),
  );
  if (!ops.some((log) => log.args.success) || !executed) {
    throw invalidRequest("recovery_not_applied", `Transaction ${hash} holds no executed recovery (the doRecovery user operation) of ${sender}.`, "executed_tx_hash");
  }
  const newValidator = getAddress(record.newValidator);
  const root = (await client.readContract({ address: sender, abi: kernelAbi, functionName: "rootValidator" })).toLowerCase();
  let applied = root === validationId(newValidator);
  if (applied && record.newSigner && isAddressEqual(newValidator, getAddress(connectBase().ecdsaValidator))) {
    const owner = await client.readContract({ address: newValidator, abi: ecdsaAbi, functionName: "ownerOf", args: [sender] });
    applied = isAddressEqual(owner, getAddress(record.newSigner));
  }
  if (!applied) {
    throw invalidRequest("recovery_not_applied", `The account's root validator is not the recovered one (root ${root}); submit the doRecovery user operation first.`, "executed_tx_hash");
  }
}
