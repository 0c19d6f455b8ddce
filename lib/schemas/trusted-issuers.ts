// Trusted issuers and claim topics of a regulated (ERC-3643) token (spec document 2, 4.6). Each record is
// one registration in the token's TrustedIssuersRegistry / ClaimTopicsRegistry, so bodies and list
// filters name the token (`token_id`); on-chain reads take `token_id` in the query.
import { z } from "zod";
import { Id, listOf, singleLine, writeBody, apiObject, listQuery, Recorded } from "./common";
import { Address, Uint256 } from "./tokens";

const TokenId = Id.meta({ description: "The regulated (ERC3643) token whose registry this is (tok_…).", example: "tok_01jd…" });

/** A claim topic (uint256): a decimal string, or a non-negative integer for convenience; always answered as a string. */
export const Topic = z
  .union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).transform(String), Uint256])
  .meta({ description: "Claim topic (uint256): a decimal string or a non-negative integer. Answered as a decimal string.", example: "1" });

const Topics = z
  .array(Topic)
  .min(1)
  .max(15)
  // Runs after failed items too: only digit strings are compared as numbers.
  .refine((topics) => new Set(topics.map((t) => (/^\d+$/.test(String(t)) ? BigInt(t).toString() : String(t)))).size === topics.length, "must not repeat a topic")
  .meta({ description: "1 to 15 distinct claim topics (the registry's limits)." });

export const RecordStatus = z.enum(["pending", "active", "removing", "removed", "failed"]).meta({
  description: "`pending` until the registering transaction confirms, then `active`; `removing` → `removed` after DELETE; `failed` when the registration reverted.",
});

// ---------- trusted issuers ----------

export const CreateTrustedIssuerInput = writeBody({
  token_id: TokenId,
  issuer: Address.meta({ description: "The ClaimIssuer contract (ONCHAINID) whose claims the token trusts." }),
  claim_topics: Topics,
}).meta({
  id: "CreateTrustedIssuerInput",
  description:
    "TrustedIssuersRegistry.addTrustedIssuer, sent by the tenant wallet (the registry's owner). An issuer already " +
    "registered for the token (here or on chain) answers 409 `trusted_issuer_exists`.",
});

export const UpdateClaimTopicsInput = writeBody({ claim_topics: Topics }).meta({
  id: "UpdateClaimTopicsInput",
  description: "TrustedIssuersRegistry.updateIssuerClaimTopics: the issuer's topics become exactly these.",
});

export const TrustedIssuer = apiObject("trusted_issuer", {
  id: z.string().meta({ example: "tis_01jd…" }),
  token: z.string(),
  network: z.string(),
  issuer: z.string(),
  claim_topics: z.array(z.string()).meta({ description: "Topics as registered on chain (decimal strings)." }),
  pending_claim_topics: z.array(z.string()).nullable().meta({ description: "Topics of an update whose transaction has not confirmed yet." }),
  status: RecordStatus,
  transaction: z.string().nullable().meta({ description: "The last transaction that changed (or is changing) this registration (GET /v1/transactions/{id})." }),
  failure_reason: z.string().nullable(),
  ...Recorded,
}).meta({ id: "TrustedIssuer" });

export const TrustedIssuerList = listOf(TrustedIssuer, "TrustedIssuerList");

export const ListTrustedIssuersQuery = listQuery({
  token_id: TokenId.optional(),
  status: RecordStatus.optional(),
});

export const TokenQuery = z.strictObject({ token_id: TokenId });
export const IssuerQuery = z.strictObject({ token_id: TokenId, issuer: Address });
export const IssuerTopicQuery = z.strictObject({ token_id: TokenId, issuer: Address, topic: Uint256.meta({ description: "Claim topic, decimal." }) });

export const OnChainTrustedIssuers = apiObject("on_chain_trusted_issuers", {
  token: z.string(),
  trusted_issuers_registry: z.string(),
  data: z.array(z.object({ issuer: z.string(), claim_topics: z.array(z.string()) })).meta({ description: "getTrustedIssuers with each issuer's topics." }),
}).meta({ id: "OnChainTrustedIssuers" });

export const TrustedIssuerCheck = z
  .object({ object: z.literal("trusted_issuer_check"), token: z.string(), issuer: z.string(), is_trusted_issuer: z.boolean() })
  .meta({ id: "TrustedIssuerCheck" });

export const IssuerClaimTopics = apiObject("trusted_issuer_claim_topics", {
  token: z.string(),
  issuer: z.string(),
  is_trusted_issuer: z.boolean(),
  claim_topics: z.array(z.string()).meta({ description: "getTrustedIssuerClaimTopics; empty when the address is not a trusted issuer." }),
}).meta({ id: "IssuerClaimTopics" });

export const IssuerHasClaimTopic = z
  .object({ object: z.literal("trusted_issuer_topic_check"), token: z.string(), issuer: z.string(), topic: z.string(), has_claim_topic: z.boolean() })
  .meta({ id: "IssuerHasClaimTopic" });

// ---------- claim topics ----------

export const CreateClaimTopicInput = writeBody({
  token_id: TokenId,
  topic: Topic,
  name: singleLine(z.string().trim().min(1).max(100)).optional().meta({ description: "A label for people (e.g. `KYC`); not on chain." }),
}).meta({
  id: "CreateClaimTopicInput",
  description:
    "ClaimTopicsRegistry.addClaimTopic, sent by the tenant wallet (the registry's owner): investors then need a claim " +
    "of this topic from a trusted issuer to be verified. A topic already required by the token answers 409 `claim_topic_exists`.",
});

export const ClaimTopic = apiObject("claim_topic", {
  id: z.string().meta({ example: "ctp_01jd…" }),
  token: z.string(),
  network: z.string(),
  topic: z.string(),
  name: z.string().nullable(),
  status: RecordStatus,
  transaction: z.string().nullable().meta({ description: "The last transaction that changed (or is changing) this registration." }),
  failure_reason: z.string().nullable(),
  ...Recorded,
}).meta({ id: "ClaimTopic" });

export const ClaimTopicList = listOf(ClaimTopic, "ClaimTopicList");

export const ListClaimTopicsQuery = ListTrustedIssuersQuery;

export const ClaimTopicParams = z.strictObject({ topicId: Id.meta({ description: "The claim topic record's id (ctp_…)." }) });

export const OnChainClaimTopics = apiObject("on_chain_claim_topics", {
  token: z.string(),
  claim_topics_registry: z.string(),
  claim_topics: z.array(z.string()).meta({ description: "getClaimTopics (decimal strings)." }),
}).meta({ id: "OnChainClaimTopics" });
