import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { defaultNetwork, networkLabel, reachableNetworks } from "@/lib/console/explorer";
import { listMultisigs } from "@/lib/multisig/service";
import { walletMode } from "@/lib/connect/settings/wallet-mode";
import { PageHeader } from "@/components/PageHeader";
import { DataTable } from "@/components/DataTable";
import { EmptyState } from "@/components/EmptyState";
import { StatusBadge } from "@/components/StatusBadge";
import { Pagination } from "@/components/Pagination";
import { Hex } from "@/components/Hex";
import { Time } from "@/components/Time";
import { AutoRefresh } from "@/components/AutoRefresh";
import { NoLiveNetworks } from "@/components/NoLiveNetworks";
import { CreateMultisigForm } from "../_components/CreateMultisigForm";
import { Card } from "@/components/Card";

export const metadata: Metadata = { title: "Multisigs" };

export default async function MultisigsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope, livemode } = await requireConsole("/multisigs");
  const startingAfter = param((await searchParams).starting_after);
  const [list, wallet] = await Promise.all([listMultisigs(scope, { limit: 20, starting_after: startingAfter }), walletMode(scope)]);
  const networks = reachableNetworks(livemode);
  return (
    <>
      <PageHeader title="Multisigs" subtitle={`Your ${livemode ? "live" : "test"} Safe 1.4.1 wallets: owners, threshold and transactions awaiting approval.`} />
      <AutoRefresh active={list.data.some((m) => m.status === "deploying")} intervalMs={1500} />
      <Card id="create-safe" title="Create a Safe" description="A multisig wallet that moves funds once enough of its owners approve; deployed by your wallet.">
        <div className="card-body stack">
          {networks.length ? null : <NoLiveNetworks />}
          <CreateMultisigForm networks={networks} defaultNetwork={defaultNetwork(livemode, networks) ?? ""} wallet={wallet.wallet_address} />
        </div>
      </Card>
      <Card id="multisigs" title="Safes">
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
            Create a Safe above (owners, signatures needed, network); it appears here with its pending transactions.
          </EmptyState>
        )}
        <Pagination basePath="/multisigs" params={{ starting_after: startingAfter }} hasMore={list.has_more} lastId={list.data.at(-1)?.id} total={list.total} shown={list.data.length} />
      </Card>
    </>
  );
}
