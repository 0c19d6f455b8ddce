// Social recovery of Connect accounts (onchain-modules 4.1). Off chain: the guardian registry (configure)
// and the recovery requests (initiate → confirm … → execute, or cancel). On chain: our RecoveryValidator
// (contracts/connect/RecoveryValidator.sol), installed on the account by the owner as
//   - a NON-root validator (same guardians and threshold) whose one allowed selector is doRecovery, and
//   - a delegatecall fallback for doRecovery(validator, data), which makes `validator` (with `data` as its
//     install data) the account's root validator. Kernel v3.1's changeRootValidator installs a validator only
//     when it is not installed yet, so "the same ECDSA validator with a new owner" is done by re-initialising it.
// A recovery user operation has callData = doRecovery(…), the RecoveryValidator's nonce key, and as signature
// ≥ threshold guardian ECDSA signatures of its userOpHash, 65 bytes each, ascending by guardian address.
//
// States of a request: pending → executed (terminal, on chain evidence) | cancelled (terminal, by the owner).
// Execute answers 400 before executable_at (created + timelock), below the threshold of confirmations, or
// while the RecoveryValidator is not installed on the account.
//
// Choices where the spec is silent:
// - One pending request per account (409 otherwise); guardians cannot be changed while one is pending (409).
// - A guardian confirming twice is counted once (200, idempotent). The initiator is the first confirmation.
// - initiate takes `new_signer`: the new owner of the ECDSA validator, which becomes (or stays) the root.
// - The off-chain steps are authenticated by the tenant's API key (the tenant's server speaks for guardians
//   and owner); the guardians' own keys are needed on chain, where the RecoveryValidator checks the threshold.
//   The timelock is enforced by this API (execute), not by the contract: guardians at the threshold who build
//   the operation themselves are trusted, as in any M-of-N guardian scheme.
// - timelock_seconds: default 86400; at least 3600 with live keys, 1 with test keys; at most 30 days.
// - Once executed with the ECDSA validator, the Connect account's `signer` (and validator) follow the new
//   owner, so the relay's root-signature check accepts the new owner and refuses the old one. If the tenant
//   already registered another account for that signer on the chain, the row keeps its old signer.
import {
  concatHex, encodeAbiParameters, encodeFunctionData, getAddress, isAddressEqual, parseAbi, parseEventLogs, toFunctionSelector,
  type Address, type Hex,
} from "viem";
import { db } from "@/lib/db";
import { conflict, invalidRequest, notFound } from "@/lib/api/errors";
import { newId, unixSeconds } from "@/lib/api/ids";
import { publicClient } from "@/lib/chain/clients";
import { Prisma, type ConnectAccount, type ConnectRecoveryConfig, type ConnectRecoveryRequest } from "@/lib/generated/prisma/client";
import type { Scope } from "@/lib/tokens/scope";
import { entryPointAbi, kernelAbi } from "./kernel-artifacts";
import { connectBase } from "./local-setup";
import { validatorNonceKey } from "./modules";
import { encodeKernelCalls, type Call } from "./ops";
import { findConnectAccount } from "./sessions-token";

export const MAX_GUARDIANS = 10;
export const DEFAULT_TIMELOCK_SECONDS = 86_400;
/** Live keys: at least an hour between initiation and execution. Test keys may use 1 s (tests). */
export const MIN_TIMELOCK_SECONDS_LIVE = 3_600;
export const MIN_TIMELOCK_SECONDS_TEST = 1;
export const MAX_TIMELOCK_SECONDS = 30 * 86_400;

const recoveryAbi = parseAbi([
  "function doRecovery(address validator, bytes data) payable",
  "function setGuardians(address[] guardians, uint256 threshold)",
  "function guardiansOf(address account) view returns (address[])",
  "function thresholdOf(address account) view returns (uint256)",
]);
const ecdsaAbi = parseAbi(["function ownerOf(address account) view returns (address)"]);
const userOperationEvent = parseAbi([
  "event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)",
]);

export const DO_RECOVERY_SELECTOR: Hex = toFunctionSelector("doRecovery(address,bytes)");
/** Kernel's "installed, no hook" marker for validators. */
const NO_HOOK: Address = "0x0000000000000000000000000000000000000001";
/** ERC-7579 call type of a delegatecall fallback. */
const CALLTYPE_DELEGATECALL: Hex = "0xff";
const bytes3 = [{ type: "bytes" }, { type: "bytes" }, { type: "bytes" }] as const;
const bytes2 = [{ type: "bytes" }, { type: "bytes" }] as const;

const recoveryValidator = () => getAddress(connectBase().recoveryValidator);
const validationId = (validator: Address) => concatHex(["0x01", validator]).toLowerCase();

/** The two self-calls that install the RecoveryValidator: validator (selector doRecovery) and delegatecall fallback. */
function installCalls(account: Address, guardians: Address[], threshold: number): Call[] {
  const module = recoveryValidator();
  const guardianData = encodeAbiParameters([{ type: "address[]" }, { type: "uint256" }], [guardians, BigInt(threshold)]);
  const validator = encodeFunctionData({
    abi: kernelAbi,
    functionName: "installModule",
    args: [1n, module, concatHex([NO_HOOK, encodeAbiParameters(bytes3, [guardianData, "0x", DO_RECOVERY_SELECTOR])])],
  });
  // Fallback: selector ++ hook (zero: Kernel then lets only the EntryPoint call it) ++ abi.encode(callType, hookData).
  const fallback = encodeFunctionData({
    abi: kernelAbi,
    functionName: "installModule",
    args: [3n, module, concatHex([DO_RECOVERY_SELECTOR, `0x${"00".repeat(20)}`, encodeAbiParameters(bytes2, [CALLTYPE_DELEGATECALL, "0x"])])],
  });
  return [{ to: account, data: validator }, { to: account, data: fallback }];
}

async function deployed(account: ConnectAccount) {
  const code = await publicClient(account.network).getCode({ address: getAddress(account.address) });
  return Boolean(code && code !== "0x");
}

/**
 * Whether the RecoveryValidator is installed on the account in both roles, validator and doRecovery fallback
 * (read from chain; an undeployed account has none).
 */
async function installedOnChain(account: ConnectAccount): Promise<boolean> {
  if (!(await deployed(account))) return false;
  const client = publicClient(account.network);
  const installed = (moduleType: bigint, context: Hex) =>
    client
      .readContract({ address: getAddress(account.address), abi: kernelAbi, functionName: "isModuleInstalled", args: [moduleType, recoveryValidator(), context] })
      .catch(() => false);
  const [validator, fallback] = await Promise.all([installed(1n, "0x"), installed(3n, DO_RECOVERY_SELECTOR)]);
  return validator && fallback;
}

function serializeConfig(config: ConnectRecoveryConfig, account: ConnectAccount, installed: boolean) {
  const address = getAddress(account.address);
  const calls = installed
    ? [{ to: recoveryValidator(), data: encodeFunctionData({ abi: recoveryAbi, functionName: "setGuardians", args: [config.guardians.map((g) => getAddress(g)), BigInt(config.threshold)] }) }]
    : installCalls(address, config.guardians.map((g) => getAddress(g)), config.threshold);
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

function serializeRequest(r: ConnectRecoveryRequest, account: ConnectAccount, threshold: number | null) {
  const now = Date.now();
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
    executable_at: unixSeconds(r.executableAt),
    executable: r.status === "pending" && now >= r.executableAt.getTime() && threshold !== null && r.confirmations.length >= threshold,
    executed_tx_hash: r.executedTxHash,
    executed: r.executedAt ? unixSeconds(r.executedAt) : null,
    cancelled: r.cancelledAt ? unixSeconds(r.cancelledAt) : null,
    livemode: r.livemode,
    created: unixSeconds(r.createdAt),
  };
}

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
  const account = await findConnectAccount(scope, input.account, input.chain_id);
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
  const account = await findConnectAccount(scope, address, chainId);
  const config = await configOf(account);
  const active = await db.connectRecoveryRequest.findMany({ where: { accountId: account.id, status: "pending" }, orderBy: { id: "desc" } });
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
    active_requests: active.map((r) => serializeRequest(r, account, config?.threshold ?? null)),
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
  const account = await findConnectAccount(scope, input.account, input.chain_id);
  const config = await requireConfig(account);
  const guardian = requireGuardian(config, input.guardian);
  if (/^0x0{40}$/i.test(input.new_signer)) throw invalidRequest("parameter_invalid", "new_signer cannot be the zero address.", "new_signer");
  const ecdsa = getAddress(connectBase().ecdsaValidator);
  const newSigner = getAddress(input.new_signer);
  const record = await db.$transaction(async (tx) => {
      // One pending request per account: concurrent initiations of one account are serialised here.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`recovery:${account.id}`}))`;
      const pending = await tx.connectRecoveryRequest.count({ where: { accountId: account.id, status: "pending" } });
      if (pending > 0) throw conflict("recovery_in_progress", "A recovery request of this account is already pending: confirm, execute or cancel it.", "account");
      return tx.connectRecoveryRequest.create({
        data: {
          id: newId("rcv"),
          tenantId: scope.tenantId,
          livemode: scope.livemode,
          accountId: account.id,
          initiatedBy: guardian,
          confirmations: [guardian],
          newValidator: ecdsa.toLowerCase(),
          newValidatorData: newSigner.toLowerCase(),
          newSigner: newSigner.toLowerCase(),
          status: "pending",
          executableAt: new Date(Date.now() + config.timelockSeconds * 1000),
        },
      });
  });
  return serializeRequest(record, account, config.threshold);
}

async function findRequest(scope: Scope, id: string) {
  const record = await db.connectRecoveryRequest.findFirst({ where: { id, tenantId: scope.tenantId, livemode: scope.livemode } });
  if (!record) throw notFound("recovery request", id);
  const account = await db.connectAccount.findUniqueOrThrow({ where: { id: record.accountId } });
  return { record, account };
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
  return serializeRequest(fresh, account, config.threshold);
}

/** POST /v1/connect/recovery/{requestId}/cancel: the owner (the tenant's API key) stops a pending request. */
export async function cancelRecovery(scope: Scope, id: string) {
  const { record, account } = await findRequest(scope, id);
  if (record.status !== "pending") throw notPending(record, "cancelled");
  const moved = await db.connectRecoveryRequest.updateMany({ where: { id: record.id, status: "pending" }, data: { status: "cancelled", cancelledAt: new Date() } });
  const fresh = await db.connectRecoveryRequest.findUniqueOrThrow({ where: { id: record.id } });
  if (moved.count === 0) throw notPending(fresh, "cancelled");
  return serializeRequest(fresh, account, (await configOf(account))?.threshold ?? null);
}

/** POST /v1/connect/recovery/{requestId}/execute: doRecovery callData, or with executed_tx_hash the on-chain proof → executed. */
export async function executeRecovery(scope: Scope, id: string, input: { executed_tx_hash?: string }) {
  const { record, account } = await findRequest(scope, id);
  const config = await configOf(account);
  const threshold = config?.threshold ?? null;
  if (record.status === "executed") {
    if (!input.executed_tx_hash || input.executed_tx_hash.toLowerCase() === record.executedTxHash) return { ...serializeRequest(record, account, threshold), execution: null };
    throw notPending(record, "executed again");
  }
  if (record.status !== "pending") throw notPending(record, "executed");
  if (Date.now() < record.executableAt.getTime()) {
    throw invalidRequest("timelock_active", `The timelock of recovery request ${record.id} ends at ${record.executableAt.toISOString()}; execute after it.`, "requestId");
  }
  if (threshold === null || record.confirmations.length < threshold) {
    throw invalidRequest("threshold_not_met", `Recovery request ${record.id} has ${record.confirmations.length} of ${threshold ?? "?"} guardian confirmations.`, "requestId");
  }
  const newValidator = getAddress(record.newValidator);
  if (!input.executed_tx_hash) {
    if (!(await installedOnChain(account))) {
      throw invalidRequest(
        "recovery_validator_not_installed",
        `The RecoveryValidator is not installed on ${getAddress(account.address)}: the owner runs the setup call data of POST /v1/connect/recovery/configure first.`,
        "requestId",
      );
    }
    const sender = getAddress(account.address);
    const nonceKey = validatorNonceKey(recoveryValidator());
    const nonce = await publicClient(account.network).readContract({
      address: getAddress(account.entryPoint), abi: entryPointAbi, functionName: "getNonce", args: [sender, nonceKey],
    });
    return {
      ...serializeRequest(record, account, threshold),
      execution: {
        call_data: encodeFunctionData({ abi: recoveryAbi, functionName: "doRecovery", args: [newValidator, record.newValidatorData as Hex] }),
        recovery_validator: recoveryValidator(),
        nonce_key: nonceKey.toString(),
        nonce: nonce.toString(),
        signature_format: "concatenated 65-byte ECDSA signatures of the userOpHash (raw or EIP-191) by at least `threshold` distinct guardians, in ascending order of guardian address",
      },
    };
  }
  const hash = input.executed_tx_hash.toLowerCase() as Hex;
  await verifyExecuted(account, record, hash);
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
  return { ...serializeRequest(fresh, account, threshold), execution: null };
}

/** The transaction holds a successful user operation of the account, and the account's root validator is the new one. */
async function verifyExecuted(account: ConnectAccount, record: ConnectRecoveryRequest, hash: Hex) {
  const client = publicClient(account.network);
  const sender = getAddress(account.address);
  const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
  if (!receipt) throw invalidRequest("transaction_not_found", `No mined transaction ${hash} on chain ${account.chainId}.`, "executed_tx_hash");
  const ops = parseEventLogs({ abi: userOperationEvent, logs: receipt.logs, eventName: "UserOperationEvent" }).filter(
    (log) => isAddressEqual(log.address, getAddress(account.entryPoint)) && isAddressEqual(log.args.sender, sender),
  );
  if (!ops.some((log) => log.args.success)) {
    throw invalidRequest("recovery_not_applied", `Transaction ${hash} holds no successful user operation of ${sender}.`, "executed_tx_hash");
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
