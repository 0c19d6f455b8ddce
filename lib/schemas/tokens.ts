// Tokens: creation, listing, balances, the operations of spec 4.4 (+ pause/unpause) and roles (4.6).
// Operation bodies are one schema per operation; which fields a standard needs is checked by the
// service (400 naming the field) so one OpenAPI body documents every standard.
import { z } from "zod";
import { getAddress, isAddress, maxUint256 } from "viem";
import { Address as AnyCaseAddress, Amount, Id, IdParam, listOf, singleLine, writeBody, apiObject, listQuery, Recorded } from "./common";

/** The token standards and role names the platform deploys (lib/tokens/standards has their contracts). */
export const STANDARDS = ["ERC20", "ERC20_ALT", "ERC721", "ERC1155", "ERC3643"] as const;
export const ROLE_NAMES = ["DEFAULT_ADMIN_ROLE", "MINTER_ROLE", "PAUSER_ROLE", "BURNER_ROLE"] as const;
export const ALT_ROLE_NAMES = ["ADMIN_ROLE", "MINTER_ROLE", "PAUSER_ROLE", "BURNER_ROLE"] as const;

// A mixed-case address must carry a valid EIP-55 checksum (a typo is caught, not sent to the chain);
// every address continues in checksummed form.
const unchecksummed = (hex: string) => hex === hex.toLowerCase() || hex === hex.toUpperCase();
export const Address = AnyCaseAddress.refine((v) => !/^0x[0-9a-fA-F]{40}$/.test(v) || unchecksummed(v.slice(2)) || isAddress(v, { strict: true }), {
  message: "has an invalid EIP-55 checksum: send it checksummed or all in lower case",
}).transform((v) => getAddress(v.toLowerCase()));

// Checks run on after a failed regex too, so the bound only looks at digit strings.
const fitsUint256 = (v: string) => !/^\d+$/.test(v) || BigInt(v) <= maxUint256;

export const Uint256 = Amount.refine(fitsUint256, "must be at most 2^256 - 1");

export const TokenAmount = Uint256.meta({
  description: "Decimal integer string in the token's smallest unit (for ERC-1155: number of copies).",
  example: "1000",
});

export const NftTokenId = z
  .string()
  .regex(/^\d{1,78}$/, "must be a decimal integer string")
  .refine(fitsUint256, "must be at most 2^256 - 1")
  .meta({ description: "Id of the NFT (ERC-721) or token type (ERC-1155), a decimal integer string.", example: "1" });

const Uri = singleLine(z.string().max(2048)).meta({ description: "Metadata URI, at most 2048 characters.", example: "ipfs://bafy…/1.json" });
const Hex = z.string().max(20_000).regex(/^0x([0-9a-fA-F]{2})*$/, "must be 0x-prefixed hex bytes");
const CallData = Hex.meta({ description: "Bytes passed to the receiver's or spender's ERC-1363 callback (default 0x).", example: "0x" });
const BasisPoints = z.number().int().min(0).max(10_000).meta({ description: "Royalty in basis points of the sale price (10000 = 100 %).", example: 500 });

export const Standard = z.enum(STANDARDS).meta({
  description:
    "ERC20: AccessControl roles. ERC20_ALT: the same ERC-20 with bitmap roles and Permit2 transfers. " +
    "ERC721: NFTs with per-token URIs and ERC-2981 royalties. ERC1155: multi-token with URIs and royalties. " +
    "ERC3643: a regulated T-REX token (identity registry, compliance, trusted issuers, claim topics) deployed by the platform's T-REX factory; " +
    "transfers and mints reach only verified identities that every bound compliance module admits. It starts with no supply (initial_supply must be 0), " +
    "is mintable, burnable and pausable by its agent (the tenant wallet), and is unpaused once deployed.",
});
export const TokenStatus = z.enum(["deploying", "deployed", "failed"]);

// ---------- create / read ----------

export const FeaturesInput = z
  .strictObject({
    mintable: z.boolean().default(true),
    burnable: z.boolean().default(false),
    pausable: z.boolean().default(false),
    votes: z.boolean().default(false).meta({
      description:
        "ERC20 only: deploy the votes-enabled template (OpenZeppelin ERC20Votes: delegation, vote checkpoints, ERC-6372 clock per `clock_mode`), " +
        "usable as the voting token of POST /v1/governance. Holders vote with what is delegated to them (POST /v1/governance/{id}/delegate). Default false.",
    }),
  })
  .meta({
    description:
      "Capabilities fixed at deployment and enforced on chain. Defaults: mintable true, burnable false, pausable false, votes false. " +
      "Operations needing a disabled capability are refused with 400 `feature_disabled`.",
  });

export const RoyaltyInput = z.strictObject({ receiver: Address, basis_points: BasisPoints });

export const CreateTokenInput = writeBody({
  name: singleLine(z.string().trim().min(1).max(100)),
  symbol: singleLine(z.string().trim().min(1).max(20).regex(/^\S+$/, "must not contain whitespace")),
  standard: Standard,
  network: singleLine(z.string().min(1).max(64)).meta({
    description: "Network name from GET /v1/networks. Test keys deploy on test networks, live keys on mainnets.",
    example: "polygon_amoy",
  }),
  initial_supply: TokenAmount.optional().meta({
    description: "ERC-20 only: minted to the tenant wallet at deployment, in the smallest unit (default 0).",
  }),
  decimals: z.number().int().min(0).max(36).optional().meta({ description: "ERC-20 only, 0 to 36 (default 18). NFTs have no decimals (0)." }),
  features: FeaturesInput.prefault({}),
  clock_mode: z.enum(["blocknumber", "timestamp"]).optional().meta({
    description: "ERC20 with features.votes only: the token's clock (ERC-6372), which governance snapshots, delays and periods count in. Default blocknumber.",
  }),
  base_uri: Uri.optional().meta({
    description: "ERC-721: base URI of tokens without their own URI (base + id). ERC-1155: default URI, may contain `{id}`.",
  }),
  royalty: RoyaltyInput.optional().meta({ description: "ERC-721/1155 only: default ERC-2981 royalty." }),
}).meta({ id: "CreateTokenInput" });

export const RegulatedSuite = z
  .object({
    identity_registry: z.string(),
    identity_registry_storage: z.string(),
    compliance: z.string(),
    trusted_issuers_registry: z.string(),
    claim_topics_registry: z.string(),
    paused: z.boolean().meta({ description: "Whether the token is paused (a new suite is paused until the platform's unpause confirms)." }),
  })
  .meta({ id: "RegulatedSuite" });

export const Token = apiObject("token", {
  id: z.string().meta({ example: "tok_01jd…" }),
  name: z.string(),
  symbol: z.string(),
  standard: Standard,
  network: z.string(),
  status: TokenStatus.meta({ description: "`deploying` → `deployed`, or `failed` when the deployment reverted or could not be sent." }),
  decimals: z.number().int(),
  initial_supply: z.string(),
  features: z.object({ mintable: z.boolean(), burnable: z.boolean(), pausable: z.boolean(), votes: z.boolean() }),
  address: z.string().nullable().meta({ description: "Contract address once deployed." }),
  deploy_tx: z.string().nullable().meta({ description: "Id of the deployment transaction (GET /v1/transactions/{id}), set from creation on." }),
  failure_reason: z.string().nullable().meta({ description: "Why the deployment failed (status `failed`)." }),
  regulated: RegulatedSuite.nullable().meta({ description: "ERC3643 tokens: the T-REX suite's contracts, once deployed; null for other standards." }),
  ...Recorded,
}).meta({ id: "Token" });

export const TokenList = listOf(Token, "TokenList");

export const ListTokensQuery = listQuery({
  status: TokenStatus.optional(),
  network: singleLine(z.string().max(64)).optional(),
  standard: Standard.optional(),
});

export const TokenParams = IdParam;
export const NftParams = z.strictObject({ id: Id, nftTokenId: NftTokenId });
export const AddressParams = z.strictObject({ id: Id, address: Address });

export const BalanceQuery = z.strictObject({
  address: Address,
  nft_token_id: NftTokenId.meta({ description: "Required for every standard; `0` for ERC-20 tokens." }),
});

export const Balance = apiObject("balance", {
  token: z.string(),
  address: z.string(),
  nft_token_id: z.string(),
  balance: z.string().meta({
    description: "Read on chain. ERC-20: balanceOf in the smallest unit. ERC-1155: balanceOf(address, id). " +
      "ERC-721: `1` when the address owns that NFT, else `0` (also for an NFT not minted yet).",
  }),
}).meta({ id: "Balance" });

// ---------- operations (4.4) ----------

export const MintInput = writeBody({
  to: Address,
  amount: TokenAmount.optional().meta({ description: "ERC-20 and ERC-1155: required. ERC-721: not allowed." }),
  nft_token_id: NftTokenId.optional().meta({ description: "ERC-721 and ERC-1155: required (the id to mint). ERC-20: not allowed." }),
  uri: Uri.optional().meta({ description: "ERC-721/1155: metadata URI of the new id (default: base URI + id / the default URI)." }),
}).meta({ id: "MintInput" });

export const TransferInput = writeBody({
  to: Address,
  amount: TokenAmount.optional().meta({ description: "ERC-20 and ERC-1155: required. ERC-721: not allowed." }),
  nft_token_id: NftTokenId.optional().meta({ description: "ERC-721 and ERC-1155: required." }),
}).meta({ id: "TransferInput", description: "Sends from the tenant wallet. NFTs use safeTransferFrom (receiver-checked)." });

export const TransferFromInput = writeBody({
  from: Address,
  to: Address,
  amount: TokenAmount.optional().meta({ description: "ERC-20 and ERC-1155: required. ERC-721: not allowed." }),
  nft_token_id: NftTokenId.optional().meta({ description: "ERC-721 and ERC-1155: required." }),
}).meta({
  id: "TransferFromInput",
  description: "The tenant wallet moves `from`'s tokens: needs an ERC-20 allowance, or ERC-721/1155 approval, granted to the tenant wallet.",
});

export const BurnInput = writeBody({
  amount: TokenAmount.optional().meta({ description: "ERC-20 and ERC-1155: required. ERC-721: not allowed." }),
  nft_token_id: NftTokenId.optional().meta({ description: "ERC-721 and ERC-1155: required." }),
  from: Address.optional().meta({
    description: "ERC-1155 only: holder whose tokens are burnt (default the tenant wallet; another holder must have approved it). " +
      "ERC-20 burns the tenant wallet's own tokens (use burn_from for another holder); ERC3643: the holder whose tokens the agent burns (default the tenant wallet); ERC-721 burns the NFT wherever it is, if the wallet owns or may move it.",
  }),
}).meta({ id: "BurnInput" });

export const BurnFromInput = writeBody({ from: Address, amount: TokenAmount }).meta({
  id: "BurnFromInput",
  description: "ERC-20: burns `from`'s tokens, spending the allowance `from` gave the tenant wallet. ERC3643: the agent burns `from`'s tokens (no allowance).",
});

export const ApproveInput = writeBody({
  spender: Address,
  amount: TokenAmount.optional().meta({ description: "ERC-20: required, the new allowance." }),
  nft_token_id: NftTokenId.optional().meta({ description: "ERC-721: required, the NFT the spender may move." }),
}).meta({ id: "ApproveInput", description: "ERC-20 and ERC-721. For ERC-1155 use set_approval_for_all." });

export const ApproveAndCallInput = writeBody({ spender: Address, amount: TokenAmount, data: CallData.optional() }).meta({
  id: "ApproveAndCallInput",
  description: "ERC-20 only (ERC-1363): approve then call onApprovalReceived on the spender contract.",
});

export const TransferAndCallInput = writeBody({ to: Address, amount: TokenAmount, data: CallData.optional() }).meta({
  id: "TransferAndCallInput",
  description: "ERC-20 only (ERC-1363): transfer from the tenant wallet then call onTransferReceived on the receiver.",
});

export const TransferFromAndCallInput = writeBody({ from: Address, to: Address, amount: TokenAmount, data: CallData.optional() }).meta({
  id: "TransferFromAndCallInput",
  description: "ERC-20 only (ERC-1363): transferFrom with the tenant wallet's allowance, then call onTransferReceived.",
});

export const SetApprovalForAllInput = writeBody({ operator: Address, approved: z.boolean() }).meta({
  id: "SetApprovalForAllInput",
  description: "ERC-721 and ERC-1155: lets `operator` move every token of the tenant wallet (or revokes it).",
});

export const SetBaseUriInput = writeBody({ base_uri: Uri }).meta({
  id: "SetBaseUriInput",
  description: "ERC-721: base URI of tokens without their own URI. ERC-1155: prefix put before per-token URIs.",
});

export const SetUriInput = writeBody({ uri: Uri }).meta({
  id: "SetUriInput",
  description: "ERC-1155 only: default URI of ids without their own URI; may contain `{id}`.",
});

export const NftMetadataInput = writeBody({ uri: Uri }).meta({ id: "NftMetadataInput", description: "ERC-721/1155: the NFT's own metadata URI." });

export const RoyaltyBody = writeBody({ receiver: Address, basis_points: BasisPoints }).meta({
  id: "RoyaltyInput",
  description: "ERC-721/1155 only (ERC-2981).",
});

export const PauseInput = writeBody({}).meta({ id: "PauseInput", description: "No fields. Token must have been created with `pausable: true`." });

const Deadline = z
  .union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), Uint256])
  .meta({ description: "Unix seconds, as an integer or a decimal string (uint256)." });

export const PermitInput = writeBody({
  owner: Address,
  spender: Address,
  value: TokenAmount,
  deadline: Deadline,
  signature: Hex.optional().meta({ description: "65-byte signature (r ‖ s ‖ v). Give either this or v, r and s." }),
  v: z.number().int().min(0).max(255).optional(),
  r: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be 32 bytes of hex").optional(),
  s: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be 32 bytes of hex").optional(),
})
  .superRefine((body, ctx) => {
    const split = [body.v, body.r, body.s].filter((part) => part !== undefined).length;
    if (body.signature !== undefined && split > 0) {
      ctx.addIssue({ code: "custom", path: ["signature"], message: "give either signature or v, r and s, not both" });
    } else if (body.signature === undefined && split !== 3) {
      const missing = body.v === undefined ? "v" : body.r === undefined ? "r" : body.s === undefined ? "s" : "signature";
      ctx.addIssue({ code: "custom", path: [split ? missing : "signature"], message: "a signature (or v, r and s) is required" });
    } else if (body.signature !== undefined && (body.signature.length - 2) / 2 !== 65) {
      ctx.addIssue({ code: "custom", path: ["signature"], message: "must be 65 bytes" });
    }
  })
  .meta({
    id: "PermitInput",
    description: "ERC-20 only: a signed EIP-2612 permit relayed by the tenant wallet. The signature is verified before submission (400 `invalid_signature`).",
  });

export const PermitInfoQuery = z.strictObject({ owner: Address });

export const PermitInfo = apiObject("permit_info", {
  token: z.string(),
  owner: z.string(),
  nonce: z.string().meta({ description: "The owner's current permit nonce (use it in the signed message)." }),
  domain_separator: z.string(),
  domain: z.object({ name: z.string(), version: z.string(), chain_id: z.number().int(), verifying_contract: z.string() }),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))).meta({ description: "EIP-712 types of the Permit message." }),
  primary_type: z.literal("Permit"),
}).meta({ id: "PermitInfo" });

export const Permit2TransferInput = writeBody({
  to: Address,
  amount: TokenAmount,
  deadline: Deadline.optional().meta({ description: "Validity of the server's Permit2 signature, Unix seconds (default now + 1 hour)." }),
}).meta({
  id: "Permit2TransferInput",
  description:
    "ERC20_ALT only: moves tokens of the tenant wallet through the canonical Permit2: the server signs a " +
    "PermitTransferFrom with the tenant wallet's key and the tenant wallet relays permitTransferFrom. The wallet's " +
    "approval of Permit2 is given once, automatically (an extra `token.permit2_approve` transaction) when missing.",
});

// ---------- roles (4.6) ----------

export const RoleName = singleLine(z.string().min(1).max(66)).meta({
  description:
    `A role name: ${ROLE_NAMES.join(", ")} (ERC20, ERC721, ERC1155) or ${ALT_ROLE_NAMES.join(", ")} (ERC20_ALT; ` +
    "DEFAULT_ADMIN_ROLE is accepted as ADMIN_ROLE). AccessControl tokens also take a 0x-prefixed 32-byte role id.",
  example: "MINTER_ROLE",
});

export const RoleInput = writeBody({ role: RoleName, address: Address }).meta({ id: "RoleInput" });
export const RenounceRoleInput = writeBody({ role: RoleName }).meta({
  id: "RenounceRoleInput",
  description: "Renounces the role held by the caller's own address: the tenant wallet.",
});

export const Role = apiObject("role", {
  name: z.string().nullable().meta({ description: "null for a role id the platform does not know." }),
  id: z.string().meta({ description: "bytes32 role id (AccessControl) or the bit as a decimal string (ERC20_ALT)." }),
  admin_role: z.string().nullable(),
  members: z.array(z.string()),
}).meta({ id: "Role" });

export const RoleList = listOf(Role, "RoleList");

export const AddressRoles = z
  .object({ object: z.literal("address_roles"), token: z.string(), address: z.string(), roles: z.array(z.string()) })
  .meta({ id: "AddressRoles" });

export const RoleAdminQuery = z.strictObject({ role: RoleName });
export const RoleAdmin = z
  .object({ object: z.literal("role_admin"), token: z.string(), role: z.string(), admin_role: z.string() })
  .meta({ id: "RoleAdmin" });

export const RoleCheckQuery = z.strictObject({ role: RoleName, address: Address });
export const RoleCheck = z
  .object({ object: z.literal("role_check"), token: z.string(), address: z.string(), role: z.string(), has_role: z.boolean() })
  .meta({ id: "RoleCheck" });

export const RoleCheckAnyQuery = z.strictObject({
  roles: singleLine(z.string().min(1).max(200)).meta({ description: "Comma-separated role names, e.g. `MINTER_ROLE,BURNER_ROLE`.", example: "MINTER_ROLE,BURNER_ROLE" }),
  address: Address,
});
export const RoleCheckAny = apiObject("role_check", {
  token: z.string(),
  address: z.string(),
  roles: z.array(z.string()),
  bitmap: z.string().meta({ description: "The OR of the asked roles' bits, decimal." }),
  has_any: z.boolean(),
}).meta({ id: "RoleCheckAny" });

export const RoleBitmap = apiObject("role_bitmap", {
  token: z.string(),
  address: z.string(),
  bitmap: z.string().meta({ description: "rolesOf(address) as a decimal string." }),
  roles: z.array(z.string()),
}).meta({ id: "RoleBitmap" });

export { Transaction } from "./transactions";
