// Relay: a client-signed v0.7 user operation is recorded for the tenant as a relay operation (`pending`,
// 202), then goes to the network's bundler (eth_sendUserOperation). A durable function
// (lib/connect/functions.ts) follows it on chain evidence (lib/connect/user-ops/evidence.ts):
// `confirmed` when included and successful, `failed` when included and reverted or proven never to run.
// Reading a pending operation also asks the bundler once, so its status is current before that function runs.
import { getAddress, toHex, type Address, type Hex } from "viem";
import { db } from "@/lib/db";
import { ApiError, invalidRequest, notFound } from "@/lib/core/errors";
import { unixSeconds } from "@/lib/core/ids";
import { paginate } from "@/lib/core/pagination";
import { chainTarget, publicClient } from "@/lib/chain/network/clients";
import { inngest } from "@/lib/jobs/client";
import type { RelayOperation } from "@/lib/generated/prisma/client";
import type { ListParams } from "@/lib/schemas/common";
import type { UnsignedUserOperationInput, UserOperationInput } from "@/lib/schemas/connect";
import type { Scope } from "@/lib/core/scope";
import { findAccount } from "@/lib/connect/accounts/service";
import { BundlerError, bundlerRpc } from "@/lib/connect/user-ops/bundler-rpc";
import { chainEvidence, receiptExecution, sendUserOperation, settleBy, settleExecuted } from "@/lib/connect/user-ops/evidence";
import { watchUserOperations } from "@/lib/connect/user-ops/watch";
import { connectId, connectNetwork } from "@/lib/connect/accounts/networks";
import { checkRootSignature } from "@/lib/connect/accounts/signatures";
import { requireSafetyNet } from "@/lib/connect/accounts/safety-net";
import { loadSponsor, sponsorEstimate } from "@/lib/connect/paymasters/sponsor";
import { PASSKEY_STUB_SIGNATURE, PASSKEY_VERIFICATION_GAS_MARGIN } from "@/lib/connect/accounts/passkey";
import { userOperationHash } from "@/lib/connect/user-ops/hash";
import { assertChainWriteQuota } from "@/lib/billing/quotas/service";

export const RELAY_SUBMITTED = "connect/relay.submitted";

/** The ECDSA validator's stub signature for estimation: 65 bytes that recover to some address. */
/** State override for estimation: the sender holds funds, so an account not funded yet still gets its gas estimated. */
export const ESTIMATION_FUNDS = (sender: Address) => ({ [sender]: { balance: "0x3635c9adc5dea00000" } });

export const STUB_ECDSA_SIGNATURE: Hex =
  "0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c";

export function serializeRelay(r: RelayOperation) {
  return {
    object: "relay_operation" as const,
    id: r.id,
    user_op_hash: r.userOpHash,
    status: r.status as "awaiting_sign" | "pending" | "confirmed" | "failed" | "cancelled",
    account: getAddress(r.sender),
    chain_id: r.chainId,
    network: r.network,
    entry_point: getAddress(r.entryPoint),
    nonce: r.nonce,
    call_data: r.callData,
    user_operation: r.userOperation as Record<string, string>,
    transaction_hash: r.transactionHash,
    block_number: r.blockNumber,
    success: r.success,
    actual_gas_cost: r.actualGasCost,
    actual_gas_used: r.actualGasUsed,
    failure_reason: r.failureReason,
    livemode: r.livemode,
    created: unixSeconds(r.createdAt),
    submitted: r.submittedAt ? unixSeconds(r.submittedAt) : null,
    completed: r.confirmedAt ? unixSeconds(r.confirmedAt) : null,
  };
}

const quantity = (v: string | undefined) => (v === undefined ? undefined : toHex(BigInt(v)));

/** The bundler RPC form: every number a hex quantity; absent optional fields left out. */
function rpcUserOperation(op: UnsignedUserOperationInput, signature: Hex) {
  const out: Record<string, string> = {
    sender: op.sender,
    nonce: quantity(op.nonce)!,
    callData: op.callData,
    signature,
  };
  if (op.factory) {
    out.factory = op.factory;
    out.factoryData = op.factoryData ?? "0x";
  }
  for (const key of ["callGasLimit", "verificationGasLimit", "preVerificationGas", "maxFeePerGas", "maxPriorityFeePerGas", "paymasterVerificationGasLimit", "paymasterPostOpGasLimit"] as const) {
    if (op[key] !== undefined) out[key] = quantity(op[key])!;
  }
  if (op.paymaster) {
    out.paymaster = op.paymaster;
    out.paymasterData = op.paymasterData ?? "0x";
  }
  return out;
}


const bundlerRejected = (error: BundlerError) =>
  new ApiError(502, "api_error", error.code === null ? "bundler_unavailable" : "bundler_rejected", `The bundler rejected the user operation: ${error.message}`);

/**
 * POST /v1/connect/relay: the record is stored `pending` first, then the operation goes to the bundler, so a
 * crash in between leaves a record the sweeper finishes (lib/connect/functions.ts), never
 * an operation on chain without one. The same operation again answers its record and is not sent twice.
 * A proven refusal (lib/connect/user-ops/evidence.ts) removes the record again and answers 502; an unknown
 * outcome answers 202 `pending`, and the chain settles it.
 */
export async function relay(scope: Scope, input: { chain_id: string; user_operation: UserOperationInput }) {
  const network = connectNetwork(scope, input.chain_id);
  const op = input.user_operation;
  const account = await findAccount(scope, op.sender, input.chain_id);
  const entryPoint = getAddress(account.entryPoint);
  const hash = userOperationHash(op, entryPoint, chainTarget(network.name).chain.id);
  const scopeWhere = { tenantId: scope.tenantId, livemode: scope.livemode };
  const existing = await db.relayOperation.findUnique({ where: { tenantId_livemode_userOpHash: { ...scopeWhere, userOpHash: hash } } });
  if (existing) return serializeRelay(existing);
  await checkRootSignature(account, hash, BigInt(op.nonce), op.signature, "user_operation.signature");
  await requireSafetyNet(scope, account, op.callData as Hex);
  await assertChainWriteQuota(scope.tenantId, network.name); // a relayed user operation is a chain write of the plan (lib/billing/quotas/service)

  const id = connectId("rop");
  const signed = rpcUserOperation(op, op.signature as Hex);
  const submittedBlock = await publicClient(network.name).getBlockNumber({ cacheTime: 0 });
  const { count } = await db.relayOperation.createMany({
    data: [{
      id,
      ...scopeWhere,
      accountId: account.id,
      network: network.name,
      chainId: input.chain_id,
      sender: account.address,
      userOpHash: hash,
      entryPoint: account.entryPoint,
      nonce: BigInt(op.nonce).toString(),
      callData: op.callData,
      userOperation: signed,
      status: "pending",
      submittedAt: new Date(),
      submittedBlock,
    }],
    skipDuplicates: true,
  });
  const record = await db.relayOperation.findUniqueOrThrow({ where: { tenantId_livemode_userOpHash: { ...scopeWhere, userOpHash: hash } } });
  if (!count) return serializeRelay(record); // the same operation relayed concurrently: that request sends it

  const outcome = await sendUserOperation(record, signed);
  if (outcome.kind === "refused" || outcome.kind === "not_sent") {
    const evidence = outcome.kind === "refused" ? await chainEvidence(record).catch(() => null) : { kind: "unused" as const };
    if (evidence?.kind === "executed") return serializeRelay(await settleBy(record, evidence));
    if (evidence) {
      // Proven not run: nothing is kept, as if the request had not been made.
      await db.relayOperation.deleteMany({ where: { id, status: "pending" } });
      throw bundlerRejected(new BundlerError(outcome.reason, outcome.kind === "refused" ? 0 : null));
    }
  }
  await watchUserOperations(record.network, record.entryPoint).catch(() => {}); // the follower settles without it
  await inngest.send({ name: RELAY_SUBMITTED, data: { id: record.id } });
  return serializeRelay(await db.relayOperation.findUniqueOrThrow({ where: { id } }));
}

interface RpcReceipt {
  userOpHash: Hex;
  sender: Address;
  nonce: Hex;
  actualGasCost: Hex;
  actualGasUsed: Hex;
  success: boolean;
  reason?: Hex | null;
  logs: unknown[];
  receipt: { transactionHash: Hex; blockNumber: Hex; blockHash: Hex };
}

const getReceipt = (network: string, hash: string) => bundlerRpc<RpcReceipt | null>(network, "eth_getUserOperationReceipt", [hash]);

/** Stores the outcome of a pending operation once the bundler has its receipt; returns the record. */
export async function refreshRelay(record: RelayOperation): Promise<RelayOperation> {
  if (record.status !== "pending") return record;
  const execution = await receiptExecution(record);
  return execution ? settleExecuted(record.id, execution) : record;
}

async function findRelay(scope: Scope, hash: string): Promise<RelayOperation> {
  const record = await db.relayOperation.findUnique({
    where: { tenantId_livemode_userOpHash: { tenantId: scope.tenantId, livemode: scope.livemode, userOpHash: hash.toLowerCase() } },
  });
  if (!record) throw notFound("relay operation", hash);
  return record;
}

export async function relayStatus(scope: Scope, hash: string) {
  const record = await findRelay(scope, hash);
  // The bundler being briefly unreachable leaves the stored status as it is.
  return serializeRelay(await refreshRelay(record).catch(() => record));
}

export async function relayReceipt(scope: Scope, hash: string, chainId: string) {
  const record = await findRelay(scope, hash);
  if (record.chainId !== chainId) throw notFound("relay operation", hash);
  let receipt: RpcReceipt | null;
  try {
    receipt = await getReceipt(record.network, record.userOpHash);
  } catch (error) {
    if (error instanceof BundlerError) throw new ApiError(502, "api_error", "bundler_unavailable", `The bundler could not give the receipt: ${error.message}`);
    throw error;
  }
  if (receipt) await refreshRelay(record).catch(() => {});
  return {
    object: "relay_receipt" as const,
    user_op_hash: record.userOpHash,
    chain_id: record.chainId,
    receipt: receipt && {
      success: receipt.success,
      sender: getAddress(receipt.sender),
      nonce: BigInt(receipt.nonce).toString(),
      actual_gas_cost: BigInt(receipt.actualGasCost).toString(),
      actual_gas_used: BigInt(receipt.actualGasUsed).toString(),
      reason: receipt.reason && receipt.reason !== "0x" ? receipt.reason : null,
      transaction_hash: receipt.receipt.transactionHash,
      block_number: BigInt(receipt.receipt.blockNumber).toString(),
      block_hash: receipt.receipt.blockHash,
      logs: receipt.logs.length,
    },
  };
}

export async function listAccountRelays(scope: Scope, address: string, query: ListParams & { chain_id?: string }) {
  const account = await findAccount(scope, address, query.chain_id);
  const where = { tenantId: scope.tenantId, livemode: scope.livemode, sender: account.address, ...(query.chain_id ? { chainId: query.chain_id } : {}) };
  return paginate(db.relayOperation, where, query, serializeRelay);
}

interface RpcGasEstimate {
  preVerificationGas: Hex;
  verificationGasLimit: Hex;
  callGasLimit: Hex;
  paymasterVerificationGasLimit?: Hex | null;
  paymasterPostOpGasLimit?: Hex | null;
}

/** POST /v1/connect/relay/estimate-gas: the bundler's estimate; an operation it cannot simulate is a 400 with its reason. */
export async function estimateGas(scope: Scope, input: { chain_id: string; user_operation: UnsignedUserOperationInput; paymaster_id?: string }) {
  const network = connectNetwork(scope, input.chain_id);
  const account = await findAccount(scope, input.user_operation.sender, input.chain_id);
  // Sponsored (lib/connect/paymasters/sponsor.ts): the paymaster's fields replace the operation's own, estimated with a stub.
  const sponsor = input.paymaster_id ? await loadSponsor(scope, account, input.paymaster_id) : null;
  if (sponsor && (input.user_operation.paymaster || input.user_operation.paymasterData)) {
    throw invalidRequest("parameter_invalid", "With paymaster_id the paymaster fields are filled by the API: leave user_operation.paymaster and paymasterData out.", "paymaster_id");
  }
  const op = sponsor ? { ...input.user_operation, ...sponsor.estimationFields() } : input.user_operation;
  const entryPoint = getAddress(account.entryPoint);
  const fees = await bundlerRpc<{ standard?: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex } }>(network.name, "pimlico_getUserOperationGasPrice", []).catch(() => null);
  const withFees = {
    ...op,
    maxFeePerGas: op.maxFeePerGas ?? (fees?.standard ? BigInt(fees.standard.maxFeePerGas).toString() : "0"),
    maxPriorityFeePerGas: op.maxPriorityFeePerGas ?? (fees?.standard ? BigInt(fees.standard.maxPriorityFeePerGas).toString() : "0"),
  };
  let estimate: RpcGasEstimate;
  try {
    estimate = await bundlerRpc<RpcGasEstimate>(network.name, "eth_estimateUserOperationGas", [
      rpcUserOperation(withFees, (op.signature ?? (account.validator === "passkey" ? PASSKEY_STUB_SIGNATURE : STUB_ECDSA_SIGNATURE)) as Hex),
      entryPoint,
      ESTIMATION_FUNDS(getAddress(op.sender)),
    ]);
  } catch (error) {
    if (error instanceof BundlerError) {
      if (error.code === null) throw bundlerRejected(error);
      throw invalidRequest("user_operation_invalid", `The bundler could not estimate the user operation: ${error.message}`, "user_operation");
    }
    throw error;
  }
  const dec = (v: Hex | null | undefined) => (v ? BigInt(v).toString() : null);
  const result = {
    object: "gas_estimate" as const,
    chain_id: input.chain_id,
    preVerificationGas: BigInt(estimate.preVerificationGas).toString(),
    // A passkey account's P-256 check is missing from the bundler's estimate: a fixed margin (lib/connect/accounts/passkey.ts).
    verificationGasLimit: (BigInt(estimate.verificationGasLimit) + (account.validator === "passkey" ? PASSKEY_VERIFICATION_GAS_MARGIN : 0n)).toString(),
    callGasLimit: BigInt(estimate.callGasLimit).toString(),
    paymasterVerificationGasLimit: dec(estimate.paymasterVerificationGasLimit),
    paymasterPostOpGasLimit: dec(estimate.paymasterPostOpGasLimit),
    maxFeePerGas: dec(fees?.standard?.maxFeePerGas),
    maxPriorityFeePerGas: dec(fees?.standard?.maxPriorityFeePerGas),
    paymaster: null as string | null,
    paymasterData: null as string | null,
  };
  // Sponsored: the paymaster signs the operation with exactly these gas values and the fees estimated with (lib/connect/paymasters/sponsor.ts).
  return sponsor ? sponsorEstimate(sponsor, rpcUserOperation(withFees, "0x"), result) : result;
}
