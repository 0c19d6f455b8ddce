// Operations built server-side and signed by the client: `prepareUserOperation` builds the full v0.7 user
// operation of an account (callData for the calls, nonce under the root validator's key, factory while
// undeployed, gas from the bundler's estimate, fees from the bundler) and records it `awaiting_sign`; the
// client signs its userOpHash. This is the seam a connect-mode token write uses (a later
// `submitter: "user_operation"` of lib/chain).
//   sign            signature → `pending` (compare-and-set), then sent to the bundler; `failed` only when the
//                   bundler refused it and the chain proves it did not run
//   sign-and-relay  the same; a proven refusal answers 502 with its reason and it awaits a signature again
//   cancel          only from awaiting_sign (compare-and-set: exactly one of sign and cancel wins) → `cancelled`
import { encodeAbiParameters, encodeFunctionData, encodePacked, getAddress, type Address, type Hex } from "viem";
import { db } from "@/lib/db";
import { ApiError, invalidRequest, notFound } from "@/lib/core/errors";
import { paginate } from "@/lib/core/pagination";
import { chainTarget, publicClient } from "@/lib/chain/network/clients";
import { inngest } from "@/lib/jobs/client";
import type { RelayOperation } from "@/lib/generated/prisma/client";
import type { ListParams } from "@/lib/schemas/common";
import type { Scope } from "@/lib/core/scope";
import { findAccount, rootNonceKey } from "@/lib/connect/accounts/service";
import { BundlerError, bundlerRpc } from "@/lib/connect/user-ops/bundler-rpc";
import { chainEvidence, sendUserOperation, settleBy, settleNotRun } from "@/lib/connect/user-ops/evidence";
import { watchUserOperations } from "@/lib/connect/user-ops/watch";
import { entryPointAbi, kernelAbi, kernelFactoryAbi } from "@/lib/connect/accounts/kernel-artifacts";
import { connectId } from "@/lib/connect/accounts/networks";
import { checkRootSignature } from "@/lib/connect/accounts/signatures";
import { settleCarriedRecord } from "@/lib/connect/user-ops/carried-records";
import { requireSafetyNet } from "@/lib/connect/accounts/safety-net";
import { PASSKEY_STUB_SIGNATURE, PASSKEY_VERIFICATION_GAS_MARGIN } from "@/lib/connect/accounts/passkey";
import { ESTIMATION_FUNDS, RELAY_SUBMITTED, STUB_ECDSA_SIGNATURE, serializeRelay } from "@/lib/connect/user-ops/relay";
import { loadSponsor, type PaymasterGasEstimate } from "@/lib/connect/paymasters/sponsor";
import { userOperationHash } from "@/lib/connect/user-ops/hash";
import { assertChainWriteQuota } from "@/lib/billing/quotas/service";

export interface Call {
  to: Address;
  value?: bigint;
  data?: Hex;
}

const SINGLE_MODE: Hex = `0x${"00".repeat(32)}`;
const BATCH_MODE: Hex = `0x01${"00".repeat(31)}`;

/** Kernel (ERC-7579) execute(mode, executionCalldata): one call packed, several as an Execution[] batch. */
export function encodeKernelCalls(calls: Call[]): Hex {
  if (calls.length === 1) {
    const [call] = calls;
    return encodeFunctionData({
      abi: kernelAbi,
      functionName: "execute",
      args: [SINGLE_MODE, encodePacked(["address", "uint256", "bytes"], [call.to, call.value ?? 0n, call.data ?? "0x"])],
    });
  }
  const executions = encodeAbiParameters(
    [{ type: "tuple[]", components: [{ name: "target", type: "address" }, { name: "value", type: "uint256" }, { name: "callData", type: "bytes" }] }],
    [calls.map((c) => ({ target: c.to, value: c.value ?? 0n, callData: c.data ?? "0x" }))],
  );
  return encodeFunctionData({ abi: kernelAbi, functionName: "execute", args: [BATCH_MODE, executions] });
}

type RpcOp = Record<string, string>;

const hex = (v: bigint) => `0x${v.toString(16)}`;

/**
 * Builds the account's next user operation for `calls` and records it `awaiting_sign`. With `paymaster_id`
 * the tenant's paymaster sponsors it (lib/connect/paymasters/sponsor.ts): paymaster fields estimated, then signed.
 */
export async function prepareUserOperation(
  scope: Scope,
  input: { address: string; chain_id: string; calls: Call[]; paymaster_id?: string; transaction_id?: string; nonce_key?: bigint },
  /** Checks the built operation before it is stored (a session key's scope): a refusal stores nothing and throws it. */
  admit?: (op: Record<string, string | null | undefined>) => ApiError | null,
) {
  const account = await findAccount(scope, input.address, input.chain_id);
  // A user operation of its own is a chain write of the plan (one that carries a transaction record was counted there).
  if (!input.transaction_id) await assertChainWriteQuota(scope.tenantId, account.network);
  const sponsor = input.paymaster_id ? await loadSponsor(scope, account, input.paymaster_id) : null;
  const client = publicClient(account.network);
  const sender = getAddress(account.address);
  const entryPoint = getAddress(account.entryPoint);
  const [code, nonce, fees] = await Promise.all([
    client.getCode({ address: sender }),
    client.readContract({ address: entryPoint, abi: entryPointAbi, functionName: "getNonce", args: [sender, input.nonce_key ?? rootNonceKey(getAddress(account.validatorAddress))] }),
    bundlerRpc<{ standard: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex } }>(account.network, "pimlico_getUserOperationGasPrice", []),
  ]);
  const op: RpcOp = {
    sender,
    nonce: hex(nonce),
    callData: encodeKernelCalls(input.calls),
    maxFeePerGas: fees.standard.maxFeePerGas,
    maxPriorityFeePerGas: fees.standard.maxPriorityFeePerGas,
  };
  if (!code || code === "0x") {
    op.factory = getAddress(account.factoryAddress);
    op.factoryData = encodeFunctionData({ abi: kernelFactoryAbi, functionName: "createAccount", args: [account.initData as Hex, account.salt as Hex] });
  }
  if (sponsor) Object.assign(op, sponsor.estimationFields());
  const estimate = await bundlerRpc<{ preVerificationGas: Hex; verificationGasLimit: Hex; callGasLimit: Hex } & PaymasterGasEstimate>(account.network, "eth_estimateUserOperationGas", [
    { ...op, signature: account.validator === "passkey" ? PASSKEY_STUB_SIGNATURE : STUB_ECDSA_SIGNATURE },
    entryPoint,
    ESTIMATION_FUNDS(sender),
  ]).catch((error: unknown) => {
    if (error instanceof BundlerError) throw invalidRequest("user_operation_invalid", `The bundler could not estimate the operation: ${error.message}`, "calls");
    throw error;
  });
  // A passkey's P-256 check is missing from the estimate (lib/connect/accounts/passkey.ts): a fixed margin.
  // Another validator (a session key's) is estimated with the root's stub signature: the same margin.
  const margin = account.validator === "passkey" || input.nonce_key !== undefined ? PASSKEY_VERIFICATION_GAS_MARGIN : 0n;
  const verificationGasLimit = margin ? hex(BigInt(estimate.verificationGasLimit) + margin) : estimate.verificationGasLimit;
  Object.assign(op, { preVerificationGas: estimate.preVerificationGas, verificationGasLimit, callGasLimit: estimate.callGasLimit });
  if (sponsor) Object.assign(op, await sponsor.sign(op, estimate));
  const refused = admit?.(op as Record<string, string | null | undefined>);
  if (refused) throw refused;
  const userOpHash = userOperationHash(op, entryPoint, chainTarget(account.network).chain.id);
  const record = await db.relayOperation.create({
    data: {
      id: connectId("rop"),
      tenantId: scope.tenantId,
      livemode: scope.livemode,
      accountId: account.id,
      network: account.network,
      chainId: account.chainId,
      sender: account.address,
      userOpHash,
      entryPoint: account.entryPoint,
      nonce: nonce.toString(),
      callData: op.callData,
      userOperation: op,
      status: "awaiting_sign",
      transactionId: input.transaction_id ?? null,
    },
  });
  return serializeRelay(record);
}

export async function pendingOps(scope: Scope, query: ListParams & { account?: string; chain_id?: string }) {
  const where = {
    tenantId: scope.tenantId,
    livemode: scope.livemode,
    status: "awaiting_sign",
    ...(query.account ? { sender: query.account.toLowerCase() } : {}),
    ...(query.chain_id ? { chainId: query.chain_id } : {}),
  };
  return paginate(db.relayOperation, where, query, serializeRelay);
}

async function findOp(scope: Scope, hash: string): Promise<RelayOperation> {
  const record = await db.relayOperation.findUnique({
    where: { tenantId_livemode_userOpHash: { tenantId: scope.tenantId, livemode: scope.livemode, userOpHash: hash.toLowerCase() } },
  });
  if (!record) throw notFound("operation", hash);
  return record;
}

const notAwaiting = (record: RelayOperation, what: string) =>
  invalidRequest("operation_not_awaiting_sign", `Operation ${record.userOpHash} is ${record.status}: only an operation awaiting its signature can be ${what}.`, "userOpHash");

/**
 * What became of a signature: the record moved awaiting_sign → pending by compare-and-set BEFORE the bundler
 * was called, so a cancel can no longer win and a second sign finds it pending; the bundler's answer then
 * only adds evidence (lib/connect/user-ops/evidence.ts). `notRun` is set when the operation is proven not to
 * have run (never sent, or refused with its nonce unused or used by another): the caller decides its state.
 */
interface Submitted {
  record: RelayOperation;
  notRun?: { reason: string; sent: boolean };
}

async function submitSigned(record: RelayOperation, signature: Hex, what: string): Promise<Submitted> {
  const account = await db.connectAccount.findUniqueOrThrow({ where: { id: record.accountId } });
  await checkRootSignature(account, record.userOpHash as Hex, BigInt(record.nonce), signature);
  await requireSafetyNet({ tenantId: record.tenantId, livemode: record.livemode }, account, record.callData as Hex);
  const op = { ...(record.userOperation as RpcOp), signature };
  const submittedBlock = await publicClient(record.network).getBlockNumber({ cacheTime: 0 });
  const { count } = await db.relayOperation.updateMany({
    where: { id: record.id, status: "awaiting_sign" },
    data: { status: "pending", userOperation: op, submittedAt: new Date(), submittedBlock },
  });
  if (!count) throw notAwaiting(await db.relayOperation.findUniqueOrThrow({ where: { id: record.id } }), what);
  const outcome = await sendUserOperation(record, op);
  if (outcome.kind === "accepted" || outcome.kind === "unknown") return { record: await followPending(record) };
  if (outcome.kind === "not_sent") return { record, notRun: { reason: outcome.reason, sent: false } };
  const evidence = await chainEvidence({ ...record, submittedBlock }).catch(() => null);
  if (!evidence) return { record: await followPending(record) }; // the chain cannot be read now: the follower decides
  if (evidence.kind === "executed") {
    const settled = await settleBy(record, evidence);
    await settleCarriedRecord(settled);
    return { record: settled };
  }
  return { record, notRun: { reason: outcome.reason, sent: true } };
}

/** The follower (lib/connect/functions.ts) and the log watcher take a pending operation on. */
async function followPending(record: RelayOperation): Promise<RelayOperation> {
  await watchUserOperations(record.network, record.entryPoint).catch(() => {}); // the follower settles without it
  await inngest.send({ name: RELAY_SUBMITTED, data: { id: record.id } });
  return db.relayOperation.findUniqueOrThrow({ where: { id: record.id } });
}

/** Proven not run: back to awaiting_sign without the signature (a no-op if evidence ended it meanwhile). */
async function awaitSignatureAgain(record: RelayOperation) {
  await db.relayOperation.updateMany({ where: { id: record.id, status: "pending" }, data: { status: "awaiting_sign", userOperation: record.userOperation as RpcOp, submittedAt: null } });
}

/** POST /v1/connect/ops/{userOpHash}/sign-and-relay: 502 with the bundler's reason when it rejects (it awaits a signature again). */
export async function signAndRelay(scope: Scope, hash: string, signature: string) {
  const record = await findOp(scope, hash);
  if (record.status !== "awaiting_sign") throw notAwaiting(record, "signed and relayed");
  const submitted = await submitSigned(record, signature as Hex, "signed and relayed");
  if (!submitted.notRun) return serializeRelay(submitted.record);
  await awaitSignatureAgain(record);
  const { reason, sent } = submitted.notRun;
  throw new ApiError(502, "api_error", sent ? "bundler_rejected" : "bundler_unavailable", `The bundler rejected the user operation: ${reason}`);
}

/** POST /v1/connect/ops/{userOpHash}/sign: the operation moves on; a proven rejection is recorded as `failed`. */
export async function signOp(scope: Scope, hash: string, signature: string) {
  const record = await findOp(scope, hash);
  if (record.status !== "awaiting_sign") throw notAwaiting(record, "signed");
  const submitted = await submitSigned(record, signature as Hex, "signed");
  if (!submitted.notRun) return serializeRelay(submitted.record);
  const { reason, sent } = submitted.notRun;
  if (!sent) {
    await awaitSignatureAgain(record);
    throw new ApiError(502, "api_error", "bundler_unavailable", reason);
  }
  const rejected = await settleNotRun(record.id, `rejected by the bundler: ${reason}`);
  await settleCarriedRecord(rejected);
  return serializeRelay(rejected);
}

/** POST /v1/connect/ops/{userOpHash}/cancel: only before signing; a sign that moved it first wins. */
export async function cancelOp(scope: Scope, hash: string) {
  const record = await findOp(scope, hash);
  if (record.status !== "awaiting_sign") throw notAwaiting(record, "cancelled");
  const { count } = await db.relayOperation.updateMany({ where: { id: record.id, status: "awaiting_sign" }, data: { status: "cancelled", confirmedAt: new Date() } });
  const cancelled = await db.relayOperation.findUniqueOrThrow({ where: { id: record.id } });
  if (!count) throw notAwaiting(cancelled, "cancelled");
  await settleCarriedRecord(cancelled);
  return serializeRelay(cancelled);
}
