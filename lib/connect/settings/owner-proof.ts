// Proof that a tenant's connect-mode owner controls its key: an EIP-712 signature by the owner of a message
// naming the tenant, the mode, the owner and an expiry. Without it any tenant could name another's owner.
// Stateless (no challenge endpoint): the client picks the expiry, at most an hour ahead; the settings row
// keeps the expiry of the last accepted proof, and the next must expire later, so each proof is used once.
import { parseAbiParameters, getAddress, recoverTypedDataAddress, type Address, type Hex } from "viem";
import { invalidRequest } from "@/lib/core/errors";
import type { Scope } from "@/lib/core/scope";

export const OWNER_PROOF_MAX_SECONDS = 3600;

export const OWNER_PROOF_DOMAIN = { name: "Token Platform Connect Owner", version: "1" } as const;
export const OWNER_PROOF_TYPES = {
  ConnectOwner: parseAbiParameters("string tenant, bool livemode, address owner, uint256 expiresAt"),
} as const;

/** What the owner signs (eth_signTypedData_v4) to become the owner of the tenant's accounts in this mode. */
export const ownerProofTypedData = (scope: Scope, owner: Address, expiresAt: number) => ({
  domain: OWNER_PROOF_DOMAIN,
  types: OWNER_PROOF_TYPES,
  primaryType: "ConnectOwner" as const,
  message: { tenant: scope.tenantId, livemode: scope.livemode, owner: getAddress(owner), expiresAt: BigInt(expiresAt) },
});

export const ownerProofUsed = () =>
  invalidRequest("owner_signature_used", "This owner proof, or a later one, was already used for this tenant and mode: sign a new ConnectOwner message with a later expiresAt.", "owner_signature");

export interface OwnerProofInput {
  owner_signer: string;
  owner_signature?: string;
  owner_signature_expires_at?: number;
}

/**
 * Checks the proof of `input.owner_signer` for this tenant and mode; 400 naming the field otherwise.
 * `lastExpiry`: that of the last proof accepted here. Returns the proof's expiry, to store.
 */
export async function verifyOwnerProof(scope: Scope, input: OwnerProofInput, lastExpiry: Date | null, now = new Date()): Promise<Date> {
  const { owner_signature: signature, owner_signature_expires_at: expiresAt } = input;
  if (!signature) throw invalidRequest("parameter_missing", "Missing owner_signature: the owner signs the ConnectOwner message for this tenant and mode (see the field's description).", "owner_signature");
  if (expiresAt === undefined) throw invalidRequest("parameter_missing", "Missing owner_signature_expires_at: the expiresAt the owner signed (Unix seconds).", "owner_signature_expires_at");
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (expiresAt <= nowSeconds) throw invalidRequest("owner_signature_expired", "owner_signature_expires_at has passed: sign a new ConnectOwner message.", "owner_signature_expires_at");
  if (expiresAt > nowSeconds + OWNER_PROOF_MAX_SECONDS) {
    throw invalidRequest("parameter_invalid", `owner_signature_expires_at must be at most ${OWNER_PROOF_MAX_SECONDS} seconds ahead.`, "owner_signature_expires_at");
  }
  const owner = getAddress(input.owner_signer);
  const signer = await recoverTypedDataAddress({ ...ownerProofTypedData(scope, owner, expiresAt), signature: signature as Hex }).catch(() => null);
  if (signer !== owner) {
    throw invalidRequest("owner_signature_invalid", "owner_signature is not owner_signer's signature of the ConnectOwner message for this tenant, mode and expiry.", "owner_signature");
  }
  if (lastExpiry && expiresAt * 1000 <= lastExpiry.getTime()) throw ownerProofUsed();
  return new Date(expiresAt * 1000);
}
