// The transactions page's filters: a plain GET form, so the filtered list is a link that can be shared.
import Link from "next/link";
import { KIND_NAMES } from "@/lib/console/transaction-kinds";
import type { FilterParams } from "@/lib/console/transactions";

const KINDS = Object.entries(KIND_NAMES).sort(([, a], [, b]) => a.localeCompare(b));

export function TransactionFilters({
  params,
  tokens,
  networks,
}: {
  params: FilterParams;
  tokens: { id: string; symbol: string; name: string }[];
  networks: { name: string; displayName: string }[];
}) {
  const filtered = Object.entries(params).some(([name, value]) => name !== "status" && value);
  return (
    <form className="filter-bar" method="get" action="/transactions" aria-label="Filter transactions">
      {params.status ? <input type="hidden" name="status" value={params.status} /> : null}
      <div className="field filter-search">
        <label htmlFor="filter-q">Search</label>
        <input id="filter-q" name="q" className="input mono" type="search" placeholder="tx_… id or 0x… hash" defaultValue={params.q ?? ""} autoComplete="off" spellCheck={false} />
      </div>
      <div className="field">
        <label htmlFor="filter-kind">Kind</label>
        <select id="filter-kind" name="kind" className="select" defaultValue={params.kind ?? ""}>
          <option value="">All kinds</option>
          {KINDS.map(([kind, name]) => (
            <option key={kind} value={kind}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-token">Token</label>
        <select id="filter-token" name="token" className="select" defaultValue={params.token ?? ""}>
          <option value="">All tokens</option>
          {params.token && !tokens.some((t) => t.id === params.token) ? <option value={params.token}>{params.token}</option> : null}
          {tokens.map((t) => (
            <option key={t.id} value={t.id}>
              {t.symbol} · {t.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-network">Network</label>
        <select id="filter-network" name="network" className="select" defaultValue={params.network ?? ""}>
          <option value="">All networks</option>
          {networks.map((n) => (
            <option key={n.name} value={n.name}>
              {n.displayName}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-from">From (UTC)</label>
        <input id="filter-from" name="from" className="input" type="date" defaultValue={params.from ?? ""} />
      </div>
      <div className="field">
        <label htmlFor="filter-to">To (UTC)</label>
        <input id="filter-to" name="to" className="input" type="date" defaultValue={params.to ?? ""} />
      </div>
      <div className="filter-actions">
        <button type="submit" className="btn btn-small">
          Filter
        </button>
        {filtered ? (
          <Link href={params.status ? `/transactions?status=${params.status}` : "/transactions"} className="btn btn-small btn-link">
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}
