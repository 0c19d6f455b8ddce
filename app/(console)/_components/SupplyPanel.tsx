// A fungible token's total supply (totalSupply()) and its holders, counted from its Transfer logs.
import { formatWithSymbol } from "@/lib/console/amounts";
import type { supplyAndHolders } from "@/lib/tokens/holders";

type Figures = { ok: true; value: Awaited<ReturnType<typeof supplyAndHolders>> } | { ok: false; message: string };

export function SupplyPanel({ supply, decimals, symbol }: { supply: Figures; decimals: number; symbol: string }) {
  if (!supply.ok) return <div className="card-body muted">{supply.message}</div>;
  const s = supply.value;
  return (
    <dl className="details">
      <dt>Total supply</dt>
      <dd data-testid="total-supply">
        {formatWithSymbol(s.total_supply, decimals, symbol)} <span className="muted small mono">({s.total_supply} base units)</span>
      </dd>
      <dt>Holders</dt>
      <dd data-testid="holder-count">
        {s.holder_count.toLocaleString("en-US")} {s.holder_count === 1 ? "address" : "addresses"}
        <span className="muted small" style={{ display: "block" }}>
          {s.complete
            ? `Counted from every transfer up to block ${s.counted_through_block.toLocaleString("en-US")}.`
            : `Counted from its transfers up to block ${s.counted_through_block.toLocaleString("en-US")} so far; the count goes on with each visit.`}
        </span>
      </dd>
    </dl>
  );
}
