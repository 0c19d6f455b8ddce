import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { networkLabel } from "@/lib/console/explorer";
import { listMultisigs } from "@/lib/multisig/service";
import { PageHeader } from "@/components/PageHeader";
import { DataTable } from "@/components/DataTable";
import { EmptyState } from "@/components/EmptyState";
import { StatusBadge } from "@/components/StatusBadge";
import { Pagination } from "@/components/Pagination";
import { Hex } from "@/components/Hex";
import { Time } from "@/components/Time";

export const metadata: Metadata = { title: "Multisigs" };

export default async function MultisigsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope } = await requireConsole("/multisigs");
  const startingAfter = param((await searchParams).starting_after);
  const list = await listMultisigs(scope, { limit: 20, starting_after: startingAfter });
  return (
    <>
      <PageHeader title="Multisigs" subtitle="Safe 1.4.1 wallets deployed through the API (POST /v1/multisigs): owners, threshold and transactions awaiting signatures." />
      <section className="card" aria-labelledby="multisigs">
        <div className="card-header">
          <h2 id="multisigs">Safes</h2>
        </div>
        {list.data.length ? (
          <DataTable
            caption="Multisigs"
            rows={list.data}
            rowKey={(m) => m.id}
            columns={[
              {
                header: "Name",
                cell: (m) => (
                  <>
                    <Link href={`/multisigs/${m.id}`} className="row-link">
                      {m.name}
                    </Link>
                    <span className="sub mono">{m.id}</span>
                  </>
                ),
              },
              { header: "Address", cell: (m) => <Hex value={m.address} /> },
              { header: "Threshold", cell: (m) => `${m.threshold} of ${m.owners.length}` },
              { header: "Network", className: "hide-sm", cell: (m) => networkLabel(m.network).name },
              { header: "Status", cell: (m) => <StatusBadge status={m.status} /> },
              { header: "Created", className: "hide-sm", cell: (m) => <Time seconds={m.created} /> },
            ]}
          />
        ) : (
          <EmptyState icon="⚿" title="No multisigs yet">
            Deploy one with POST /v1/multisigs (owners, threshold, network); it appears here with its pending transactions.
          </EmptyState>
        )}
        <Pagination basePath="/multisigs" params={{ starting_after: startingAfter }} hasMore={list.has_more} lastId={list.data.at(-1)?.id} total={list.total} shown={list.data.length} />
      </section>
    </>
  );
}
