// How many blocks deep a block must be before the platform acts on it: one rule for the transaction path and
// the log watcher. The local chain mines on demand and never reorganises, so its head is final. Beyond the
// confirmations, the finality window: how long a mined record is still watched for a reorganisation.

/** 1 on the local chain, else CONFIRMATIONS_<NETWORK> (a whole number ≥ 1) or 2. */
export function confirmationsFor(chainKey: string): number {
  if (chainKey === "local") return 1;
  const name = `CONFIRMATIONS_${chainKey.toUpperCase()}`;
  const configured = process.env[name];
  if (configured === undefined || configured === "") return 2;
  const confirmations = Number(configured);
  if (!Number.isInteger(confirmations) || confirmations < 1) throw new Error(`${name} must be a whole number of at least 1, not '${configured}'`);
  return confirmations;
}

/**
 * How many blocks deep a mined record of ours is still watched for a reorganisation (lib/chain/eoa/reorgs):
 * 0 (none) on the local chain, else FINALITY_BLOCKS_<NETWORK> or 64. A record is watched while its block is
 * less deep than this; a window no deeper than the confirmations watches nothing after the confirmation.
 */
export function finalityBlocksFor(chainKey: string): number {
  if (chainKey === "local") return 0;
  const name = `FINALITY_BLOCKS_${chainKey.toUpperCase()}`;
  const configured = process.env[name];
  const blocks = configured === undefined || configured === "" ? 64 : Number(configured);
  if (!Number.isInteger(blocks) || blocks < 0) throw new Error(`${name} must be a whole number of blocks, not '${configured}'`);
  return blocks;
}

/**
 * How many of a wallet's transactions may be sent and not yet mined on a network: MAX_IN_FLIGHT_<NETWORK>
 * (a whole number ≥ 1; set it at or below a provider's per-sender pending cap, e.g. 16 on Polygon), else no limit.
 */
export function maxInFlightFor(chainKey: string): number {
  const name = `MAX_IN_FLIGHT_${chainKey.toUpperCase()}`;
  const configured = process.env[name];
  if (configured === undefined || configured === "") return Infinity;
  const limit = Number(configured);
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`${name} must be a whole number of at least 1, not '${configured}'`);
  return limit;
}
