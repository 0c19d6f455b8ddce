// What the console says about a transaction waiting at the fee cap (the record's `stuck`): it holds the
// wallet's later writes on its network until the cap is raised or the network's fees fall.
import { formatGwei } from "viem";

interface StuckRecord {
  network: string;
  stuck: { reason: "fee_cap"; max_fee_per_gas: string | null; network_max_fee_per_gas: string | null } | null;
}

const gwei = (wei: string | null) => (wei === null ? "?" : `${formatGwei(BigInt(wei))} gwei`);

/** One sentence for a stuck record, or null. */
export function stuckNotice(t: StuckRecord): string | null {
  if (!t.stuck) return null;
  const asked = t.stuck.network_max_fee_per_gas === null ? "" : `; the network asked ${gwei(t.stuck.network_max_fee_per_gas)}`;
  return (
    `Stuck at the fee cap (${gwei(t.stuck.max_fee_per_gas)}${asked}): later transactions of this wallet on ${t.network} wait behind it. ` +
    `Raise MAX_FEE_PER_GAS_GWEI_${t.network.toUpperCase()} to let it be replaced, or wait for fees to fall.`
  );
}
