// On-chain reads of a deployed token: balances and the EIP-712 data of permits. A node that cannot be
// reached is a 502 (the request was fine; retry later), never a 500.
import { parseAbiParameters, getAddress, type Abi, type Address, type Hex } from "viem";
import { invalidRequest } from "@/lib/core/errors";
import { bothForms } from "@/lib/core/amounts";
import { readChain } from "@/lib/chain/network/read";
import { deployedToken, findToken, requireStandard, type DeployedToken } from "@/lib/tokens/lookup";
import { type Scope } from "@/lib/core/scope";
import { abiOf, familyOf } from "@/lib/tokens/standards";


/** readContract on the token (or another contract); reverts reach `onRevert`, transport failures are 502. */
export const readToken = <T>(
  token: DeployedToken,
  functionName: string,
  args: readonly unknown[] = [],
  options: { onRevert?: () => T; address?: Address; abi?: Abi } = {},
): Promise<T> => readChain<T>(token.network, options.address ?? token.address, options.abi ?? abiOf(token.standard), functionName, args, options);

export async function balanceOf(scope: Scope, id: string, address: string, nftTokenId: string) {
  const token = await deployedToken(scope, id);
  const family = familyOf(token.standard);
  if (family === "ERC20" && nftTokenId !== "0") {
    throw invalidRequest("parameter_invalid", "Invalid nft_token_id: must be 0 for ERC-20 tokens", "nft_token_id");
  }
  let balance: bigint;
  if (family === "ERC20") balance = await readToken<bigint>(token, "balanceOf", [address]);
  else if (family === "ERC1155") balance = await readToken<bigint>(token, "balanceOf", [address, BigInt(nftTokenId)]);
  else {
    // ownerOf reverts for an id that does not exist (never minted or burnt): nobody holds it.
    const owner = await readToken<Address | null>(token, "ownerOf", [BigInt(nftTokenId)], { onRevert: () => null });
    balance = owner && owner.toLowerCase() === address.toLowerCase() ? 1n : 0n;
  }
  return { object: "balance" as const, token: token.id, address: getAddress(address), nft_token_id: nftTokenId, balance: balance.toString() };
}

export const PERMIT_TYPES = {
  Permit: parseAbiParameters("address owner, address spender, uint256 value, uint256 nonce, uint256 deadline"),
} as const;

export interface PermitDomain {
  name: string;
  version: string;
  chainId: number;
  verifyingContract: Address;
}

/** The EIP-712 domain as the contract reports it (EIP-5267) and the owner's permit nonce. */
export async function readPermitState(token: DeployedToken, owner: Address) {
  const [domain, nonce, separator] = await Promise.all([
    readToken<readonly [Hex, string, string, bigint, Address, Hex, readonly bigint[]]>(token, "eip712Domain"),
    readToken<bigint>(token, "nonces", [owner]),
    readToken<Hex>(token, "DOMAIN_SEPARATOR"),
  ]);
  const [, name, version, chainId, verifyingContract] = domain;
  return { domain: { name, version, chainId: Number(chainId), verifyingContract } satisfies PermitDomain, nonce, separator };
}

export async function permitInfo(scope: Scope, id: string, owner: Address) {
  const found = await findToken(scope, id);
  requireStandard(found, ["ERC20", "ERC20_ALT"], "permit_info");
  const token = await deployedToken(scope, id);
  const { domain, nonce, separator } = await readPermitState(token, owner);
  return {
    object: "permit_info" as const,
    token: token.id,
    owner: getAddress(owner),
    nonce: nonce.toString(),
    domain_separator: separator,
    domain: { name: domain.name, version: domain.version, chain_id: domain.chainId, verifying_contract: domain.verifyingContract },
    types: {
      EIP712Domain: parseAbiParameters("string name, string version, uint256 chainId, address verifyingContract"),
      Permit: [...PERMIT_TYPES.Permit],
    },
    primary_type: "Permit" as const,
  };
}

/**
 * 400 insufficient_balance when `holder` holds less than `amount` of the token (ERC-20 family and ERC-1155), in
 * both forms: "needs 9,000,000 TKN (9000000000000000000000000 base units)". A pre-check: the chain stays the
 * judge (a transfer still pending is not counted), but an over-balance request is refused before it is recorded.
 */
export async function requireBalance(token: DeployedToken, holder: Address, amount: bigint, operation: string, nftTokenId?: bigint) {
  const family = familyOf(token.standard);
  if (family === "ERC721") return;
  const balance = await readToken<bigint>(token, "balanceOf", family === "ERC1155" ? [holder, nftTokenId ?? 0n] : [holder]);
  if (balance >= amount) return;
  const decimals = family === "ERC1155" ? 0 : token.decimals;
  const symbol = family === "ERC1155" ? `of token type ${nftTokenId}` : token.symbol;
  throw invalidRequest(
    "insufficient_balance",
    `Insufficient balance: the ${operation} needs ${bothForms(amount, decimals, symbol)}, but ${holder} holds ${bothForms(balance, decimals, symbol)}.`,
    "amount",
  );
}

/** paused() of a deployed token: whether its transfers are stopped now. */
export async function isPaused(scope: Scope, id: string): Promise<boolean> {
  return readToken<boolean>(await deployedToken(scope, id), "paused");
}
