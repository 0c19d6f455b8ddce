// Confidential decrypt requests (platform 4.10). Opt-in per tenant and mode (the `confidential_decrypt` feature
// flag gates all three operations). A request records a ciphertext handle and the contract allowed to decrypt
// it, with the gateway signer that must answer it: the feature's config.gateway_signer, else the platform's
// CONFIDENTIAL_GATEWAY_SIGNER; with neither, creation answers 400 `gateway_not_configured` and records nothing.
// Fulfilment is pushed: the gateway (or the tenant's relayer) posts the plaintext with the gateway's EIP-712
// signature (./gateway.ts), verified before anything changes. Only the requesting tenant, in the request's mode,
// reads it; anyone else gets 404.
import { getAddress, isAddress, type Address, type Hex } from "viem";
import type { z } from "zod";
import { hotQuery } from "@/lib/db";
import { ApiError, conflict, invalidRequest, notFound } from "@/lib/core/errors";
import { newId, unixSeconds } from "@/lib/core/ids";
import { servingChainId } from "@/lib/chain/network/clients";
import { networkFor } from "@/lib/chain/network/networks";
import { writeOnce } from "@/lib/chain/intake";
import { requireFeature } from "@/lib/features/service";
import type { CreateDecryptRequestInput, FulfillDecryptRequestInput } from "@/lib/schemas/confidential";
import type { Scope } from "@/lib/core/scope";
import { decryptionSigner } from "./gateway";

const FEATURE = "confidential_decrypt";
export const GATEWAY_ENV = "CONFIDENTIAL_GATEWAY_SIGNER";

interface Row {
  id: string;
  livemode: boolean;
  network: string;
  handle: string;
  contract_address: string;
  gateway_signer: string;
  status: "pending" | "fulfilled";
  plaintext: string | null;
  signature: string | null;
  expires_at: Date;
  fulfilled_at: Date | null;
  created_at: Date;
  /** Computed by the database, whose clock wrote expires_at. */
  is_expired: boolean;
}

const COLUMNS =
  "id, livemode, network, handle, contract_address, gateway_signer, status, plaintext, signature, expires_at, fulfilled_at, created_at, " +
  "(status = 'pending' AND expires_at <= now()) AS is_expired";

function serialize(row: Row) {
  return {
    object: "decrypt_request" as const,
    id: row.id,
    handle: row.handle,
    contract_address: row.contract_address,
    network: row.network,
    // The chain that serves the network (31337 for one the local chain serves), as the gateway reads it.
    chain_id: servingChainId(row.network) ?? 0,
    gateway_signer: row.gateway_signer,
    status: row.is_expired ? ("expired" as const) : row.status,
    plaintext: row.status === "fulfilled" ? row.plaintext : null,
    signature: row.status === "fulfilled" ? row.signature : null,
    expires_at: unixSeconds(row.expires_at),
    fulfilled: row.fulfilled_at ? unixSeconds(row.fulfilled_at) : null,
    livemode: row.livemode,
    created: unixSeconds(row.created_at),
  };
}

/** The gateway of the tenant (its feature config) or of the platform (env); 400 naming both when neither is set. */
function gatewaySigner(configured: string | undefined): Address {
  const value = configured ?? process.env[GATEWAY_ENV]?.trim();
  if (value && isAddress(value, { strict: false })) return getAddress(value);
  throw invalidRequest(
    "gateway_not_configured",
    value
      ? `No decryption gateway: ${GATEWAY_ENV} is not an address. Set it to the gateway's signer address, or set config.gateway_signer of the confidential_decrypt feature.`
      : `No decryption gateway is configured: set config.gateway_signer of the confidential_decrypt feature (POST /v1/tenant-features/confidential_decrypt) or the platform's ${GATEWAY_ENV}.`,
  );
}

/** Records the request once per idempotency key: its answer commits with the row (the kit, lib/chain/intake/resources). */
export async function createDecryptRequest(scope: Scope, input: z.output<typeof CreateDecryptRequestInput>) {
  return writeOnce({
    async check() {
      const config = await requireFeature(scope, FEATURE);
      return { config, network: networkFor(input.network, scope.livemode).name, signer: gatewaySigner(config.gateway_signer) };
    },
    record: async ({ client }, { config, network, signer }) => serialize((await client.query<Row>(insertSql, [
      newId("dcr"), scope.tenantId, scope.livemode, network, input.handle.toLowerCase(), getAddress(input.contract_address), signer, config.request_ttl_seconds,
    ])).rows[0]),
    rows: { kind: "decrypt_request" },
  });
}

const insertSql = `INSERT INTO decrypt_requests (id, tenant_id, livemode, network, handle, contract_address, gateway_signer, expires_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8), now())
     RETURNING ${COLUMNS}`;

async function findRow(scope: Scope, id: string): Promise<Row> {
  const { rows } = await hotQuery<Row>(
    "find_decrypt_request",
    `SELECT ${COLUMNS} FROM decrypt_requests WHERE id = $1 AND tenant_id = $2 AND livemode = $3`,
    [id, scope.tenantId, scope.livemode],
  );
  if (!rows.length) throw notFound("decrypt request", id);
  return rows[0];
}

export async function getDecryptRequest(scope: Scope, id: string) {
  await requireFeature(scope, FEATURE);
  return serialize(await findRow(scope, id));
}

/**
 * POST …/{id}/fulfill. The signature must be the request's gateway signer's over this request's answer (400
 * `signature_invalid`, nothing changes). Fulfilling again with the same plaintext answers the record (a
 * relayer's retry); another plaintext answers 409 `decrypt_request_fulfilled`; past expires_at, 409
 * `decrypt_request_expired`. Two fulfilments at once: one conditional update wins, the other rereads.
 */
export async function fulfillDecryptRequest(scope: Scope, id: string, input: z.output<typeof FulfillDecryptRequestInput>) {
  await requireFeature(scope, FEATURE);
  const row = await findRow(scope, id);
  const chainId = servingChainId(row.network);
  if (chainId === undefined) throw new ApiError(409, "invalid_request_error", "network_unknown", `The request's network '${row.network}' is no longer configured.`);
  const answer = { id: row.id, chainId, contractAddress: row.contract_address as Address, handle: row.handle as Hex, plaintext: input.plaintext };
  const signer = await decryptionSigner(answer, input.signature as Hex);
  if (signer !== getAddress(row.gateway_signer)) {
    throw invalidRequest(
      "signature_invalid",
      `Invalid signature: it is not the gateway ${row.gateway_signer}'s EIP-712 DecryptionResult signature of this request's plaintext.`,
      "signature",
    );
  }
  const { rows } = await hotQuery<Row>(
    "fulfill_decrypt_request",
    `UPDATE decrypt_requests SET status = 'fulfilled', plaintext = $4, signature = $5, fulfilled_at = now(), updated_at = now()
     WHERE id = $1 AND tenant_id = $2 AND livemode = $3 AND status = 'pending' AND expires_at > now()
     RETURNING ${COLUMNS}`,
    [row.id, scope.tenantId, scope.livemode, input.plaintext, input.signature.toLowerCase()],
  );
  if (rows.length) return serialize(rows[0]);
  const now = await findRow(scope, id);
  if (now.status === "fulfilled") {
    if (now.plaintext === input.plaintext) return serialize(now);
    throw conflict("decrypt_request_fulfilled", `Decrypt request '${id}' was already fulfilled with another plaintext.`, "plaintext");
  }
  throw conflict("decrypt_request_expired", `Decrypt request '${id}' expired at ${now.expires_at.toISOString()}; create a new one.`);
}
