// An ERC-20 named in a request by the modules that hold one (vesting schedules, vaults): one of the tenant's
// deployed ERC20 tokens (tok_…, its network by default), or any contract on `network` that answers ERC-20
// reads. Every refusal is a 400 naming the parameter, before anything is recorded.
import { erc20Abi, getAddress, zeroAddress, type Abi, type Address } from "viem";
import { bothForms } from "@/lib/core/amounts";
import { invalidRequest } from "@/lib/core/errors";
import { publicClient } from "@/lib/chain/network/clients";
import { networkFor, type Network } from "@/lib/chain/network/networks";
import { chainUnavailable, readChain } from "@/lib/chain/network/read";
import { findToken } from "@/lib/tokens/lookup";
import { type Scope } from "@/lib/core/scope";
import { familyOf, type Standard } from "@/lib/tokens/standards";

export interface Erc20Ref {
  network: Network;
  /** The platform token's id, or null for another ERC-20. */
  tokenId: string | null;
  address: Address;
}

export const readErc20 = <T>(network: string, token: Address, functionName: string, args: readonly unknown[] = [], onRevert?: () => T) =>
  readChain<T>(network, token, erc20Abi as Abi, functionName, args, { onRevert });

/** `ref` is a tok_ id or an address (the schemas allow only those); `param` names it in errors; `use` says what the module does with it. */
export async function resolveErc20(scope: Scope, ref: string, network: string | undefined, param: string, use: string): Promise<Erc20Ref> {
  if (ref.startsWith("tok_")) {
    const token = await findToken(scope, ref).catch(() => {
      throw invalidRequest("resource_missing", `No such token: '${ref}'`, param);
    });
    if (familyOf(token.standard as Standard) !== "ERC20" || token.standard === "ERC3643") {
      throw invalidRequest("unsupported_standard", `Token '${token.id}' is ${token.standard}: ${use} an ERC20 token (ERC3643 transfers need a verified identity).`, param);
    }
    if (token.status !== "deployed" || !token.address) throw invalidRequest("token_not_deployed", `Token '${token.id}' is ${token.status}, not deployed.`, param);
    if (network !== undefined) networkFor(network, scope.livemode); // an unknown name answers network_unknown, as everywhere
    if (network !== undefined && network !== token.network) {
      throw invalidRequest("parameter_invalid", `Invalid network: token '${token.id}' is on ${token.network}.`, "network");
    }
    return { network: networkFor(token.network, scope.livemode), tokenId: token.id, address: getAddress(token.address) };
  }
  if (network === undefined) throw invalidRequest("parameter_missing", `Missing required parameter: network (needed with a token address in ${param})`, "network");
  const resolved = networkFor(network, scope.livemode);
  const address = getAddress(ref);
  const code = await publicClient(resolved.name).getCode({ address }).catch(() => {
    throw chainUnavailable(resolved.name);
  });
  const answers = !!code && code !== "0x" && (await readErc20<bigint | null>(resolved.name, address, "balanceOf", [zeroAddress], () => null)) !== null;
  if (!answers) throw invalidRequest("token_not_erc20", `No ERC-20 at ${address} on ${resolved.name} (no contract there answers balanceOf).`, param);
  return { network: resolved, tokenId: null, address };
}

/** How amounts of an ERC-20 read in messages: both forms, by its decimals and symbol (a contract without them: base units only). */
export async function erc20Units(network: string, token: Address): Promise<(raw: bigint) => string> {
  const [decimals, symbol] = await Promise.all([
    readErc20<number | null>(network, token, "decimals", [], () => null),
    readErc20<string | null>(network, token, "symbol", [], () => null),
  ]);
  return (raw) => (decimals === null ? `${raw} base units` : bothForms(raw, Number(decimals), symbol || `of ${token}`));
}
