"use client";
import { formatAmount } from "@/lib/console/amounts";

/** "= 1,000.5 ACME" under an amount field given in the smallest unit. */
export function AmountPreview({ raw, decimals, symbol }: { raw: string; decimals: number; symbol: string }) {
  const formatted = formatAmount(raw, decimals);
  if (decimals === 0) return <>A whole number.</>;
  return <>In the smallest unit ({decimals} decimals){formatted ? <>: = {formatted} {symbol}</> : null}.</>;
}
