import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { explorerUrl, networkLabel } from "@/lib/console/explorer";
import { listVaults } from "@/lib/vaults/service";
import { erc20Choices } from "@/lib/console/modules";
import { PageHeader } from "@/components/PageHeader";
import { ListTable } from "@/components/ListTable";
import { EmptyState } from "@/components/EmptyState";
import { StatusBadge } from "@/components/StatusBadge";
import { Pagination } from "@/components/Pagination";
import { AutoRefresh } from "@/components/AutoRefresh";
import { Hex } from "@/components/Hex";
import { Time } from "@/components/Time";
import { CreateVaultForm } from "../_components/CreateVaultForm";
import { NeedsTokenCard } from "../_components/NeedsTokenCard";

export const metadata: Metadata = { title: "Vaults" };

export default async function VaultsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope, livemode } = await requireConsole("/vaults");
  const query = await searchParams;
  const startingAfter = param(query.starting_after);
  const [vaults, tokens] = await Promise.all([listVaults(scope, { limit: 20, starting_after: startingAfter }), erc20Choices(scope)]);
  const symbols = new Map(tokens.map((t) => [t.id, t.symbol]));
  return (
    <>
      <PageHeader title="Vaults" subtitle={`Your ${livemode ? "live" : "test"} ERC-4626 vaults, newest first.`} />
      <AutoRefresh active={vaults.data.some((v) => v.status === "deploying")} intervalMs={1500} />
      <NeedsTokenCard id="create-vault" title="Create a vault" description="An ERC-4626 vault over one of your ERC-20 tokens, deployed by your wallet." ready={tokens.length > 0} needs="A vault holds one of your deployed ERC-20 tokens">
        <CreateVaultForm tokens={tokens} />
      </NeedsTokenCard>
      <section className="card">
        <ListTable
          caption="Vaults"
          list={vaults}
          pages={{ basePath: "/vaults", params: { starting_after: startingAfter } }}
          columns={(col) => [
            col.record("Vault", (v) => ({ href: `/vaults/${v.id}`, name: v.name, sub: <>{v.symbol} · <span className="mono">{v.id}</span></> })),
            col.status((v) => v),
            {
              header: "Asset",
              className: "hide-sm",
              cell: (v) =>
                v.asset ? (
                  <Link href={`/tokens/${v.asset}`} className="mono">
                    {symbols.get(v.asset) ?? v.asset}
                  </Link>
                ) : (
                  <Hex value={v.asset_address} href={explorerUrl(v.network, "address", v.asset_address)} />
                ),
            },
            { header: "Network", className: "hide-sm", cell: (v) => networkLabel(v.network).name },
            { header: "Address", className: "hide-sm", cell: (v) => <Hex value={v.address} href={explorerUrl(v.network, "address", v.address)} /> },
            col.time((v) => v.created),
          ]}
          empty={
            <EmptyState icon="◈" title={`No ${livemode ? "live" : "test"} vaults yet`}>
              Create an ERC-4626 vault over one of your ERC-20 tokens above; it appears here.
            </EmptyState>
          }
        />
      </section>
    </>
  );
}
