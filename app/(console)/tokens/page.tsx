import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { networkLabel } from "@/lib/console/explorer";
import { listTokens } from "@/lib/tokens/service";
import { listNetworks } from "@/lib/chain/network/networks";
import { STANDARDS } from "@/lib/schemas/tokens";
import { PageHeader } from "@/components/PageHeader";
import { EmptyState } from "@/components/EmptyState";
import { AutoRefresh } from "@/components/AutoRefresh";
import { Hex } from "@/components/Hex";
import { ListTable } from "@/components/ListTable";
import { FilterForm, FilterSelect } from "@/components/Filters";

export const metadata: Metadata = { title: "Tokens" };

const STATUSES = ["deploying", "deployed", "failed"] as const;

export default async function TokensPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope, livemode } = await requireConsole("/tokens");
  const query = await searchParams;
  const filters = {
    status: STATUSES.find((s) => s === param(query.status)),
    network: param(query.network),
    standard: STANDARDS.find((s) => s === param(query.standard)),
  };
  const startingAfter = param(query.starting_after);
  const tokens = await listTokens(scope, { limit: 20, starting_after: startingAfter, ...filters });
  const networks = listNetworks().filter((n) => n.testnet !== livemode);
  const filtered = Boolean(filters.status || filters.network || filters.standard);
  return (
    <>
      <PageHeader
        title="Tokens"
        subtitle={`Your ${livemode ? "live" : "test"} tokens, newest first.`}
        actions={
          <Link href="/tokens/new" className="btn btn-primary">
            Deploy a token
          </Link>
        }
      />
      <AutoRefresh active={tokens.data.some((t) => t.status === "deploying")} intervalMs={1500} />
      <section className="card">
        <div className="card-header">
          <h2>Tokens</h2>
          <span className="muted small">{tokens.total} {tokens.total === 1 ? "token" : "tokens"}</span>
        </div>
        <FilterForm action="/tokens" label="Filter tokens" filtered={filtered}>
          <FilterSelect name="status" label="Status" value={filters.status} all="All statuses" options={STATUSES.map((s) => ({ value: s, label: s[0].toUpperCase() + s.slice(1) }))} />
          <FilterSelect name="network" label="Network" value={filters.network} all="All networks" options={networks.map((n) => ({ value: n.name, label: n.displayName }))} />
          <FilterSelect name="standard" label="Standard" value={filters.standard} all="All standards" options={STANDARDS} />
        </FilterForm>
        <ListTable
          caption="Tokens"
          list={tokens}
          pages={{ basePath: "/tokens", params: { ...filters, starting_after: startingAfter } }}
          columns={(col) => [
            col.record("Token", (t) => ({ href: `/tokens/${t.id}`, name: t.name, sub: <>{t.symbol} · <span className="mono">{t.id}</span></> })),
            col.status((t) => t),
            { header: "Standard", className: "hide-sm", cell: (t) => t.standard },
            { header: "Network", className: "hide-sm", cell: (t) => networkLabel(t.network).name },
            { header: "Address", className: "hide-sm", cell: (t) => <Hex value={t.address} /> },
            col.time((t) => t.created),
          ]}
          empty={
            filtered ? (
              <EmptyState icon="⌕" title="No tokens match these filters" action={<Link href="/tokens" className="btn">Clear filters</Link>}>
                Try another status, network or standard.
              </EmptyState>
            ) : (
              <EmptyState
                icon="◈"
                title={`No ${livemode ? "live" : "test"} tokens yet`}
                action={
                  <Link href="/tokens/new" className="btn btn-primary">
                    Deploy your first token
                  </Link>
                }
              >
                Deploy an ERC-20, ERC-721 or ERC-1155 token on a {livemode ? "mainnet" : "test network"}. It is ready in seconds, and you can mint
                right after.
              </EmptyState>
            )
          }
        />
      </section>
    </>
  );
}
