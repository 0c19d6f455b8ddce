"use client";
import { toBaseUnits } from "@/lib/console/amounts";

/** Under an amount typed in token units: what it is in the smallest unit the API and the chain use. */
export function AmountPreview({ typed, decimals, symbol }: { typed: string; decimals: number; symbol: string }) {
  const converted = typed.trim() ? toBaseUnits(typed, decimals) : null;
  const scale = decimals === 0 ? "Whole tokens (this token has no decimals)." : `In ${symbol}, up to ${decimals} decimals (1.5 is fine).`;
  if (!converted || "error" in converted) return <>{scale}</>;
  return (
    <>
      {scale} = <span className="mono">{converted.raw}</span> base units.
    </>
  );
}
