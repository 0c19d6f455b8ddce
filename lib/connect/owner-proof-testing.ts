// Test helper: the owner proof of connect mode, signed with a key the test holds, and the switch to connect.
import { expect } from "vitest";
import type { PrivateKeyAccount } from "viem/accounts";
import { call } from "@/test/client";
import { ownerProofTypedData } from "./owner-proof";

/** The body fields that set `owner` for this tenant and mode (expiring in 10 minutes unless told). */
export async function ownerProofFields(scope: { tenantId: string; livemode: boolean }, owner: PrivateKeyAccount, expiresAt = Math.floor(Date.now() / 1000) + 600) {
  const owner_signature = await owner.signTypedData(ownerProofTypedData(scope, owner.address, expiresAt));
  return { owner_signer: owner.address, owner_signature, owner_signature_expires_at: expiresAt };
}

/** PUT /v1/settings/connect: connect mode with `owner`, proven. */
export async function switchToConnect(t: { id: string; key: string; livemode: boolean }, owner: PrivateKeyAccount) {
  const proof = await ownerProofFields({ tenantId: t.id, livemode: t.livemode }, owner);
  const res = await call("PUT", "/v1/settings/connect", { token: t.key, body: { wallet_mode: "connect", ...proof } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
