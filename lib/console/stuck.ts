// What the console says about a transaction waiting at the fee cap (the record's `stuck`): it holds the
// wallet's later writes on its network until the network's fees fall or the operator raises the cap. Plain
// words for a tenant admin: the cap's setting is named in the README, not here.
import { formatGwei } from "viem";

interface StuckRecord {
  network: string;
  stuck: { reason: "fee_cap"; deferred?: boolean; max_fee_per_gas: string | null; network_max_fee_per_gas: string | null } | null;
}

const gwei = (wei: string | null) => (wei === null ? "?" : `${formatGwei(BigInt(wei))} gwei`);

/** One sentence for a stuck record, or null. */
export function stuckNotice(t: StuckRecord): string | null {
  if (!t.stuck) return null;
  const asked = t.stuck.network_max_fee_per_gas === null ? "" : `; the network asked ${gwei(t.stuck.network_max_fee_per_gas)}`;
  if (t.stuck.deferred) {
    return (
      `Deferred at the fee cap${t.stuck.network_max_fee_per_gas === null ? "" : ` (the network asked ${gwei(t.stuck.network_max_fee_per_gas)})`}: not sent, so nothing goes out underpriced; it is sent by itself once the network's fees fall below the fee cap.`
    );
  }
  return (
    `Stuck at the fee cap (${gwei(t.stuck.max_fee_per_gas)}${asked}): later transactions of this wallet on ${t.network} wait behind it. ` +
    `It is replaced by itself when the network's fees fall, or cancel it from its page.`
  );
}
