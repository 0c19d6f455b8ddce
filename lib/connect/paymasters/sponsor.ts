// Sponsored user operations: the tenant's verifying paymaster (lib/connect/paymasters/service.ts) pays the gas, so
// the account needs no ETH. For the EntryPoint v0.7 sample VerifyingPaymaster
// (@account-abstraction/contracts/samples/VerifyingPaymaster.sol) the v0.7 paymaster fields are
//   paymaster                       the contract
//   paymasterVerificationGasLimit,  from the bundler's estimate (made with a stub paymaster signature of
//   paymasterPostOpGasLimit         the real length, so preVerificationGas counts the real data size)
//   paymasterData                   abi.encode(uint48 validUntil, uint48 validAfter) ++ 65-byte signature
// where the signature is the paymaster signer's EIP-191 personal signature of the contract's
// getHash(userOp, validUntil, validAfter), computed here with the same encoding (the test checks it
// against the deployed contract). The signer key is decrypted in memory for the signature only; it is
// never logged or returned. The paymaster data covers every gas and fee field: they are final once signed.
import { concatHex, encodeAbiParameters, getAddress, keccak256, parseAbi, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { ApiError, invalidRequest } from "@/lib/core/errors";
import { chainTarget, publicClient } from "@/lib/chain/network/clients";
import { decryptPrivateKey } from "@/lib/crypto/secrets";
import type { ConnectAccount } from "@/lib/generated/prisma/client";
import type { Scope } from "@/lib/core/scope";

/** How long a paymaster signature stays valid (seconds from now, or from the chain's clock when it is ahead). */
export const SPONSOR_VALIDITY_SECONDS = 3600;

/**
 * A real 65-byte signature (key 0x11…11 over the hash 0x00…01): the estimate runs the paymaster's ECDSA
 * recovery on data of the real size; it recovers to another address, so validation fails without reverting.
 */
const STUB_PAYMASTER_SIGNATURE: Hex =
  "0x74da5d892a7d1f48bc1c4e7380ae87153cb7c38f030bfcdb10b69067b82d2d6930d86c92de3cd87ab5a607e2eaf33425ff3525c3081f78a60c30c81546d2f1791b";

/** Used for estimation when the bundler does not say (alto does). */
const DEFAULT_PAYMASTER_VERIFICATION_GAS = 100_000n;

const depositAbi = parseAbi(["function balanceOf(address account) view returns (uint256)"]);

/** A user operation in bundler RPC form: hex quantities, factory/paymaster fields unpacked. */
export type RpcUserOp = Record<string, string>;

export interface PaymasterGasEstimate {
  paymasterVerificationGasLimit?: Hex | null;
  paymasterPostOpGasLimit?: Hex | null;
}

const hex = (v: bigint) => `0x${v.toString(16)}` as Hex;
const big = (v: string | undefined) => (v === undefined || v === null ? 0n : BigInt(v));
const timestamps = (validUntil: number, validAfter: number) =>
  encodeAbiParameters([{ type: "uint48" }, { type: "uint48" }], [validUntil, validAfter]);

/**
 * VerifyingPaymaster.getHash(userOp, validUntil, validAfter) of EntryPoint v0.7's sample: every field of the
 * packed operation but paymasterAndData, plus the paymaster's gas limits, the chain id and the contract.
 */
export function verifyingPaymasterHash(op: RpcUserOp, chainId: number, validUntil: number, validAfter: number): Hex {
  const initCode = op.factory ? concatHex([op.factory as Hex, (op.factoryData ?? "0x") as Hex]) : "0x";
  const pack = (high: bigint, low: bigint) => (high << 128n) | low;
  return keccak256(
    encodeAbiParameters(
      [
        { type: "address" }, { type: "uint256" }, { type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }, { type: "uint256" },
        { type: "uint256" }, { type: "uint256" }, { type: "uint256" }, { type: "address" }, { type: "uint48" }, { type: "uint48" },
      ],
      [
        getAddress(op.sender),
        big(op.nonce),
        keccak256(initCode),
        keccak256(op.callData as Hex),
        pack(big(op.verificationGasLimit), big(op.callGasLimit)), // accountGasLimits
        pack(big(op.paymasterVerificationGasLimit), big(op.paymasterPostOpGasLimit)),
        big(op.preVerificationGas),
        pack(big(op.maxPriorityFeePerGas), big(op.maxFeePerGas)), // gasFees
        BigInt(chainId),
        getAddress(op.paymaster),
        validUntil,
        validAfter,
      ],
    ),
  );
}

export interface Sponsor {
  id: string;
  paymaster: Address;
  /** Paymaster fields to estimate with: the contract, a stub signature of the real length. */
  estimationFields(): RpcUserOp;
  /**
   * The final paymaster fields of `op` (whose gas and fee fields are final): gas limits from the estimate,
   * and paymasterData signed by the paymaster's key. 400 when its EntryPoint deposit cannot pay the operation.
   */
  sign(op: RpcUserOp, estimate: PaymasterGasEstimate): Promise<RpcUserOp>;
}

/**
 * The tenant's active paymaster `id` for an operation of `account`: 404 when it is not the tenant's (in this
 * mode), 400 when deactivated, registered for another chain, or with nothing deposited at the EntryPoint.
 */
export async function loadSponsor(scope: Scope, account: ConnectAccount, id: string, param = "paymaster_id"): Promise<Sponsor> {
  const record = await db.connectPaymaster.findFirst({ where: { id, tenantId: scope.tenantId, livemode: scope.livemode } });
  if (!record) throw new ApiError(404, "invalid_request_error", "resource_missing", `No such paymaster: '${id}'`, param);
  if (!record.active) throw invalidRequest("paymaster_inactive", `Paymaster ${id} is deactivated: register it again to sponsor operations with it.`, param);
  if (record.chainId !== account.chainId) {
    throw invalidRequest("paymaster_chain_mismatch", `Paymaster ${id} is registered on chain ${record.chainId}, the account on chain ${account.chainId}.`, param);
  }
  const paymaster = getAddress(record.address);
  const network = account.network;
  const depositOf = () =>
    publicClient(network)
      .readContract({ address: getAddress(account.entryPoint), abi: depositAbi, functionName: "balanceOf", args: [paymaster] })
      .catch(() => {
        throw new ApiError(502, "api_error", "chain_unavailable", `The ${network} RPC could not be reached to sponsor the operation; retry shortly.`);
      });
  const insufficient = (deposit: bigint, required: bigint) =>
    invalidRequest(
      "paymaster_deposit_insufficient",
      `Paymaster ${id}'s EntryPoint deposit (${deposit} wei) cannot pay this operation's maximum cost (${required} wei): fund it with EntryPoint.depositTo(${paymaster}).`,
      param,
    );
  // Nothing deposited: refused before estimating (the bundler would say AA31).
  const initial = await depositOf();
  if (initial === 0n) throw insufficient(0n, 1n);

  return {
    id,
    paymaster,
    estimationFields: () => ({
      paymaster,
      paymasterVerificationGasLimit: hex(DEFAULT_PAYMASTER_VERIFICATION_GAS),
      paymasterPostOpGasLimit: "0x0",
      paymasterData: concatHex([timestamps(0, 0), STUB_PAYMASTER_SIGNATURE]),
    }),
    async sign(op, estimate) {
      const client = publicClient(network);
      const fields: RpcUserOp = {
        paymaster,
        paymasterVerificationGasLimit: estimate.paymasterVerificationGasLimit ?? hex(DEFAULT_PAYMASTER_VERIFICATION_GAS),
        paymasterPostOpGasLimit: estimate.paymasterPostOpGasLimit ?? "0x0",
      };
      const final = { ...op, ...fields };
      const [block, deposit] = await Promise.all([
        client.getBlock({ blockTag: "latest" }).catch(() => {
          throw new ApiError(502, "api_error", "chain_unavailable", `The ${network} RPC could not be reached to sponsor the operation; retry shortly.`);
        }),
        depositOf(),
      ]);
      const gas = ["preVerificationGas", "verificationGasLimit", "callGasLimit", "paymasterVerificationGasLimit", "paymasterPostOpGasLimit"].reduce((sum, k) => sum + big(final[k]), 0n);
      const required = gas * big(final.maxFeePerGas);
      if (deposit < required) throw insufficient(deposit, required);
      // The chain's clock may run ahead of ours (a local chain moved forward by tests): count from the later.
      const now = Math.max(Math.floor(Date.now() / 1000), Number(block.timestamp));
      const validUntil = now + SPONSOR_VALIDITY_SECONDS;
      const validAfter = 0;
      const hash = verifyingPaymasterHash(final, chainTarget(network).chain.id, validUntil, validAfter);
      const signature = await privateKeyToAccount(decryptPrivateKey(record.encryptedKey)).signMessage({ message: { raw: hash } });
      return { ...fields, paymasterData: concatHex([timestamps(validUntil, validAfter), signature]) };
    },
  };
}

interface EstimateResult {
  preVerificationGas: string;
  verificationGasLimit: string;
  callGasLimit: string;
  paymasterVerificationGasLimit: string | null;
  paymasterPostOpGasLimit: string | null;
  maxFeePerGas: string | null;
  maxPriorityFeePerGas: string | null;
  paymaster: string | null;
  paymasterData: string | null;
}

/**
 * POST /v1/connect/relay/estimate-gas with paymaster_id: `op` (RPC form, the fees it was estimated with) takes
 * the estimate's gas values, the paymaster signs it, and the answer carries the signed paymaster fields and
 * those fees: the client builds its operation from exactly these values.
 */
export async function sponsorEstimate<R extends EstimateResult>(sponsor: Sponsor, op: RpcUserOp, result: R): Promise<R> {
  const q = (v: string | null) => (v === null ? null : hex(BigInt(v)));
  const final = { ...op, preVerificationGas: q(result.preVerificationGas)!, verificationGasLimit: q(result.verificationGasLimit)!, callGasLimit: q(result.callGasLimit)! };
  const fields = await sponsor.sign(final, { paymasterVerificationGasLimit: q(result.paymasterVerificationGasLimit), paymasterPostOpGasLimit: q(result.paymasterPostOpGasLimit) });
  const dec = (v: string) => BigInt(v).toString();
  return {
    ...result,
    paymasterVerificationGasLimit: dec(fields.paymasterVerificationGasLimit),
    paymasterPostOpGasLimit: dec(fields.paymasterPostOpGasLimit),
    maxFeePerGas: dec(op.maxFeePerGas),
    maxPriorityFeePerGas: dec(op.maxPriorityFeePerGas),
    paymaster: fields.paymaster,
    paymasterData: fields.paymasterData,
  };
}
