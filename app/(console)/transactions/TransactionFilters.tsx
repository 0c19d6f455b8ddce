// The transactions page's filters: search by id or hash, kind, token, network and a range of days.
import { FilterForm, FilterInput, FilterSelect } from "@/components/Filters";
import { kindChoices } from "@/lib/console/transaction-kinds";
import type { FilterParams } from "@/lib/console/transactions";

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
  // A token filtered by id that is not among the choices (another page's link) stays selectable.
  const tokenChoices = [
    ...(params.token && !tokens.some((t) => t.id === params.token) ? [{ value: params.token, label: params.token }] : []),
    ...tokens.map((t) => ({ value: t.id, label: `${t.symbol} · ${t.name}` })),
  ];
  return (
    <FilterForm action="/transactions" label="Filter transactions" filtered={filtered} clearHref={params.status ? `/transactions?status=${params.status}` : "/transactions"}>
      {params.status ? <input type="hidden" name="status" value={params.status} /> : null}
      <FilterInput name="q" label="Search" value={params.q} wide className="input mono" type="search" placeholder="tx_… id or 0x… hash" autoComplete="off" spellCheck={false} />
      <FilterSelect name="kind" label="Kind" value={params.kind} all="All kinds" options={kindChoices()} />
      <FilterSelect name="token" label="Token" value={params.token} all="All tokens" options={tokenChoices} />
      <FilterSelect name="network" label="Network" value={params.network} all="All networks" options={networks.map((n) => ({ value: n.name, label: n.displayName }))} />
      <FilterInput name="from" label="From (UTC)" value={params.from} type="date" />
      <FilterInput name="to" label="To (UTC)" value={params.to} type="date" />
    </FilterForm>
  );
}
