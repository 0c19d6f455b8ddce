// What happens when the registry writes of trusted issuers and claim topics end: the record takes the
// state the chain now has, and the event goes out with the record (raw SQL: this runs inside the
// database transaction that finalizes the chain record).
import type { EffectEvent, Operation } from "@/lib/chain/registry/kinds";
import type { Queryable } from "@/lib/db";
import type { ClaimTopic, TrustedIssuer } from "@/lib/generated/prisma/client";
import type { EventType } from "@/lib/core/event-types";
import { CLAIM_TOPIC_COLUMNS, serializeClaimTopic, serializeTrustedIssuer, TRUSTED_ISSUER_COLUMNS } from "@/lib/trex/issuers/records";

type Effect = { trusted_issuer?: string; claim_topic?: string; claim_topics?: string[] };
const effectOf = (tx: { effect: unknown }) => (tx.effect ?? {}) as Effect;
const NOW = "updated_at = now() AT TIME ZONE 'UTC'";

async function updateIssuer(client: Queryable, id: string | undefined, set: string, values: unknown[], event?: EventType): Promise<EffectEvent[]> {
  if (!id) return [];
  const { rows } = await client.query(`UPDATE trusted_issuers SET ${set}, ${NOW} WHERE id = $1 RETURNING ${TRUSTED_ISSUER_COLUMNS}`, [id, ...values]);
  return event && rows.length ? [{ type: event, object: serializeTrustedIssuer(rows[0] as TrustedIssuer) }] : [];
}

async function updateTopic(client: Queryable, id: string | undefined, set: string, values: unknown[], event?: EventType): Promise<EffectEvent[]> {
  if (!id) return [];
  const { rows } = await client.query(`UPDATE claim_topics SET ${set}, ${NOW} WHERE id = $1 RETURNING ${CLAIM_TOPIC_COLUMNS}`, [id, ...values]);
  return event && rows.length ? [{ type: event, object: serializeClaimTopic(rows[0] as ClaimTopic) }] : [];
}

const issuerAdd: Operation = {
  onConfirmed: ({ tx, client }) => updateIssuer(client, effectOf(tx).trusted_issuer, "status = 'active', failure_reason = NULL", [], "trusted_issuer.registered"),
  onFailed: ({ tx, client, reason }) => updateIssuer(client, effectOf(tx).trusted_issuer, "status = 'failed', failure_reason = $2", [reason]),
};

const issuerRemove: Operation = {
  onConfirmed: ({ tx, client }) => updateIssuer(client, effectOf(tx).trusted_issuer, "status = 'removed'", [], "trusted_issuer.removed"),
  // Still registered on chain: the record goes back to active, saying why the removal failed.
  onFailed: ({ tx, client, reason }) => updateIssuer(client, effectOf(tx).trusted_issuer, "status = 'active', failure_reason = $2", [reason]),
};

const issuerTopics: Operation = {
  onConfirmed: ({ tx, client }) =>
    updateIssuer(client, effectOf(tx).trusted_issuer, "claim_topics = $2, pending_claim_topics = NULL", [effectOf(tx).claim_topics ?? []], "trusted_issuer.claim_topics.updated"),
  onFailed: ({ tx, client, reason }) => updateIssuer(client, effectOf(tx).trusted_issuer, "pending_claim_topics = NULL, failure_reason = $2", [reason]),
};

const topicAdd: Operation = {
  onConfirmed: ({ tx, client }) => updateTopic(client, effectOf(tx).claim_topic, "status = 'active', failure_reason = NULL", [], "claim_topic.registered"),
  onFailed: ({ tx, client, reason }) => updateTopic(client, effectOf(tx).claim_topic, "status = 'failed', failure_reason = $2", [reason]),
};

const topicRemove: Operation = {
  onConfirmed: ({ tx, client }) => updateTopic(client, effectOf(tx).claim_topic, "status = 'removed'", [], "claim_topic.removed"),
  onFailed: ({ tx, client, reason }) => updateTopic(client, effectOf(tx).claim_topic, "status = 'active', failure_reason = $2", [reason]),
};

export const trustedIssuerOperations = {
  "trusted_issuer.add": issuerAdd,
  "trusted_issuer.remove": issuerRemove,
  "trusted_issuer.update_claim_topics": issuerTopics,
  "claim_topic.add": topicAdd,
  "claim_topic.remove": topicRemove,
} satisfies Record<string, Operation>;
