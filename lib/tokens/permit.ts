// Gasless approvals and transfers: EIP-2612 permits signed by a holder and relayed by the tenant wallet,
// and Permit2 transfers of the tenant wallet's ERC20_ALT tokens, signed off-chain by the server.
import { randomBytes } from "node:crypto";
import {
  parseAbiParameters,
  bytesToBigInt,
  getAddress,
  isAddressEqual,
  maxUint256,
  parseSignature,
  recoverTypedDataAddress,
  serializeSignature,
  type Address,
  type Hex,
} from "viem";
import type { z } from "zod";
import { ApiError, invalidRequest } from "@/lib/core/errors";
import { artifact } from "@/lib/chain/artifacts";
import { chainTarget } from "@/lib/chain/network/clients";
import { hasOpenRecord } from "@/lib/chain/records/statements";
import { PERMIT2_ADDRESS } from "@/lib/chain/network/predeploys";
import { signerFor } from "@/lib/chain/eoa/wallets";
import type { PermitInput, Permit2TransferInput } from "@/lib/schemas/tokens";
import { FUNGIBLE, prepare } from "./operations";
import { PERMIT_TYPES, readPermitState, readToken } from "./reads";
import type { DeployedToken } from "@/lib/tokens/lookup";
import type { Scope } from "@/lib/core/scope";
import { submitTokenWrite } from "./submit";

const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000));

function signatureParts(body: z.output<typeof PermitInput>): { v: number; r: Hex; s: Hex } {
  if (body.signature) {
    try {
      const sig = parseSignature(body.signature as Hex);
      return { v: sig.v !== undefined ? Number(sig.v) : sig.yParity + 27, r: sig.r, s: sig.s };
    } catch {
      throw invalidRequest("parameter_invalid", "Invalid signature: not a 65-byte ECDSA signature", "signature");
    }
  }
  // Wallets differ: some give v as 0/1 (y parity), EIP-2612 wants 27/28.
  const v = body.v! < 27 ? body.v! + 27 : body.v!;
  if (v !== 27 && v !== 28) throw invalidRequest("parameter_invalid", "Invalid v: must be 27 or 28 (or 0 or 1)", "v");
  return { v, r: body.r as Hex, s: body.s as Hex };
}

export async function permit(scope: Scope, id: string, body: z.output<typeof PermitInput>) {
  const token = await prepare(scope, id, body, { operation: "permit", standards: FUNGIBLE });
  const deadline = BigInt(body.deadline);
  if (deadline < nowSeconds()) throw invalidRequest("permit_expired", "The permit's deadline has passed; sign a new one.", "deadline");
  const { v, r, s } = signatureParts(body);

  // Verified here so that a bad signature is a 400 now rather than a failed transaction later.
  const owner = getAddress(body.owner);
  const { domain, nonce } = await readPermitState(token, owner);
  const message = { owner, spender: getAddress(body.spender), value: BigInt(body.value), nonce, deadline };
  let signer: Address | null = null;
  try {
    signer = await recoverTypedDataAddress({ domain, types: PERMIT_TYPES, primaryType: "Permit", message, signature: serializeSignature({ r, s, v: BigInt(v) }) });
  } catch {
    signer = null;
  }
  if (!signer || !isAddressEqual(signer, owner)) {
    throw invalidRequest(
      "invalid_signature",
      `The signature is not the owner's permit for this token, spender, value, deadline and the current nonce ${nonce} (see GET /v1/tokens/${id}/permit_info).`,
      body.signature ? "signature" : "v",
    );
  }

  return submitTokenWrite(scope, token, {
    kind: "token.permit",
    functionName: "permit",
    args: [owner, message.spender, message.value, deadline, v, r, s],
    request: body,
    events: [{ type: "token.approved", data: { owner, spender: message.spender, amount: body.value, via: "permit" } }],
  });
}

// ---------- Permit2 ----------

const PERMIT2_TYPES = {
  PermitTransferFrom: [
    { name: "permitted", type: "TokenPermissions" },
    { name: "spender", type: "address" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
  TokenPermissions: parseAbiParameters("address token, uint256 amount"),
} as const;

/**
 * Permit2 moves tokens with a plain ERC-20 allowance of the owner to Permit2. The tenant wallet gives it
 * once (max, never spent down) on the first Permit2 transfer. The transfer is not held back for it: the
 * wallet's run sends writes in order and estimates a write behind unmined ones again once they are mined.
 */
async function ensurePermit2Approval(scope: Scope, token: DeployedToken, owner: Address, amount: bigint) {
  const allowance = await readToken<bigint>(token, "allowance", [owner, PERMIT2_ADDRESS]);
  if (allowance >= amount || (await hasOpenRecord(token.id, "token.permit2_approve"))) return;
  await submitTokenWrite(scope, token, {
    kind: "token.permit2_approve",
    functionName: "approve",
    args: [PERMIT2_ADDRESS, maxUint256],
    request: { spender: PERMIT2_ADDRESS, amount: maxUint256.toString() },
  });
}

export async function permit2Transfer(scope: Scope, id: string, body: z.output<typeof Permit2TransferInput>) {
  const token = await prepare(scope, id, body, { operation: "permit2_transfer", standards: ["ERC20_ALT"] });
  const deadline = body.deadline !== undefined ? BigInt(body.deadline) : nowSeconds() + 3600n;
  if (deadline <= nowSeconds()) throw invalidRequest("parameter_invalid", "Invalid deadline: it has passed", "deadline");
  const amount = BigInt(body.amount);
  const signer = await signerFor(scope.tenantId, scope.livemode);
  await ensurePermit2Approval(scope, token, signer.address, amount);

  // Permit2 nonces are unordered (a bitmap): a random 256-bit nonce never collides in practice.
  const nonce = bytesToBigInt(randomBytes(32));
  const permitted = { token: token.address, amount };
  const signature = await signer.signTypedData({
    domain: { name: "Permit2", chainId: chainTarget(token.network).chain.id, verifyingContract: PERMIT2_ADDRESS },
    types: PERMIT2_TYPES,
    primaryType: "PermitTransferFrom",
    message: { permitted, spender: signer.address, nonce, deadline },
  });
  return submitTokenWrite(scope, token, {
    kind: "token.permit2_transfer",
    functionName: "permitTransferFrom",
    args: [{ permitted, nonce, deadline }, { to: getAddress(body.to), requestedAmount: amount }, signer.address, signature],
    request: { ...body, deadline: deadline.toString() },
    contract: { address: PERMIT2_ADDRESS, abi: artifact("Permit2").abi },
    events: [{ type: "token.transferred", data: { from: signer.address, to: getAddress(body.to), amount: body.amount, via: "permit2" } }],
  });
}
