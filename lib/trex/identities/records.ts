// Identity and claim rows and their API shapes. The rows are read with raw SQL too (in the operations'
// onConfirmed, inside the transaction that finalizes a chain write), so the select lists return them in
// the shape of Prisma's models.
import { encodeAbiParameters, keccak256, type Address, type Hex } from "viem";
import { db, pool, type Queryable } from "@/lib/db";
import { selectList } from "@/lib/db/columns";
import { unixSeconds } from "@/lib/core/ids";
import { findScoped } from "@/lib/chain/intake/resource-rows";
import type { Identity, IdentityClaim } from "@/lib/generated/prisma/client";
import type { Scope } from "@/lib/core/scope";
import { countryOf } from "@/lib/core/countries";

export const IDENTITY_COLUMNS = selectList(
  ["id", "tenantId", "livemode", "tokenId", "network", "registry", "wallet", "identityAddress", "country", "source", "status", "failureReason", "lastTxId"],
  ["createdAt", "updatedAt"],
);

export const CLAIM_COLUMNS = selectList(
  ["id", "tenantId", "livemode", "identityId", "topic", "scheme", "issuer", "claimIssuerId", "signature", "data", "uri", "status", "failureReason", "addTxId", "removeTxId"],
  ["createdAt", "updatedAt"],
);

export interface ClaimSummary {
  total: number;
  topics: string[];
}

/** The claims currently on each identity (status `added`), by identity id. */
export async function claimSummaries(identityIds: string[], client: Queryable = pool): Promise<Map<string, ClaimSummary>> {
  const summaries = new Map(identityIds.map((id) => [id, { total: 0, topics: [] as string[] }]));
  if (!identityIds.length) return summaries;
  const { rows } = await client.query(
    `SELECT identity_id, topic FROM identity_claims WHERE identity_id = ANY($1) AND status = 'added' ORDER BY id`,
    [identityIds],
  );
  for (const row of rows as { identity_id: string; topic: string }[]) {
    const summary = summaries.get(row.identity_id)!;
    summary.total++;
    if (!summary.topics.includes(row.topic)) summary.topics.push(row.topic);
  }
  return summaries;
}

export function serializeIdentity(row: Identity, claims: ClaimSummary = { total: 0, topics: [] }) {
  return {
    object: "identity" as const,
    id: row.id,
    token: row.tokenId,
    network: row.network,
    identity_registry: row.registry,
    wallet: row.wallet,
    identity_address: row.identityAddress,
    country: countryOf(row.country),
    source: row.source as "created" | "reused" | "provided",
    status: row.status as "pending" | "registered" | "failed" | "removing" | "removed",
    claims,
    transaction: row.lastTxId,
    failure_reason: row.failureReason,
    livemode: row.livemode,
    created: unixSeconds(row.createdAt),
  };
}

/** The identity with its claim summary, read through `client` (a finalizing transaction, or the pool). */
export async function identityObject(row: Identity, client: Queryable = pool) {
  return serializeIdentity(row, (await claimSummaries([row.id], client)).get(row.id));
}

/** keccak256(abi.encode(issuer, topic)): the id ONCHAINID gives the claim. */
export const onChainClaimId = (issuer: Address, topic: string | bigint): Hex =>
  keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [issuer, BigInt(topic)]));

export function serializeClaim(row: IdentityClaim, identityAddress: string) {
  return {
    object: "identity_claim" as const,
    id: row.id,
    identity: row.identityId,
    identity_address: identityAddress,
    topic: row.topic,
    scheme: row.scheme,
    issuer: row.issuer,
    signed_by: row.claimIssuerId ? ("platform" as const) : ("external" as const),
    claim_id: row.issuer ? onChainClaimId(row.issuer as Address, row.topic) : null,
    signature: row.signature,
    data: row.data,
    uri: row.uri,
    status: row.status as "pending" | "added" | "failed" | "removing" | "removed" | "replaced",
    transaction: row.removeTxId ?? row.addTxId,
    failure_reason: row.failureReason,
    livemode: row.livemode,
    created: unixSeconds(row.createdAt),
  };
}

export const findIdentity = (scope: Scope, id: string): Promise<Identity> => findScoped(db.identity, scope, id, "identity");

export async function loadIdentity(id: string, client: Queryable): Promise<Identity | undefined> {
  const { rows } = await client.query(`SELECT ${IDENTITY_COLUMNS} FROM identities WHERE id = $1`, [id]);
  return rows[0] as Identity | undefined;
}
