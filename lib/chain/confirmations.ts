// How many blocks deep a block must be before the platform acts on it: one rule for the transaction path and
// the log watcher. The local chain mines on demand and never reorganises, so its head is final.

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
