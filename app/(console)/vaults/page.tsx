import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { networkLabel } from "@/lib/console/explorer";
import { listVaults } from "@/lib/vaults/service";
import { PageHeader } from "@/components/PageHeader";
import { DataTable } from "@/components/DataTable";
import { EmptyState } from "@/components/EmptyState";
import { StatusBadge } from "@/components/StatusBadge";
import { Pagination } from "@/components/Pagination";
import { AutoRefresh } from "@/components/AutoRefresh";
import { Hex } from "@/components/Hex";
import { Time } from "@/components/Time";

export const metadata: Metadata = { title: "Vaults" };

export default async function VaultsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope, livemode } = await requireConsole("/vaults");
  const query = await searchParams;
  const startingAfter = param(query.starting_after);
  const vaults = await listVaults(scope, { limit: 20, starting_after: startingAfter });
  return (
    <>
      <PageHeader title="Vaults" subtitle={`Your ${livemode ? "live" : "test"} ERC-4626 vaults, newest first. Deploy one with POST /v1/vaults.`} />
      <AutoRefresh active={vaults.data.some((v) => v.status === "deploying")} intervalMs={1500} />
      <section className="card">
        {vaults.data.length ? (
          <DataTable
            caption="Vaults"
            rows={vaults.data}
            rowKey={(v) => v.id}
            columns={[
              {
                header: "Vault",
                cell: (v) => (
                  <>
                    <Link href={`/vaults/${v.id}`} className="row-link">
                      {v.name}
                    </Link>
                    <span className="sub">
                      {v.symbol} · <span className="mono">{v.id}</span>
                    </span>
                  </>
                ),
              },
              {
                header: "Status",
                cell: (v) => (
                  <>
                    <StatusBadge status={v.status} />
                    {v.failure_reason ? <span className="error-text">{v.failure_reason}</span> : null}
                  </>
                ),
              },
              { header: "Asset", className: "hide-sm", cell: (v) => (v.asset ? <Link href={`/tokens/${v.asset}`} className="mono">{v.asset}</Link> : <Hex value={v.asset_address} />) },
              { header: "Network", className: "hide-sm", cell: (v) => networkLabel(v.network).name },
              { header: "Address", className: "hide-sm", cell: (v) => <Hex value={v.address} /> },
              { header: "Created", className: "hide-sm", cell: (v) => <Time seconds={v.created} /> },
            ]}
          />
        ) : (
          <EmptyState icon="◈" title={`No ${livemode ? "live" : "test"} vaults yet`}>
            Deploy an ERC-4626 vault over one of your ERC-20 tokens with POST /v1/vaults; it appears here.
          </EmptyState>
        )}
        <Pagination basePath="/vaults" params={{ starting_after: startingAfter }} hasMore={vaults.has_more} lastId={vaults.data.at(-1)?.id} total={vaults.total} shown={vaults.data.length} />
      </section>
    </>
  );
}
