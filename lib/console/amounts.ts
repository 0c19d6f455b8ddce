// Amounts are integer strings in the smallest unit (as in the API); the console takes and shows them in token
// units, converting by the token's decimals. Works in the browser (forms, previews) and on the server.
import { parseUnits } from "viem";
import { unitsOf } from "@/lib/core/amounts";

/** `raw` (smallest unit) as token units with thousands separators, or null when `raw` is not an integer string. */
export function formatAmount(raw: string | null | undefined, decimals: number): string | null {
  if (!raw || !/^\d{1,78}$/.test(raw)) return null;
  return unitsOf(raw, decimals);
}

/** "1,000.5 ACME" (or the raw value as given when it is not an amount). */
export const formatWithSymbol = (raw: string | null | undefined, decimals: number, symbol: string) => {
  const units = formatAmount(raw, decimals);
  return units === null ? (raw ?? "—") : `${units} ${symbol}`;
};

/**
 * What a person typed ("1.5", "1,000", " 2 ") in the smallest unit, or an error in words. Token units are
 * converted by `decimals` (viem parseUnits); more decimal places than the token has is refused, not rounded.
 */
export function toBaseUnits(typed: string, decimals: number): { raw: string } | { error: string } {
  const text = typed.trim().replace(/[,_\s]/g, "");
  if (!/^\d*\.?\d*$/.test(text) || !/\d/.test(text)) return { error: "Enter an amount such as 1.5." };
  const fraction = text.split(".")[1] ?? "";
  if (fraction.length > decimals) {
    const digits = decimals === 1 ? "1 digit" : `${decimals} digits`;
    return { error: decimals === 0 ? "This token has no decimals: enter a whole number." : `This token has ${decimals} decimal${decimals === 1 ? "" : "s"}: at most ${digits} after the point.` };
  }
  return { raw: parseUnits(text.startsWith(".") ? `0${text}` : text, decimals).toString() };
}
