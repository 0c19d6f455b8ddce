// The rows and serialisations of trusted issuers and claim topics, apart from the services so the
// effects (run by the chain path) need nothing of the chain path themselves.
import { newId, unixSeconds, type IdPrefix } from "@/lib/core/ids";
import { selectList } from "@/lib/db/columns";
import type { ClaimTopic, TrustedIssuer } from "@/lib/generated/prisma/client";

type RecordStatus = "pending" | "active" | "removing" | "removed" | "failed";

// lib/core/ids.ts lists the platform's prefixes; these two records carry their own.
export const recordId = (prefix: "tis" | "ctp") => newId(prefix as IdPrefix);

/** The list filter of both registries' records besides the kit's (tenant, mode, status): `token_id` when given. */
export const tokenFilter = (params: { token_id?: string }) => (params.token_id ? { tokenId: params.token_id } : {});

export const TRUSTED_ISSUER_COLUMNS = selectList(
  ["id", "tenantId", "livemode", "tokenId", "network", "issuer", "claimTopics", "pendingClaimTopics", "status", "lastTxId", "failureReason"],
  ["createdAt", "updatedAt"],
);

export function serializeTrustedIssuer(r: TrustedIssuer) {
  return {
    object: "trusted_issuer" as const,
    id: r.id,
    token: r.tokenId,
    network: r.network,
    issuer: r.issuer,
    claim_topics: r.claimTopics,
    pending_claim_topics: (r.pendingClaimTopics as string[] | null) ?? null,
    status: r.status as RecordStatus,
    transaction: r.lastTxId,
    failure_reason: r.failureReason,
    livemode: r.livemode,
    created: unixSeconds(r.createdAt),
  };
}

export const CLAIM_TOPIC_COLUMNS = selectList(
  ["id", "tenantId", "livemode", "tokenId", "network", "topic", "name", "status", "lastTxId", "failureReason"],
  ["createdAt", "updatedAt"],
);

export function serializeClaimTopic(r: ClaimTopic) {
  return {
    object: "claim_topic" as const,
    id: r.id,
    token: r.tokenId,
    network: r.network,
    topic: r.topic,
    name: r.name,
    status: r.status as RecordStatus,
    transaction: r.lastTxId,
    failure_reason: r.failureReason,
    livemode: r.livemode,
    created: unixSeconds(r.createdAt),
  };
}
