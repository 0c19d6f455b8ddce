// Amounts are integer strings in the smallest unit (as in the API); the console shows them in whole
// tokens too. Works in the browser (previews under amount fields) and on the server.
import { formatUnits } from "viem";

/** `raw` (smallest unit) as whole tokens with thousands separators, or null when `raw` is not an integer string. */
export function formatAmount(raw: string | null | undefined, decimals: number): string | null {
  if (!raw || !/^\d{1,78}$/.test(raw)) return null;
  const [whole, fraction = ""] = formatUnits(BigInt(raw), decimals).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}
