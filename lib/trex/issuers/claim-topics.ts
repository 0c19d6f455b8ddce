// Claim topics a regulated token requires (spec document 2, 4.6): its ClaimTopicsRegistry. An investor is
// verified when its ONCHAINID holds, for every required topic, a valid claim from an issuer trusted for
// that topic. Each record is one registration; writes are sent by the tenant wallet (the registry's owner).
import type { z } from "zod";
import { db } from "@/lib/db";
import { conflict, invalidRequest, notFound } from "@/lib/core/errors";
import { findScoped, listScoped } from "@/lib/chain/intake/resource-rows";
import { writeOnce } from "@/lib/chain/intake";
import type { ClaimTopic, Transaction } from "@/lib/generated/prisma/client";
import type { CreateClaimTopicInput, ListClaimTopicsQuery } from "@/lib/schemas/trusted-issuers";
import type { Scope } from "@/lib/core/scope";
import { regulatedToken, type RegulatedToken } from "@/lib/trex/suite/service";
import { encodeCall, readAt } from "@/lib/trex/suite/reads";
import { CLAIM_TOPIC_COLUMNS, recordId, tokenFilter, serializeClaimTopic } from "@/lib/trex/issuers/records";
import { registryToken } from "@/lib/trex/issuers/trusted-issuers";

const ctr = (token: RegulatedToken) => token.suite.claimTopicsRegistry;
const onChainTopics = async (token: RegulatedToken) =>
  (await readAt<readonly bigint[]>(token.network, "ClaimTopicsRegistry", ctr(token), "getClaimTopics")).map((t) => t.toString());

const duplicate = (token: RegulatedToken, topic: string) =>
  conflict("claim_topic_exists", `Token '${token.id}' already requires claim topic ${topic}.`, "topic");

const insertSql = `INSERT INTO claim_topics (id, tenant_id, livemode, token_id, network, topic, name, status, last_tx_id, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC') RETURNING ${CLAIM_TOPIC_COLUMNS}`;

/** The topic an earlier run of the request recorded this write for (its effect names it), whatever its status now. */
const topicOf = async (write: Transaction) =>
  serializeClaimTopic(await db.claimTopic.findUniqueOrThrow({ where: { id: (write.effect as { claim_topic: string }).claim_topic } }));

export async function createClaimTopic(scope: Scope, body: z.output<typeof CreateClaimTopicInput>) {
  const topic = BigInt(body.topic).toString();
  const { idempotency_key: _, ...request } = body;
  return writeOnce({
    async check() {
      const token = await registryToken(scope, body.token_id);
      // The registry's own rules, read first: a topic it already has, or a 16th topic, would revert.
      const current = await onChainTopics(token);
      if (current.includes(topic)) throw duplicate(token, topic);
      if (current.length >= 15) throw invalidRequest("registry_full", "The token already requires 15 claim topics, the registry's maximum.", "topic");
      return token;
    },
    async record(tx, token) {
      await tx.client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`claim_topic:${token.id}:${topic}`]);
      const live = await tx.client.query("SELECT 1 FROM claim_topics WHERE token_id = $1 AND topic = $2 AND status IN ('pending', 'active', 'removing')", [
        token.id, topic,
      ]);
      if (live.rowCount) throw duplicate(token, topic);
      const id = recordId("ctp");
      const write = await tx.record({
        tenantId: scope.tenantId, livemode: scope.livemode, network: token.network, kind: "claim_topic.add", tokenId: token.id,
        to: ctr(token), data: encodeCall("ClaimTopicsRegistry", "addClaimTopic", [BigInt(topic)]),
        request: { ...request, topic }, effect: { claim_topic: id },
      });
      const { rows } = await tx.client.query(insertSql, [id, scope.tenantId, scope.livemode, token.id, token.network, topic, body.name ?? null, write.id]);
      return serializeClaimTopic(rows[0] as ClaimTopic);
    },
    find: ([write]) => topicOf(write),
  });
}

export function listClaimTopics(scope: Scope, params: z.output<typeof ListClaimTopicsQuery>) {
  return listScoped(db.claimTopic, scope, params, serializeClaimTopic, tokenFilter(params));
}

/** An active topic, still required on chain, with its token: what a removal needs before anything is recorded. */
async function removableTopic(scope: Scope, id: string) {
  const row = await findScoped(db.claimTopic, scope, id, "claim topic");
  if (row.status === "removed") throw notFound("claim topic", id);
  if (row.status !== "active") {
    const why = row.status === "pending" ? "its registration has not confirmed yet" : row.status === "failed" ? "its registration failed" : "it is being removed";
    throw invalidRequest("claim_topic_not_active", `Cannot remove claim topic '${id}': ${why}.`, "topicId");
  }
  const token = await regulatedToken(scope, row.tokenId);
  if (!(await onChainTopics(token)).includes(row.topic)) {
    throw invalidRequest("not_on_chain", `Token '${token.id}' no longer requires topic ${row.topic} on chain (removed outside the API).`, "topicId");
  }
  return { row, token };
}

export function removeClaimTopic(scope: Scope, id: string) {
  return writeOnce({
    check: () => removableTopic(scope, id),
    async record(tx, { row, token }) {
      const write = await tx.record({
        tenantId: scope.tenantId, livemode: scope.livemode, network: token.network, kind: "claim_topic.remove", tokenId: token.id,
        to: ctr(token), data: encodeCall("ClaimTopicsRegistry", "removeClaimTopic", [BigInt(row.topic)]),
        request: { claim_topic: row.id, topic: row.topic }, effect: { claim_topic: row.id },
      });
      const { rows } = await tx.client.query(
        `UPDATE claim_topics SET status = 'removing', last_tx_id = $2, failure_reason = NULL, updated_at = now() AT TIME ZONE 'UTC'
         WHERE id = $1 AND status = 'active' RETURNING ${CLAIM_TOPIC_COLUMNS}`,
        [row.id, write.id],
      );
      if (!rows.length) throw invalidRequest("claim_topic_not_active", `Claim topic '${id}' changed meanwhile; read it again and retry.`, "topicId");
      return serializeClaimTopic(rows[0] as ClaimTopic);
    },
    find: ([write]) => topicOf(write),
  });
}

export async function onChainClaimTopics(scope: Scope, tokenId: string) {
  const token = await registryToken(scope, tokenId);
  return { object: "on_chain_claim_topics" as const, token: token.id, claim_topics_registry: ctr(token), claim_topics: await onChainTopics(token) };
}
