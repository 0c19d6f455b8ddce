// What the governance page shows besides the API's records: the governor's clock read as times (a vote's start
// and end are block numbers, or unix seconds for a timestamp-clock token), the acting account's voting power,
// and the tokens a new instance can count votes with.
import type { Address } from "viem";
import { readChain } from "@/lib/chain/network/read";
import { publicClient } from "@/lib/chain/network/clients";
import { findNetwork } from "@/lib/chain/network/networks";
import { actingFor } from "@/lib/connect/settings/wallet-mode";
import { governorAbi, votesAbi } from "@/lib/governance/service";
import type { Scope } from "@/lib/core/scope";
import { erc20Choices } from "./modules";
import { durationOf } from "./time";

export interface GovernanceClock {
  mode: "blocknumber" | "timestamp";
  /** The clock now (the latest block's number, or its time). */
  now: number;
  /** The latest block's time (unix seconds): when a queued proposal may be executed is judged against it. */
  time: number;
  /** Seconds a block takes on the network (to estimate the time of a future block). */
  blockSeconds: number;
}

export async function governanceClock(network: string, governor: string): Promise<GovernanceClock> {
  const [mode, block] = await Promise.all([
    readChain<string>(network, governor as Address, governorAbi(), "CLOCK_MODE"),
    publicClient(network).getBlock(),
  ]);
  const timestamp = mode.includes("timestamp");
  return {
    mode: timestamp ? "timestamp" : "blocknumber",
    now: timestamp ? Number(block.timestamp) : Number(block.number),
    time: Number(block.timestamp),
    blockSeconds: findNetwork(network)?.blockSeconds ?? 12,
  };
}

/**
 * The time of a clock value: itself for a timestamp clock; for a block number, the block's time once mined,
 * else an estimate from the network's block time (`estimated`).
 */
export async function timeOfClock(network: string, clock: GovernanceClock, value: string | null): Promise<{ seconds: number; estimated: boolean } | null> {
  if (value === null) return null;
  const point = Number(value);
  if (clock.mode === "timestamp") return { seconds: point, estimated: false };
  if (point <= clock.now) return { seconds: Number((await publicClient(network).getBlock({ blockNumber: BigInt(point) })).timestamp), estimated: false };
  return { seconds: clock.time + Math.round((point - clock.now) * clock.blockSeconds), estimated: true };
}

export { durationOf }; // the governance page's import

/** A length of the governor's clock in words: "20 blocks (about 40 s)", or "1 h" for a timestamp clock. */
export function clockSpan(clock: GovernanceClock | null, units: string): string {
  const n = Number(units);
  if (clock?.mode === "timestamp") return durationOf(n);
  return `${n} block${n === 1 ? "" : "s"}${clock ? ` (about ${durationOf(n * clock.blockSeconds)})` : ""}`;
}

/** The acting account's votes on the voting token now, and whom it delegates to (null: nobody, so it cannot vote). */
export async function votingPower(scope: Scope, g: { network: string; tokenAddress: string }) {
  const acting = (await actingFor(scope, g.network)).address;
  const [votes, delegatee] = await Promise.all([
    readChain<bigint>(g.network, g.tokenAddress as Address, votesAbi(), "getVotes", [acting]),
    readChain<Address>(g.network, g.tokenAddress as Address, votesAbi(), "delegates", [acting]),
  ]);
  return { acting, votes: votes.toString(), delegatee: /^0x0{40}$/.test(delegatee) ? null : delegatee };
}

export interface VotesTokenChoice {
  id: string;
  name: string;
  symbol: string;
  decimals: number;
  networkLabel: string;
  /** What a governor over it counts delays and periods in (ERC-6372): blocks, or seconds for a timestamp clock. */
  clock: "blocknumber" | "timestamp";
  /** Seconds a block takes on its network (to show a number of blocks as a time). */
  blockSeconds: number;
}

/** The tenant's deployed ERC-20 tokens with votes (the ones a Governor can count), with the clock each counts in. */
export async function votesTokenChoices(scope: Scope): Promise<VotesTokenChoice[]> {
  const choices = (await erc20Choices(scope)).filter((t) => t.votes && t.address);
  return Promise.all(
    choices.map(async (t) => {
      // A node that does not answer: blocks, every votes token's default clock.
      const mode = await readChain<string | null>(t.network, t.address as Address, votesAbi(), "CLOCK_MODE", [], { onRevert: () => null }).catch(() => null);
      return {
        id: t.id, name: t.name, symbol: t.symbol, decimals: t.decimals, networkLabel: t.networkLabel,
        clock: mode?.includes("timestamp") ? ("timestamp" as const) : ("blocknumber" as const),
        blockSeconds: findNetwork(t.network)?.blockSeconds ?? 12,
      };
    }),
  );
}
