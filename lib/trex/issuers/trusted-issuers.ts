// Trusted issuers of a regulated token (spec document 2, 4.6): ClaimIssuer contracts whose claims the
// token's TrustedIssuersRegistry accepts, per topic. Each record is one registration; writes are sent by
// the tenant wallet (the registry's owner) and take effect when they confirm (./trusted-issuers-effects).
import { getAddress, type Address } from "viem";
import type { z } from "zod";
import { db, type Queryable } from "@/lib/db";
import { ApiError, conflict, invalidRequest, notFound } from "@/lib/core/errors";
import { findScoped, listScoped } from "@/lib/chain/intake/resource-rows";
import { writeOnce } from "@/lib/chain/intake";
import type { Transaction, TrustedIssuer } from "@/lib/generated/prisma/client";
import type { CreateTrustedIssuerInput, ListTrustedIssuersQuery, UpdateClaimTopicsInput } from "@/lib/schemas/trusted-issuers";
import type { Scope } from "@/lib/core/scope";
import { regulatedToken, type RegulatedToken } from "@/lib/trex/suite/service";
import { encodeCall, hasCode, readAt } from "@/lib/trex/suite/reads";
import { recordId, tokenFilter, serializeTrustedIssuer, TRUSTED_ISSUER_COLUMNS } from "@/lib/trex/issuers/records";

/** The token named by `token_id` (body or query): its errors (404, 400 unsupported_standard) name that parameter. */
export async function registryToken(scope: Scope, tokenId: string): Promise<RegulatedToken> {
  try {
    return await regulatedToken(scope, tokenId);
  } catch (error) {
    if (error instanceof ApiError && error.param === "id") throw new ApiError(error.status, error.type, error.code, error.message, "token_id", error.headers);
    throw error;
  }
}

const normalize = (topics: readonly (string | number)[]) => topics.map((t) => BigInt(t).toString());
const tir = (token: RegulatedToken) => token.suite.trustedIssuersRegistry;

/** The registry's own limits, read before anything is recorded, so a request that would revert is a 400/409. */
async function checkNewIssuer(token: RegulatedToken, issuer: Address) {
  const [code, trusted, issuers] = await Promise.all([
    hasCode(token.network, issuer),
    readAt<boolean>(token.network, "TrustedIssuersRegistry", tir(token), "isTrustedIssuer", [issuer]),
    readAt<readonly Address[]>(token.network, "TrustedIssuersRegistry", tir(token), "getTrustedIssuers"),
  ]);
  if (!code) throw invalidRequest("issuer_not_contract", `Invalid issuer: no contract at ${issuer} on ${token.network} (a ClaimIssuer contract is expected).`, "issuer");
  if (trusted) throw duplicate(token, issuer);
  if (issuers.length >= 50) throw invalidRequest("registry_full", "The token's trusted issuers registry already holds 50 issuers, its maximum.", "issuer");
}

const duplicate = (token: RegulatedToken, issuer: Address) =>
  conflict("trusted_issuer_exists", `${issuer} is already a trusted issuer of token '${token.id}'; update its claim topics instead.`, "issuer");

const insertSql = `INSERT INTO trusted_issuers (id, tenant_id, livemode, token_id, network, issuer, claim_topics, status, last_tx_id, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC') RETURNING ${TRUSTED_ISSUER_COLUMNS}`;

/** The registration an earlier run of the request recorded this write for (its effect names it), whatever its status now. */
const registrationOf = async (write: Transaction) =>
  serializeTrustedIssuer(await db.trustedIssuer.findUniqueOrThrow({ where: { id: (write.effect as { trusted_issuer: string }).trusted_issuer } }));

export async function createTrustedIssuer(scope: Scope, body: z.output<typeof CreateTrustedIssuerInput>) {
  const issuer = getAddress(body.issuer);
  const topics = normalize(body.claim_topics);
  const { idempotency_key: _, ...request } = body;
  return writeOnce({
    async check() {
      const token = await registryToken(scope, body.token_id);
      await checkNewIssuer(token, issuer);
      return token;
    },
    async record(tx, token) {
      // One registration per issuer and token at a time, also between concurrent requests.
      await tx.client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`trusted_issuer:${token.id}:${issuer}`]);
      const live = await tx.client.query(
        "SELECT 1 FROM trusted_issuers WHERE token_id = $1 AND issuer = $2 AND status IN ('pending', 'active', 'removing')",
        [token.id, issuer],
      );
      if (live.rowCount) throw duplicate(token, issuer);
      const id = recordId("tis");
      const write = await tx.record({
        tenantId: scope.tenantId, livemode: scope.livemode, network: token.network, kind: "trusted_issuer.add", tokenId: token.id,
        to: tir(token), data: encodeCall("TrustedIssuersRegistry", "addTrustedIssuer", [issuer, topics.map(BigInt)]),
        request: { ...request, claim_topics: topics }, effect: { trusted_issuer: id },
      });
      const { rows } = await tx.client.query(insertSql, [id, scope.tenantId, scope.livemode, token.id, token.network, issuer, topics, write.id]);
      return serializeTrustedIssuer(rows[0] as TrustedIssuer);
    },
    find: ([write]) => registrationOf(write),
  });
}

export function listTrustedIssuers(scope: Scope, params: z.output<typeof ListTrustedIssuersQuery>) {
  return listScoped(db.trustedIssuer, scope, params, serializeTrustedIssuer, tokenFilter(params));
}

async function findTrustedIssuer(scope: Scope, id: string) {
  const row = await findScoped(db.trustedIssuer, scope, id, "trusted issuer");
  if (row.status === "removed") throw notFound("trusted issuer", id);
  return row;
}

/** Only an active registration can change: its transaction has confirmed and no other change is in flight. */
function requireActive(row: TrustedIssuer, what: string) {
  if (row.status === "active" && !row.pendingClaimTopics) return;
  const why =
    row.status === "pending" ? "its registration has not confirmed yet; retry once its status is 'active'"
    : row.status === "failed" ? "its registration failed; register the issuer again"
    : row.status === "removing" ? "it is being removed"
    : "a claim topics update is still in flight; retry once it confirms";
  throw invalidRequest("trusted_issuer_not_active", `Cannot ${what} trusted issuer '${row.id}': ${why}.`, "id");
}

async function requireOnChain(token: RegulatedToken, row: TrustedIssuer) {
  const trusted = await readAt<boolean>(token.network, "TrustedIssuersRegistry", tir(token), "isTrustedIssuer", [row.issuer]);
  if (!trusted) throw invalidRequest("not_on_chain", `${row.issuer} is no longer a trusted issuer of token '${token.id}' on chain (removed outside the API).`, "id");
}

// Moves an active record to its next state together with the transaction that does it.
async function changeActive(client: Queryable, id: string, set: string, values: unknown[]) {
  const { rows } = await client.query(
    `UPDATE trusted_issuers SET ${set}, failure_reason = NULL, updated_at = now() AT TIME ZONE 'UTC'
     WHERE id = $1 AND status = 'active' AND pending_claim_topics IS NULL RETURNING ${TRUSTED_ISSUER_COLUMNS}`,
    [id, ...values],
  );
  if (!rows.length) throw invalidRequest("trusted_issuer_not_active", `Trusted issuer '${id}' changed meanwhile; read it again and retry.`, "id");
  return rows[0] as TrustedIssuer;
}

/** An active registration, on chain too, with its token: what a change needs before anything is recorded. */
async function changeable(scope: Scope, id: string, what: string) {
  const row = await findTrustedIssuer(scope, id);
  requireActive(row, what);
  const token = await regulatedToken(scope, row.tokenId);
  await requireOnChain(token, row);
  return { row, token };
}

export function removeTrustedIssuer(scope: Scope, id: string) {
  return writeOnce({
    check: () => changeable(scope, id, "remove"),
    async record(tx, { row, token }) {
      const write = await tx.record({
        tenantId: scope.tenantId, livemode: scope.livemode, network: token.network, kind: "trusted_issuer.remove", tokenId: token.id,
        to: tir(token), data: encodeCall("TrustedIssuersRegistry", "removeTrustedIssuer", [row.issuer]),
        request: { trusted_issuer: row.id, issuer: row.issuer }, effect: { trusted_issuer: row.id },
      });
      return serializeTrustedIssuer(await changeActive(tx.client, row.id, "status = 'removing', last_tx_id = $2", [write.id]));
    },
    find: ([write]) => registrationOf(write),
  });
}

export function updateClaimTopics(scope: Scope, id: string, body: z.output<typeof UpdateClaimTopicsInput>) {
  const topics = normalize(body.claim_topics);
  const { idempotency_key: _, ...request } = body;
  return writeOnce({
    check: () => changeable(scope, id, "update the claim topics of"),
    async record(tx, { row, token }) {
      const write = await tx.record({
        tenantId: scope.tenantId, livemode: scope.livemode, network: token.network, kind: "trusted_issuer.update_claim_topics", tokenId: token.id,
        to: tir(token), data: encodeCall("TrustedIssuersRegistry", "updateIssuerClaimTopics", [row.issuer, topics.map(BigInt)]),
        request: { ...request, trusted_issuer: row.id, claim_topics: topics }, effect: { trusted_issuer: row.id, claim_topics: topics },
      });
      return serializeTrustedIssuer(await changeActive(tx.client, row.id, "pending_claim_topics = $2, last_tx_id = $3", [JSON.stringify(topics), write.id]));
    },
    find: ([write]) => registrationOf(write),
  });
}

// ---------- on-chain reads ----------

const topicStrings = (topics: readonly bigint[]) => topics.map((t) => t.toString());

export async function onChainTrustedIssuers(scope: Scope, tokenId: string) {
  const token = await registryToken(scope, tokenId);
  const issuers = await readAt<readonly Address[]>(token.network, "TrustedIssuersRegistry", tir(token), "getTrustedIssuers");
  const data = await Promise.all(
    issuers.map(async (issuer) => ({
      issuer: getAddress(issuer),
      claim_topics: topicStrings(
        await readAt<readonly bigint[]>(token.network, "TrustedIssuersRegistry", tir(token), "getTrustedIssuerClaimTopics", [issuer], { onRevert: () => [] }),
      ),
    })),
  );
  return { object: "on_chain_trusted_issuers" as const, token: token.id, trusted_issuers_registry: tir(token), data };
}

export async function checkTrustedIssuer(scope: Scope, tokenId: string, issuer: Address) {
  const token = await registryToken(scope, tokenId);
  const trusted = await readAt<boolean>(token.network, "TrustedIssuersRegistry", tir(token), "isTrustedIssuer", [issuer]);
  return { object: "trusted_issuer_check" as const, token: token.id, issuer: getAddress(issuer), is_trusted_issuer: trusted };
}

export async function issuerClaimTopics(scope: Scope, tokenId: string, issuer: Address) {
  const token = await registryToken(scope, tokenId);
  // getTrustedIssuerClaimTopics reverts for an address that is not a trusted issuer: it has no topics.
  const topics = await readAt<readonly bigint[] | null>(token.network, "TrustedIssuersRegistry", tir(token), "getTrustedIssuerClaimTopics", [issuer], {
    onRevert: () => null,
  });
  return {
    object: "trusted_issuer_claim_topics" as const,
    token: token.id,
    issuer: getAddress(issuer),
    is_trusted_issuer: topics !== null,
    claim_topics: topicStrings(topics ?? []),
  };
}

export async function issuerHasClaimTopic(scope: Scope, tokenId: string, issuer: Address, topic: string) {
  const token = await registryToken(scope, tokenId);
  const has = await readAt<boolean>(token.network, "TrustedIssuersRegistry", tir(token), "hasClaimTopic", [issuer, BigInt(topic)]);
  return { object: "trusted_issuer_topic_check" as const, token: token.id, issuer: getAddress(issuer), topic: BigInt(topic).toString(), has_claim_topic: has };
}
