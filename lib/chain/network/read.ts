// The one way the API reads a contract for a caller: a node that does not answer is a 502 (the request was
// fine; retry later), never a 500; a revert reaches `onRevert` when the caller has a meaning for it.
import type { Abi, Address } from "viem";
import { ApiError } from "@/lib/core/errors";
import { publicClient } from "@/lib/chain/network/clients";
import { isRevert } from "@/lib/chain/records/revert";

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

const HEAD_TIMEOUT_MS = 2_000;

/** The network's current block number, or null when its node does not answer within 2 s (a page still renders). */
export async function chainHead(network: string): Promise<bigint | null> {
  try {
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), HEAD_TIMEOUT_MS).unref());
    return await Promise.race([publicClient(network).getBlockNumber({ cacheTime: 0 }), timeout]);
  } catch {
    return null;
  }
}

/** Confirmations of a transaction in `block` when the chain's head is `head` (null if either is unknown). */
export function confirmationsAt(block: number | bigint | null, head: bigint | null): number | null {
  if (block === null || head === null) return null;
  const n = head - BigInt(block) + 1n;
  return n > 0n ? Number(n) : 0;
}
