// The one way the API reads a contract for a caller: a node that does not answer is a 502 (the request was
// fine; retry later), never a 500; a revert reaches `onRevert` when the caller has a meaning for it.
import type { Abi, Address } from "viem";
import { ApiError } from "@/lib/api/errors";
import { publicClient } from "./clients";
import { isRevert } from "./revert";

export const chainUnavailable = (network: string) =>
  new ApiError(502, "api_error", "chain_unavailable", `The ${network} node did not answer; retry later.`);

export async function readChain<T>(
  network: string,
  address: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[] = [],
  options: { onRevert?: () => T } = {},
): Promise<T> {
  try {
    return (await publicClient(network).readContract({ address, abi, functionName, args } as never)) as T;
  } catch (error) {
    if (options.onRevert && isRevert(error)) return options.onRevert();
    throw chainUnavailable(network);
  }
}
