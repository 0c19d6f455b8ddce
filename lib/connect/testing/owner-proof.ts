// Test helper: the owner proof of connect mode, signed with a key the test holds (the switch itself:
// switchToConnect in ./testing).
import type { PrivateKeyAccount } from "viem/accounts";
import { ownerProofTypedData } from "@/lib/connect/settings/owner-proof";

/** The body fields that set `owner` for this tenant and mode (expiring in 10 minutes unless told). */
export async function ownerProofFields(scope: { tenantId: string; livemode: boolean }, owner: PrivateKeyAccount, expiresAt = Math.floor(Date.now() / 1000) + 600) {
  const owner_signature = await owner.signTypedData(ownerProofTypedData(scope, owner.address, expiresAt));
  return { owner_signer: owner.address, owner_signature, owner_signature_expires_at: expiresAt };
}
