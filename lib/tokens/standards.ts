// The token standards the platform deploys, the contract template behind each, and their role names.
import { keccak256, toHex, type Abi, type Hex } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { ALT_ROLE_NAMES, ROLE_NAMES, STANDARDS } from "@/lib/schemas/tokens";

export type Standard = (typeof STANDARDS)[number];

/**
 * ERC20 and ERC20_ALT behave the same for every operation except roles and Permit2; ERC3643 (T-REX) is an
 * ERC-20 whose transfers pass identity verification and compliance, minted and burnt by its agents.
 */
export type Family = "ERC20" | "ERC721" | "ERC1155";
export const familyOf = (standard: Standard): Family => (standard === "ERC20_ALT" || standard === "ERC3643" ? "ERC20" : standard);

const TEMPLATE_CONTRACTS = {
  ERC20: "PlatformERC20",
  ERC20_ALT: "PlatformERC20Alt",
  ERC721: "PlatformERC721",
  ERC1155: "PlatformERC1155",
} as const;

/** The contract deployed per token; ERC3643 tokens are T-REX suites made by the platform's factory (lib/trex). */
export const templateOf = (standard: Exclude<Standard, "ERC3643">) => artifact(TEMPLATE_CONTRACTS[standard]);
/** ERC20 with features.votes: PlatformERC20's functions plus ERC20Votes (delegation, checkpoints, ERC-6372 clock), a governance voting token. */
export const votesTemplate = () => artifact("PlatformERC20Votes");

export const abiOf = (standard: Standard) => (standard === "ERC3643" ? artifact("Token").abi : templateOf(standard).abi) as Abi;

export const FEATURES = ["mintable", "burnable", "pausable", "votes"] as const;
export type Feature = (typeof FEATURES)[number];
export type Features = Record<Feature, boolean>;

// Roles. AccessControl templates (ERC20, ERC721, ERC1155) identify a role by keccak256(name), the admin
// role by zero; the bitmap template (ERC20_ALT) by one bit each. Names are the contracts' constant names.
export type RoleName = (typeof ROLE_NAMES)[number] | (typeof ALT_ROLE_NAMES)[number];

const ZERO_ROLE: Hex = `0x${"0".repeat(64)}`;
export const ROLE_IDS: Record<(typeof ROLE_NAMES)[number], Hex> = {
  DEFAULT_ADMIN_ROLE: ZERO_ROLE,
  MINTER_ROLE: keccak256(toHex("MINTER_ROLE")),
  PAUSER_ROLE: keccak256(toHex("PAUSER_ROLE")),
  BURNER_ROLE: keccak256(toHex("BURNER_ROLE")),
};
export const ALT_ROLE_BITS: Record<(typeof ALT_ROLE_NAMES)[number], bigint> = {
  ADMIN_ROLE: 1n,
  MINTER_ROLE: 2n,
  PAUSER_ROLE: 4n,
  BURNER_ROLE: 8n,
};

/** Names of the bits set in an ERC20_ALT roles bitmap (unknown bits are left out). */
export const decodeRoleBitmap = (bitmap: bigint) => ALT_ROLE_NAMES.filter((name) => (bitmap & ALT_ROLE_BITS[name]) !== 0n);

export const roleNameOfId = (id: Hex) =>
  (Object.entries(ROLE_IDS) as [RoleName, Hex][]).find(([, roleId]) => roleId.toLowerCase() === id.toLowerCase())?.[0] ?? null;
