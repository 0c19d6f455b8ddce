// Amounts travel in the smallest unit (as the spec has them); people read them in token units. One place
// turns the one into the other, for the console (in the browser too) and for the API's error messages.
import { formatUnits } from "viem";

const group = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** `raw` (smallest unit) in token units with thousands separators: 9000000000000000000000000, 18 → "9,000,000". */
export function unitsOf(raw: bigint | string, decimals: number): string {
  const [whole, fraction] = formatUnits(BigInt(raw), decimals).split(".");
  return fraction ? `${group(whole)}.${fraction}` : group(whole);
}

/** Both forms, for messages: "9,000,000 TKN (9000000000000000000000000 base units)"; one form when they coincide. */
export function bothForms(raw: bigint | string, decimals: number, symbol: string): string {
  const units = `${unitsOf(raw, decimals)} ${symbol}`;
  return decimals === 0 ? units : `${units} (${BigInt(raw)} base units)`;
}
