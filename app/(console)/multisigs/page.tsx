import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { defaultNetwork, networkLabel, reachableNetworks } from "@/lib/console/explorer";
import { listMultisigs } from "@/lib/multisig/service";
import { walletMode } from "@/lib/connect/settings/wallet-mode";
import { PageHeader } from "@/components/PageHeader";
import { EmptyState } from "@/components/EmptyState";
import { StatusBadge } from "@/components/StatusBadge";
import { Hex } from "@/components/Hex";
import { AutoRefresh } from "@/components/AutoRefresh";
import { NoLiveNetworks } from "@/components/NoLiveNetworks";
import { CreateMultisigForm } from "../_components/CreateMultisigForm";
import { Card } from "@/components/Card";
import { ListTable } from "@/components/ListTable";

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
        <ListTable
          list={list}
          pages={{ basePath: "/multisigs", params: { starting_after: startingAfter } }}
          caption="Multisigs"
          columns={(col) => [
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
            col.time((m) => m.created),
          ]}
          empty={
            <EmptyState icon="⚿" title="No multisigs yet">
              Create a Safe above (owners, signatures needed, network); it appears here with its pending transactions.
            </EmptyState>
          }
        />
      </Card>
    </>
  );
}
