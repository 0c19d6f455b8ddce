// Chain reads for the regulated-token controls, trusted issuers and claim topics: a contract of the
// token's suite (or the token itself) read live. A revert reaches `onRevert`; a node that does not answer
// is a 502 (the request was fine; retry later), never a 500.
import { encodeFunctionData, type Abi, type Address, type Hex } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { publicClient } from "@/lib/chain/network/clients";
import { chainUnavailable, readChain } from "@/lib/chain/network/read";

type SuiteContract = "Token" | "IdentityRegistry" | "IdentityRegistryStorage" | "TrustedIssuersRegistry" | "ClaimTopicsRegistry" | "ModularCompliance" | "Identity";

export const readAt = <T>(
  network: string,
  contract: SuiteContract,
  address: Address,
  functionName: string,
  args: readonly unknown[] = [],
  options: { onRevert?: () => T } = {},
): Promise<T> => readChain<T>(network, address, artifact(contract).abi as Abi, functionName, args, options);

/** Whether a contract is deployed at `address` (a typo or an EOA is refused before anything is sent). */
export async function hasCode(network: string, address: Address): Promise<boolean> {
  try {
    const code = await publicClient(network).getCode({ address });
    return !!code && code !== "0x";
  } catch {
    throw chainUnavailable(network);
  }
}

export const encodeCall = (contract: SuiteContract, functionName: string, args: readonly unknown[] = []): Hex =>
  encodeFunctionData({ abi: artifact(contract).abi as Abi, functionName, args } as never);
