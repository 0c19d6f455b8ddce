// Sign-in with Ethereum (EIP-4361) for Connect: POST /v1/connect/verify checks the message and its
// signature with viem's SIWE helpers and answers a Connect session token.
// Rules (the spec names domain, nonce and expiry):
// - domain: the authority (host[:port]) of one of the tenant's allowed origins (GET /v1/settings/cors),
//   so a message made for another site cannot sign in here;
// - nonce: EIP-4361's at least 8 alphanumerics, usable once per tenant and mode. The spec has no nonce
//   endpoint: the DApp makes the nonce (viem's generateSiweNonce); we remember every nonce that signed
//   in, so a replayed message answers 400 `siwe_nonce_used`;
// - chain: the message's Chain ID must be a network this key's mode serves here (test keys: test networks,
//   live keys: mainnets; with an RPC on this deployment), else 400 on chain_id: a session for a chain the
//   tenant cannot act on is refused before the nonce is spent;
// - time: expirationTime and notBefore are honoured; issuedAt must lie within the last 24 hours (and at
//   most 5 minutes ahead), which also bounds how long a nonce must be remembered;
// - signature: an EOA's personal_sign is checked offline; anything else (a smart account's ERC-1271 or
//   ERC-6492 signature) through verifySiweMessage against the chain of the message's Chain ID.
import { getAddress, verifyMessage, type Hex } from "viem";
import { parseSiweMessage, validateSiweMessage, verifySiweMessage } from "viem/siwe";
import { hotQuery } from "@/lib/db";
import { invalidRequest } from "@/lib/core/errors";
import { publicClient } from "@/lib/chain/network/clients";
import { networkByChainId, networkFor } from "@/lib/chain/network/networks";
import { connectNetwork } from "@/lib/connect/accounts/networks";
import type { Scope } from "@/lib/core/scope";
import { readSettings } from "@/lib/connect/settings/service";
import { issueSessionToken } from "@/lib/connect/sessions/token";

const MAX_AGE_MS = 24 * 3600_000;
const MAX_SKEW_MS = 5 * 60_000;

const bad = (code: string, message: string, param = "message") => invalidRequest(code, message, param);

const useNonceSql = `INSERT INTO connect_siwe_nonces (tenant_id, livemode, nonce, issued_at, used_at, expires_at)
VALUES ($1, $2, $3, $4, now(), $5) ON CONFLICT DO NOTHING`;
const purgeSql = "DELETE FROM connect_siwe_nonces WHERE tenant_id = $1 AND livemode = $2 AND expires_at < now() - interval '1 hour'";

export async function verifySiwe(scope: Scope, input: { message: string; signature: string }) {
  const { address, chainId, domain } = await checkSiwe(scope, input);
  const session = await issueSessionToken({ tenantId: scope.tenantId, livemode: scope.livemode, address, chainId: String(chainId), method: "siwe" });
  return { object: "siwe_session" as const, address, chain_id: String(chainId), domain, ...session };
}

/** The checks listed at the top of this file (domain, time, signature) and the nonce recorded as used; the signer. Also used by the Connect pages (lib/connect/end-users/siwe-page.ts). */
export async function checkSiwe(scope: Scope, input: { message: string; signature: string }) {
  const fields = parseSiweMessage(input.message);
  const { domain, address, nonce, chainId, issuedAt, uri, version } = fields;
  if (!domain || !address || !nonce || !chainId || !issuedAt || !uri || !version) {
    throw bad("invalid_siwe_message", "The message is not an EIP-4361 message: domain, address, URI, Version, Chain ID, Nonce and Issued At are required.");
  }
  if (Number.isNaN(issuedAt.getTime())) throw bad("invalid_siwe_message", "Issued At is not an RFC 3339 date-time.");

  connectNetwork(scope, String(chainId), "chain_id");
  const settings = await readSettings(scope);
  const domains = new Set(settings.allowedOrigins.map((o) => new URL(o).host));
  if (!domains.has(domain)) {
    throw bad("siwe_domain_not_allowed", `The message's domain '${domain.slice(0, 200)}' is not the host of one of the tenant's allowed origins (PUT /v1/settings/cors).`);
  }
  const now = new Date();
  if (!validateSiweMessage({ message: fields, domain, time: now })) {
    const expired = fields.expirationTime && !(now < fields.expirationTime);
    const early = fields.notBefore && now < fields.notBefore;
    throw bad(
      expired ? "siwe_message_expired" : early ? "siwe_message_not_yet_valid" : "invalid_siwe_message",
      expired ? "The message has expired (Expiration Time)." : early ? "The message is not valid yet (Not Before)." : "The message is not a valid EIP-4361 message (nonce of at least 8 alphanumerics, Version 1, a valid address).",
    );
  }
  const age = now.getTime() - issuedAt.getTime();
  if (age > MAX_AGE_MS) throw bad("siwe_message_expired", "The message was issued more than 24 hours ago: sign a new one.");
  if (age < -MAX_SKEW_MS) throw bad("invalid_siwe_message", "The message's Issued At is in the future.");

  const signature = input.signature as Hex;
  const valid = (await verifyMessage({ address, message: input.message, signature }).catch(() => false)) || (await verifyContractSignature(scope, chainId, input.message, signature));
  if (!valid) throw bad("invalid_signature", `The signature is not ${address}'s signature of the message.`, "signature");

  // Once per nonce: the first sign-in with it records it, a replay finds it taken.
  const expires = new Date(Math.min(issuedAt.getTime() + MAX_AGE_MS, fields.expirationTime?.getTime() ?? Infinity) + MAX_SKEW_MS);
  const { rowCount } = await hotQuery("siwe_use_nonce", useNonceSql, [scope.tenantId, scope.livemode, nonce, issuedAt, expires]);
  if (!rowCount) throw bad("siwe_nonce_used", "This nonce has already been used to sign in: sign a new message with a fresh nonce.");
  if (Math.random() < 0.05) await hotQuery("siwe_purge_nonces", purgeSql, [scope.tenantId, scope.livemode]);

  return { address: getAddress(address), chainId, domain, nonce };
}

/** A smart account's signature (ERC-1271, or ERC-6492 while undeployed), on the message's chain when served here. */
async function verifyContractSignature(scope: Scope, chainId: number, message: string, signature: Hex) {
  const network = networkByChainId(chainId);
  if (!network) return false;
  try {
    networkFor(network.name, scope.livemode);
    return await verifySiweMessage(publicClient(network.name), { message, signature });
  } catch {
    return false;
  }
}
