// Total supply and holder count of a fungible token. No contract lists its holders, so they are counted from
// the token's Transfer logs: from the block it was deployed in to the chain's confirmed head, in bounded
// eth_getLogs ranges (lib/chain/watch/ranges). The running balances are kept in this process per token and
// extended from where the last count stopped, so a page view scans only the blocks mined since; a count
// stops after `maxBlocks` blocks and says how far it got (the next read goes on from there).
import { getAddress, parseAbiItem, zeroAddress, type Address, type Hash } from "viem";
import { db } from "@/lib/db";
import { chainTarget, publicClient } from "@/lib/chain/network/clients";
import { confirmationsFor } from "@/lib/chain/network/confirmations";
import { chainUnavailable } from "@/lib/chain/network/read";
import { scanLogRanges } from "@/lib/chain/watch/ranges";
import { deployedToken, requireStandard, type DeployedToken } from "@/lib/tokens/lookup";
import type { Scope } from "@/lib/core/scope";
import { readToken } from "./reads";

const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

/** Blocks one count scans at most (a token deployed long ago is counted over several reads). */
export const MAX_BLOCKS_PER_COUNT = 100_000n;
/** Tokens whose balances this process keeps; the least recently read is dropped first. */
const MAX_KEPT = 200;

interface Tally {
  /** The next block to scan. */
  next: bigint;
  /** Hash of block `next - 1`, to notice a reorganisation below the confirmed head (then counting starts over). */
  lastHash: Hash | null;
  balances: Map<Address, bigint>;
}

const tallies = new Map<string, Tally>();
const running = new Map<string, Promise<unknown>>();

/** One count per token at a time: two page views at once must not add the same logs twice. */
async function serially<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = running.get(key) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(work);
  running.set(key, mine);
  try {
    return await mine;
  } finally {
    if (running.get(key) === mine) running.delete(key);
  }
}

function keep(key: string, tally: Tally) {
  tallies.delete(key); // re-inserted last: Map order is the least recently read first
  tallies.set(key, tally);
  while (tallies.size > MAX_KEPT) tallies.delete(tallies.keys().next().value!);
}

async function deployBlock(token: DeployedToken): Promise<bigint> {
  if (!token.deployTxId) return 0n;
  const tx = await db.transaction.findUnique({ where: { id: token.deployTxId }, select: { blockNumber: true } });
  return tx?.blockNumber ?? 0n;
}

/** The tally of `token` brought up to `through` (at most `maxBlocks` further); answers it and the last block counted. */
async function count(token: DeployedToken, maxBlocks: bigint) {
  const { chainKey } = chainTarget(token.network);
  const client = publicClient(token.network);
  const key = `${chainKey}:${getAddress(token.address)}`;
  return serially(key, async () => {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const safe = head - BigInt(confirmationsFor(chainKey)) + 1n;
    let tally = tallies.get(key);
    if (tally) {
      // Reorganised, or the chain is not the one counted (a local chain restarted): count again.
      const last = tally.next - 1n;
      const seen = tally.lastHash && last <= safe ? await client.getBlock({ blockNumber: last }).catch(() => null) : null;
      if (last > safe || (tally.lastHash && seen?.hash !== tally.lastHash)) tally = undefined;
    }
    tally ??= { next: await deployBlock(token), lastHash: null, balances: new Map() };
    const to = safe < tally.next + maxBlocks - 1n ? safe : tally.next + maxBlocks - 1n;
    if (to >= tally.next) {
      const counting = tally;
      await scanLogRanges(
        chainKey,
        counting.next,
        to,
        (fromBlock, toBlock) => client.getLogs({ address: token.address, event: TRANSFER, fromBlock, toBlock, strict: true }),
        async (logs, _from, end) => {
          for (const log of logs) {
            const { from, to: receiver, value } = log.args;
            if (from !== zeroAddress) counting.balances.set(getAddress(from), (counting.balances.get(getAddress(from)) ?? 0n) - value);
            if (receiver !== zeroAddress) counting.balances.set(getAddress(receiver), (counting.balances.get(getAddress(receiver)) ?? 0n) + value);
          }
          counting.next = end + 1n;
        },
      );
      counting.lastHash = (await client.getBlock({ blockNumber: to })).hash;
    }
    keep(key, tally);
    let holders = 0;
    for (const balance of tally.balances.values()) if (balance > 0n) holders++;
    return { holders, through: tally.next - 1n, complete: tally.next > safe };
  });
}

/**
 * The token's total supply (totalSupply(), at the latest block) and its holders: addresses with a balance
 * above zero after every Transfer up to `counted_through_block`; `complete` is false while older blocks remain.
 */
export async function supplyAndHolders(scope: Scope, id: string, options: { maxBlocks?: bigint } = {}) {
  const token = await deployedToken(scope, id);
  requireStandard(token, ["ERC20", "ERC20_ALT", "ERC3643"], "holders");
  const [supply, tally] = await Promise.all([
    readToken<bigint>(token, "totalSupply"),
    count(token, options.maxBlocks ?? MAX_BLOCKS_PER_COUNT).catch(() => {
      throw chainUnavailable(token.network);
    }),
  ]);
  return {
    object: "token_holders" as const,
    token: token.id,
    total_supply: supply.toString(),
    holder_count: tally.holders,
    counted_through_block: Number(tally.through),
    complete: tally.complete,
  };
}
