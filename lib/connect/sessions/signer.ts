// Signing with a server-held session key (./sessions): a connect-mode write made without the owner finds an
// active session whose scope covers its call, and the session signs only an operation this platform built and
// stored, after checking its call, gas and paymaster against the session (outOfScope).
import { decodeFunctionData, getAddress, parseAbi, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { ApiError, invalidRequest } from "@/lib/core/errors";
import { decryptPrivateKey } from "@/lib/crypto/secrets";
import type { ConnectSessionKey } from "@/lib/generated/prisma/client";
import type { Scope } from "@/lib/core/scope";
import { validatorNonceKey } from "@/lib/connect/accounts/modules";
import { matches, NO_DATA_SELECTOR, now, pairKey, paymasterOf, readOnChain, SIGNING_MARGIN_SECONDS } from "@/lib/connect/sessions/service";

export interface SessionSigner {
  sessionKeyId: string;
  validator: Address;
  /** Key of the user operation's nonce (EntryPoint getNonce(account, nonceKey)). */
  nonceKey: bigint;
  /** The refusal `sign` would give this built operation (its call, gas, paymaster), checked before it is stored. */
  refusal(op: Record<string, string | null | undefined>): ApiError | null;
  /**
   * personal_sign(userOpHash) with the server-held key, read and decrypted at the moment of signing; only
   * for an operation of the account this platform built and stored (POST …/ops, the account's run), whose
   * call, gas and paymaster the session permits: else 400 session_scope_exceeded.
   */
  sign(userOpHash: Hex): Promise<Hex>;
}

const kernelExecute = parseAbi(["function execute(bytes32 mode, bytes executionCalldata)"]);
const SINGLE_MODE = `0x${"00".repeat(32)}`;

/** The one call of a Kernel single execute, or null (batch, other modes, malformed). */
function singleCall(callData: Hex): { to: string; value: bigint; selector: Hex } | null {
  try {
    const { args } = decodeFunctionData({ abi: kernelExecute, data: callData });
    const [mode, execution] = args;
    if (mode !== SINGLE_MODE || execution.length < 2 + 104) return null;
    const data = `0x${execution.slice(106)}`;
    if (data.length > 2 && data.length < 10) return null;
    return { to: `0x${execution.slice(2, 42)}`.toLowerCase(), value: BigInt(`0x${execution.slice(42, 106)}`), selector: (data.length >= 10 ? data.slice(0, 10).toLowerCase() : NO_DATA_SELECTOR) as Hex };
  } catch {
    return null;
  }
}

const big = (v: unknown) => (typeof v === "string" && v ? BigInt(v) : 0n);

const scopeExceeded = (sessionKeyId: string, reason: string) =>
  invalidRequest("session_scope_exceeded", `Session key ${sessionKeyId} may not sign this user operation: ${reason}.`, "user_op_hash");

/** Why the session may not sign this stored user operation (its call, gas, paymaster), or null when it may. */
export function outOfScope(r: ConnectSessionKey, op: Record<string, string | null | undefined>): string | null {
  const call = singleCall((op.callData ?? "0x") as Hex);
  if (!call) return "it is not a single call (the session validator accepts one execute call)";
  if (!r.permissions.includes(pairKey(call.to, call.selector))) return `the session does not permit ${call.selector} on ${getAddress(call.to)}`;
  if (call.value > BigInt(r.valueLimit)) return `its value ${call.value} is above the session's value limit ${r.valueLimit}`;
  const sponsored = Boolean(op.paymaster);
  if (r.gasLimit !== null) {
    const gas = big(op.preVerificationGas) + big(op.verificationGasLimit) + big(op.callGasLimit) + (sponsored ? big(op.paymasterVerificationGasLimit) + big(op.paymasterPostOpGasLimit) : 0n);
    if (gas > r.gasLimit) return `it reserves ${gas} gas, above the session's gas limit ${r.gasLimit}`;
  }
  if (r.paymasterPolicy === "none" && sponsored) return "the session allows no paymaster";
  if (r.paymasterPolicy === "only" && (!sponsored || op.paymaster!.toLowerCase() !== r.paymasterAddress)) return `the session allows only paymaster ${paymasterOf(r)}`;
  return null;
}

/**
 * A server-held, active, unexpired session of the account whose scope covers `call`, so a connect-mode
 * write can be signed without the owner; null when there is none. "Active" is read from chain.
 */
export async function sessionSignerFor(
  scope: Scope,
  account: { address: string; chainId: string },
  call: { to: string; value?: bigint; data?: Hex },
): Promise<SessionSigner | null> {
  const t = now();
  const value = call.value ?? 0n;
  const data = call.data ?? "0x";
  if (data.length > 2 && data.length < 10) return null;
  const selector = (data.length >= 10 ? data.slice(0, 10).toLowerCase() : NO_DATA_SELECTOR) as Hex;
  const to = call.to.toLowerCase();
  if (to === account.address.toLowerCase()) return null;
  const candidates = await db.connectSessionKey.findMany({
    where: {
      tenantId: scope.tenantId,
      livemode: scope.livemode,
      account: account.address.toLowerCase(),
      chainId: account.chainId,
      serverHeld: true,
      encryptedKey: { not: null },
      revokedAt: null,
      validAfter: { lte: BigInt(t) },
      validUntil: { gt: BigInt(t + SIGNING_MARGIN_SECONDS) },
      permissions: { has: pairKey(to, selector) },
    },
    orderBy: { id: "desc" },
  });
  for (const candidate of candidates) {
    if (BigInt(candidate.valueLimit) < value || to === candidate.validatorAddress) continue;
    if (candidate.paymasterPolicy === "only") continue; // the platform's own writes are not sponsored
    if (!matches(candidate, await readOnChain(candidate))) continue;
    const validator = getAddress(candidate.validatorAddress);
    return {
      sessionKeyId: candidate.id,
      validator,
      nonceKey: validatorNonceKey(validator),
      refusal(op) {
        const reason = outOfScope(candidate, op);
        return reason ? scopeExceeded(candidate.id, reason) : null;
      },
      async sign(userOpHash: Hex) {
        const current = await db.connectSessionKey.findFirst({ where: { id: candidate.id, revokedAt: null } });
        if (!current?.encryptedKey) throw new ApiError(400, "invalid_request_error", "session_key_revoked", `Session key ${candidate.id} was revoked.`);
        const stored = await db.relayOperation.findFirst({
          where: { tenantId: scope.tenantId, livemode: scope.livemode, userOpHash: userOpHash.toLowerCase(), sender: current.account, chainId: current.chainId },
        });
        const refusal = stored ? outOfScope(current, stored.userOperation as Record<string, string>) : "it is not an operation of this account built here";
        if (refusal) throw scopeExceeded(candidate.id, refusal);
        return privateKeyToAccount(decryptPrivateKey(current.encryptedKey)).signMessage({ message: { raw: userOpHash } });
      },
    };
  }
  return null;
}
