// The console's settings page: what it reads (the Connect settings and wallet mode of the environment shown)
// and the owner proof it prepares for a switch to connect mode. The writes are lib/connect/settings/service.ts's,
// the same as PUT /v1/settings/*.
import { getAddress, getTypesForEIP712Domain, serializeTypedData, type Address } from "viem";
import { conflict } from "@/lib/core/errors";
import { readSettings, serializeConnect } from "@/lib/connect/settings/service";
import { walletMode } from "@/lib/connect/settings/wallet-mode";
import { OWNER_PROOF_MAX_SECONDS, ownerProofTypedData } from "@/lib/connect/settings/owner-proof";
import type { ConsoleEnvironment } from "./environment";
import type { ConsoleContext } from "./session";
import type { Scope } from "@/lib/core/scope";

/** Everything the settings page shows, for one tenant and mode. */
export async function loadSettings(scope: Scope) {
  const [settings, wallet] = await Promise.all([readSettings(scope), walletMode(scope)]);
  return { connect: serializeConnect(scope, settings), wallet };
}

/**
 * A form saves into the environment it was shown for: if the switch was flipped in another tab since, the
 * save is refused instead of landing in the other environment's settings.
 */
export function assertEnvironment(context: ConsoleContext, shown: ConsoleEnvironment) {
  if (context.environment !== shown) {
    throw conflict(
      "environment_changed",
      `This page shows ${shown} settings but the console is now in ${context.environment} mode (switched in another tab): reload the page and save again.`,
    );
  }
}

// Long enough to sign on another device, within the hour the API accepts.
export const OWNER_PROOF_CONSOLE_SECONDS = Math.min(30 * 60, OWNER_PROOF_MAX_SECONDS);

/**
 * The ConnectOwner message the owner signs to switch this tenant and mode to connect mode, as the JSON a
 * wallet takes for eth_signTypedData_v4 (EIP712Domain included, as viem sends it).
 */
export function ownerProofRequest(scope: Scope, owner: string, now = new Date()) {
  const ownerSigner: Address = getAddress(owner);
  const expiresAt = Math.floor(now.getTime() / 1000) + OWNER_PROOF_CONSOLE_SECONDS;
  const typed = ownerProofTypedData(scope, ownerSigner, expiresAt);
  const withDomain = { ...typed, types: { EIP712Domain: getTypesForEIP712Domain({ domain: typed.domain }), ...typed.types } };
  const typedData = serializeTypedData(withDomain as unknown as Parameters<typeof serializeTypedData>[0]);
  // expiresAt as a JSON number (viem writes bigints as strings; wallets take both, and it is what the API field is).
  const json = JSON.parse(typedData) as { message: { expiresAt: number } };
  json.message.expiresAt = expiresAt;
  // Indented for reading, each type's field on one line.
  const text = JSON.stringify(json, null, 2).replace(/\{\s+("name": "\w+"),\s+("type": "\w+")\s+\}/g, "{ $1, $2 }");
  return { owner_signer: ownerSigner, owner_signature_expires_at: expiresAt, typed_data: text };
}
