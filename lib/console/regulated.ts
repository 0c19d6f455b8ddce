// What a regulated token's console page shows: its investors (identity, country, verified, balance,
// frozen) read on chain, and its compliance modules with their parameters.
import type { Address } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { publicClient } from "@/lib/chain/network/clients";
import { listIdentities } from "@/lib/trex/identities/service";
import { listModules } from "@/lib/trex/compliance/service";
import { regulatedToken } from "@/lib/trex/suite/service";
import type { Scope } from "@/lib/core/scope";

export interface Investor {
  identity: Awaited<ReturnType<typeof listIdentities>>["data"][number];
  verified: boolean;
  balance: string;
  frozenTokens: string;
  walletFrozen: boolean;
}

export async function regulatedOverview(scope: Scope, tokenId: string) {
  const token = await regulatedToken(scope, tokenId);
  const [identities, modules] = await Promise.all([
    listIdentities(scope, { limit: 100, token_id: tokenId }),
    listModules(scope, { limit: 100, token_id: tokenId }),
  ]);
  const client = publicClient(token.network);
  const tokenAbi = artifact("Token").abi;
  const read = <T>(address: Address, abi: typeof tokenAbi, functionName: string, args: unknown[]) =>
    client.readContract({ address, abi, functionName, args } as never) as Promise<T>;
  // Calls made together go out as one JSON-RPC batch.
  const investors: Investor[] = await Promise.all(
    identities.data
      .filter((identity) => identity.status !== "removed")
      .map(async (identity) => {
        const wallet = identity.wallet as Address;
        const [verified, balance, frozenTokens, walletFrozen] = await Promise.all([
          read<boolean>(token.suite.identityRegistry, artifact("IdentityRegistry").abi, "isVerified", [wallet]),
          read<bigint>(token.address, tokenAbi, "balanceOf", [wallet]),
          read<bigint>(token.address, tokenAbi, "getFrozenTokens", [wallet]),
          read<boolean>(token.address, tokenAbi, "isFrozen", [wallet]),
        ]);
        return { identity, verified, balance: balance.toString(), frozenTokens: frozenTokens.toString(), walletFrozen };
      }),
  );
  return { investors, modules: modules.data };
}
