// What happens when the registry writes of trusted issuers and claim topics end: the record takes the state the
// chain now has and the event goes out with it, through the resource kit (lib/chain/intake/resource-rows), in the
// database transaction that finalizes the chain record.
import type { Operation } from "@/lib/chain/registry/kinds";
import { failure, resourceLifecycle } from "@/lib/chain/intake/resource-rows";
import type { ClaimTopic, TrustedIssuer } from "@/lib/generated/prisma/client";
import { CLAIM_TOPIC_COLUMNS, serializeClaimTopic, serializeTrustedIssuer, TRUSTED_ISSUER_COLUMNS } from "@/lib/trex/issuers/records";

type Effect = { trusted_issuer?: string; claim_topic?: string; claim_topics?: string[] };

const issuers = resourceLifecycle<TrustedIssuer>({
  table: "trusted_issuers", columns: TRUSTED_ISSUER_COLUMNS, id: (effect) => (effect as Effect).trusted_issuer, serialize: serializeTrustedIssuer,
});

const topics = resourceLifecycle<ClaimTopic>({
  table: "claim_topics", columns: CLAIM_TOPIC_COLUMNS, id: (effect) => (effect as Effect).claim_topic, serialize: serializeClaimTopic,
});

const registered = { status: "active", failure_reason: null };
/** A removal that failed: still registered on chain, so the record goes back to active, saying why. */
const stillActive = (reason: string) => ({ status: "active", failure_reason: reason });

export const trustedIssuerOperations = {
  "trusted_issuer.add": issuers.transition({ confirmed: registered, event: "trusted_issuer.registered", failed: failure }),
  "trusted_issuer.remove": issuers.transition({ confirmed: { status: "removed" }, event: "trusted_issuer.removed", failed: stillActive }),
  "trusted_issuer.update_claim_topics": issuers.transition({
    confirmed: ({ tx }) => ({ claim_topics: (tx.effect as Effect).claim_topics ?? [], pending_claim_topics: null }),
    event: "trusted_issuer.claim_topics.updated",
    failed: (reason) => ({ pending_claim_topics: null, failure_reason: reason }),
  }),
  "claim_topic.add": topics.transition({ confirmed: registered, event: "claim_topic.registered", failed: failure }),
  "claim_topic.remove": topics.transition({ confirmed: { status: "removed" }, event: "claim_topic.removed", failed: stillActive }),
} satisfies Record<string, Operation>;
