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
        <form className="card-header" method="get" action="/tokens" aria-label="Filter tokens">
          <div className="row" style={{ gap: 8 }}>
            <label className="visually-hidden" htmlFor="filter-status">
              Status
            </label>
            <select id="filter-status" name="status" className="select" defaultValue={filters.status ?? ""} style={{ width: "auto" }}>
              <option value="">All statuses</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s[0].toUpperCase() + s.slice(1)}
                </option>
              ))}
            </select>
            <label className="visually-hidden" htmlFor="filter-network">
              Network
            </label>
            <select id="filter-network" name="network" className="select" defaultValue={filters.network ?? ""} style={{ width: "auto" }}>
              <option value="">All networks</option>
              {networks.map((n) => (
                <option key={n.name} value={n.name}>
                  {n.displayName}
                </option>
              ))}
            </select>
            <label className="visually-hidden" htmlFor="filter-standard">
              Standard
            </label>
            <select id="filter-standard" name="standard" className="select" defaultValue={filters.standard ?? ""} style={{ width: "auto" }}>
              <option value="">All standards</option>
              {STANDARDS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn-small">
              Filter
            </button>
            {filtered ? (
              <Link href="/tokens" className="btn btn-small btn-link">
                Clear
              </Link>
            ) : null}
          </div>
          <span className="muted small">{tokens.total} {tokens.total === 1 ? "token" : "tokens"}</span>
        </form>
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
