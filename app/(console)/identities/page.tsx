import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { listIdentities } from "@/lib/trex/identities/service";
import { listClaims } from "@/lib/trex/identities/claims";
import { PageHeader } from "@/components/PageHeader";
import { EmptyState } from "@/components/EmptyState";
import { Pagination } from "@/components/Pagination";
import { AutoRefresh } from "@/components/AutoRefresh";
import { DataTable } from "@/components/DataTable";
import { StatusBadge } from "@/components/StatusBadge";
import { Hex } from "@/components/Hex";

export const metadata: Metadata = { title: "Identities" };

// Investors' ONCHAINIDs registered for regulated (ERC3643) tokens, with the claims made about them.
export default async function IdentitiesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope } = await requireConsole("/identities");
  const query = await searchParams;
  const token = param(query.token);
  const startingAfter = param(query.starting_after);
  const page = await listIdentities(scope, { limit: 25, starting_after: startingAfter, token_id: token });
  const rows = await Promise.all(page.data.map(async (identity) => ({ identity, claims: (await listClaims(scope, identity.id, { limit: 20 })).data })));
  const moving = (status: string) => status === "pending" || status === "removing";
  return (
    <>
      <PageHeader title="Identities" subtitle="Investors of your regulated tokens: their ONCHAINID, country and the claims that verify them." />
      <AutoRefresh active={rows.some((r) => moving(r.identity.status) || r.claims.some((c) => moving(c.status)))} intervalMs={1500} />
      <section className="card">
        {rows.length ? (
          <DataTable
            caption="Identities and their claims"
            rows={rows}
            rowKey={(r) => r.identity.id}
            rowProps={(r) => ({ "data-wallet": r.identity.wallet })}
            columns={[
              { header: "Wallet", cell: (r) => <Hex value={r.identity.wallet} /> },
              { header: "Token", className: "hide-sm", cellClassName: "hide-sm", cell: (r) => <Link href={`/tokens/${r.identity.token}`} className="mono">{r.identity.token}</Link> },
              { header: "ONCHAINID", className: "hide-sm", cellClassName: "hide-sm", cell: (r) => (r.identity.identity_address ? <Hex value={r.identity.identity_address} /> : "—") },
              { header: "Country", cell: (r) => r.identity.country.alpha2 ?? r.identity.country.numeric },
              { header: "Status", cell: (r) => <StatusBadge status={r.identity.status} /> },
              {
                header: "Claims",
                cell: (r) =>
                  r.claims.length ? (
                    <ul className="plain small" data-testid="claims">
                      {r.claims.map((c) => (
                        <li key={c.id}>
                          topic <span className="mono">{c.topic}</span> · {c.signed_by === "platform" ? "signed by your issuer" : "signed elsewhere"} · <StatusBadge status={c.status} />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="muted">none</span>
                  ),
              },
            ]}
          />
        ) : (
          <EmptyState icon="◎" title="No identities yet">
            Register an investor with POST /v1/identities (a regulated token&apos;s id, the wallet and its country); add claims with POST /v1/identities/&#123;id&#125;/claims.
          </EmptyState>
        )}
        <Pagination basePath="/identities" params={{ token, starting_after: startingAfter }} hasMore={page.has_more} lastId={page.data.at(-1)?.id} total={page.total} shown={rows.length} />
      </section>
    </>
  );
}
