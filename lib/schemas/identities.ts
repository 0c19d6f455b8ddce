// Identities of regulated (ERC-3643 / T-REX) tokens (spec document 2, 4.5): investor ONCHAINIDs in a
// token's identity registry, their claims, the registry's on-chain reads and its identity storage.
// Scope (the spec is silent): an identity belongs to one regulated token's identity registry, so every
// write names `token_id` and every read takes `?token_id=`.
import { z } from "zod";
import { maxUint256 } from "viem";
import { Id, IdParam, listOf, singleLine, writeBody, apiObject, listQuery, Recorded } from "./common";
import { Address } from "./tokens";
import { parseCountry } from "@/lib/core/countries";

const IdentityAddress = Address.refine((a) => !/^0x0{40}$/.test(a), "must not be the zero address");

const TokenId = Id.meta({ description: "The regulated (ERC3643) token whose identity registry is meant (tok_…).", example: "tok_01jd…" });

export const CountryInput = z
  .union([z.string().max(3), z.number().int()])
  .transform((value, ctx) => {
    const country = parseCountry(value);
    if (!country) {
      ctx.addIssue({ code: "custom", message: 'must be an ISO 3166-1 alpha-2 code ("FR") or numeric code (250)' });
      return z.NEVER;
    }
    return country;
  })
  .meta({
    description:
      'ISO 3166-1 country of the investor: alpha-2 ("FR", any case) or numeric (250 or "250"). The identity registry stores the numeric code; records show both.',
    example: "FR",
  });

export const Country = z
  .object({
    alpha2: z.string().nullable().meta({ description: "ISO 3166-1 alpha-2 code; null when the stored number is no ISO country (0 = none stored)." }),
    numeric: z.number().int().meta({ description: "ISO 3166-1 numeric code, as stored on chain (uint16)." }),
  })
  .meta({ id: "IdentityCountry", example: { alpha2: "FR", numeric: 250 } });

const IdentityStatus = z.enum(["pending", "registered", "failed", "removing", "removed"]);

export const Identity = apiObject("identity", {
  id: z.string().meta({ example: "idn_01jd…" }),
  token: z.string().meta({ description: "The regulated token whose identity registry holds it." }),
  network: z.string(),
  identity_registry: z.string().meta({ description: "The token's IdentityRegistry contract." }),
  wallet: z.string().meta({ description: "The investor wallet." }),
  identity_address: z.string().nullable().meta({ description: "The investor's ONCHAINID contract; null until it is deployed." }),
  country: Country,
  source: z.enum(["created", "reused", "provided"]).meta({
    description:
      "`created`: an ONCHAINID deployed for this wallet by the tenant's acting account (custodial wallet, or smart account in connect mode), its only management key (it adds claims and keys); " +
      "identities are per tenant and mode, never shared with another tenant; " +
      "`reused`: the one this tenant already created for the wallet on this network (for another of its tokens), still managed by its acting account; `provided`: given in the request.",
  }),
  status: IdentityStatus.meta({
    description:
      "`pending` (ONCHAINID being deployed and/or registered) → `registered` | `failed`; `removing` → `removed` (back to `registered` if the removal fails). " +
      "Address and country changes show once their transaction confirms.",
  }),
  claims: z
    .object({ total: z.number().int(), topics: z.array(z.string()) })
    .meta({ description: "Claims currently on the identity through this API (status `added`): how many, and their topics." }),
  transaction: z.string().nullable().meta({ description: "Id of the latest chain write about this identity (GET /v1/transactions/{id})." }),
  failure_reason: z.string().nullable().meta({ description: "Why the registration failed (status `failed`)." }),
  ...Recorded,
}).meta({ id: "Identity" });

export const IdentityList = listOf(Identity, "IdentityList");

export const ListIdentitiesQuery = listQuery({
  token_id: TokenId.optional(),
  status: IdentityStatus.optional(),
  wallet: Address.optional(),
});

export const CreateIdentityInput = writeBody({
  token_id: TokenId,
  wallet: Address.meta({ description: "The investor wallet to register." }),
  country: CountryInput,
  identity_address: IdentityAddress.optional().meta({
    description: "An existing ONCHAINID to register. Omitted: the tenant's acting account deploys one for the wallet (or reuses the one it already deployed for it on this network).",
  }),
}).meta({
  id: "CreateIdentityInput",
  description:
    "Registers the wallet in the token's identity registry (registerIdentity, sent by the tenant's acting account, an agent of the registry). " +
    "Answers 201 with the identity (status `pending`); identity.registered follows when the chain confirms. A wallet already registered for the token answers 409.",
});

export const UpdateIdentityInput = writeBody({
  identity_address: IdentityAddress.meta({ description: "The new ONCHAINID contract of the wallet (IdentityRegistry.updateIdentity)." }),
}).meta({ id: "UpdateIdentityInput" });

export const UpdateCountryInput = writeBody({ country: CountryInput }).meta({ id: "UpdateCountryInput" });

export const RemoveIdentityInput = writeBody({}).meta({ id: "RemoveIdentityInput", description: "No fields (a body is optional)." });

// ---------- claims ----------

const HexBytes = z.string().max(8194).regex(/^0x([0-9a-fA-F]{2})*$/, "must be 0x-prefixed hex bytes (at most 4096 bytes)");
const fitsUint256 = (v: string) => !/^\d+$/.test(v) || BigInt(v) <= maxUint256;

export const Topic = z
  .union([z.string().regex(/^\d{1,78}$/, "must be a decimal integer string").refine(fitsUint256, "must be at most 2^256 - 1"), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)])
  .transform((v) => BigInt(v).toString())
  .meta({ description: "Claim topic (uint256), as a number or a decimal string, e.g. 1 for KYC.", example: "1" });

export const AddClaimInput = writeBody({
  topic: Topic,
  data: HexBytes.optional().meta({ description: "Claim data (default 0x).", example: "0x" }),
  uri: singleLine(z.string().max(2048)).optional().meta({ description: "Where the claim's evidence lives (default empty)." }),
  issuer: Address.optional().meta({ description: "A claim signed elsewhere: its ClaimIssuer contract. Send with `signature`." }),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]{130}$/, "must be a 65-byte 0x-prefixed hex signature")
    .optional()
    .meta({ description: "A claim signed elsewhere: EIP-191 signature of keccak256(abi.encode(identity, topic, data)) by a claim key of `issuer`." }),
}).meta({
  id: "AddClaimInput",
  description:
    "Adds a claim to the identity (Identity.addClaim, sent by the tenant wallet: it must be a management or claim key of the ONCHAINID, as it is of those the platform created for this tenant; otherwise the transaction fails with the chain's reason). " +
    "Without `issuer` and `signature` the tenant's platform ClaimIssuer signs it (deployed on first use per network; see `issuer` in the claim). " +
    "Answers 201 with the claim (status `pending`); identity.claim.added follows when the chain confirms.",
});

export const Claim = apiObject("identity_claim", {
  id: z.string().meta({ example: "clm_01jd…" }),
  identity: z.string().meta({ description: "The identity (idn_…)." }),
  identity_address: z.string().meta({ description: "The ONCHAINID that holds the claim." }),
  topic: z.string(),
  scheme: z.number().int().meta({ description: "1 (ECDSA)." }),
  issuer: z.string().nullable().meta({ description: "The ClaimIssuer contract; null while the tenant's platform ClaimIssuer is being deployed." }),
  signed_by: z.enum(["platform", "external"]).meta({ description: "`platform`: signed by the tenant's platform ClaimIssuer; `external`: signature given in the request." }),
  claim_id: z.string().nullable().meta({ description: "On-chain claim id, keccak256(abi.encode(issuer, topic)); usable in DELETE …/claims/{claimId}." }),
  signature: z.string(),
  data: z.string(),
  uri: z.string(),
  status: z.enum(["pending", "added", "failed", "removing", "removed", "replaced"]).meta({
    description: "`pending` → `added` | `failed`; `removing` → `removed` (back to `added` if the removal fails); `replaced` when a later claim of the same issuer and topic overwrote it.",
  }),
  transaction: z.string().nullable().meta({ description: "Id of the latest chain write about this claim." }),
  failure_reason: z.string().nullable(),
  ...Recorded,
}).meta({ id: "IdentityClaim" });

export const ClaimList = listOf(Claim, "IdentityClaimList");
export const ListClaimsQuery = listQuery({});

export const IdentityParams = IdParam;
export const ClaimParams = z.strictObject({
  id: Id,
  claimId: singleLine(z.string().min(1).max(66)).meta({ description: "The claim's id (clm_…) or its on-chain claim id (0x + 64 hex digits)." }),
});

// ---------- on-chain reads of the identity registry and its storage ----------

export const RegistryQuery = z.strictObject({ token_id: TokenId });
export const RegistryAddressQuery = z.strictObject({ token_id: TokenId, address: Address.meta({ description: "The investor wallet." }) });

const onChain = { token: z.string(), address: z.string() };
const registry = { identity_registry: z.string() };
const storage = { identity_registry_storage: z.string() };

export const RegistryContains = z.object({ object: z.literal("identity_registry_contains"), ...registry, ...onChain, contains: z.boolean() }).meta({ id: "IdentityRegistryContains" });
export const RegistryCountry = z.object({ object: z.literal("identity_registry_country"), ...registry, ...onChain, country: Country }).meta({ id: "IdentityRegistryCountry" });
export const RegistryIdentity = z
  .object({ object: z.literal("identity_registry_identity"), ...registry, ...onChain, identity: z.string().nullable().meta({ description: "The wallet's ONCHAINID; null when not registered." }) })
  .meta({ id: "IdentityRegistryIdentity" });
export const RegistryVerify = z
  .object({ object: z.literal("identity_registry_verification"), ...registry, ...onChain, verified: z.boolean().meta({ description: "IdentityRegistry.isVerified: registered, with a valid claim from a trusted issuer for every required topic." }) })
  .meta({ id: "IdentityRegistryVerification" });
export const RegistryAddresses = apiObject("identity_registry_addresses", {
  token: z.string(),
  ...registry,
  identity_storage: z.string(),
  issuers_registry: z.string(),
  topics_registry: z.string(),
}).meta({ id: "IdentityRegistryAddresses" });

export const StorageCountry = z.object({ object: z.literal("identity_storage_country"), ...storage, ...onChain, country: Country }).meta({ id: "IdentityStorageCountry" });
export const StorageIdentity = z
  .object({ object: z.literal("identity_storage_identity"), ...storage, ...onChain, identity: z.string().nullable().meta({ description: "The stored ONCHAINID; null when none." }) })
  .meta({ id: "IdentityStorageIdentity" });
export const StorageLinkedRegistries = z
  .object({ object: z.literal("identity_storage_linked_registries"), token: z.string(), ...storage, registries: z.array(z.string()) })
  .meta({ id: "IdentityStorageLinkedRegistries" });

export const StorageBindInput = writeBody({
  token_id: TokenId,
  identity_registry: Address.meta({ description: "The IdentityRegistry contract to bind to (or unbind from) the token's IdentityRegistryStorage." }),
}).meta({
  id: "StorageBindInput",
  description:
    "Sent by the tenant wallet, the storage's owner (the platform hands it over when the suite deploys). Answers 201 with the transaction; " +
    "a refusal by the chain (not the owner, already bound, more than 300 registries) ends it `failed` with the decoded reason.",
});
