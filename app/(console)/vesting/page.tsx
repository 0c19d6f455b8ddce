import type { Metadata } from "next";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { explorerUrl, networkLabel } from "@/lib/console/explorer";
import { formatWithSymbol } from "@/lib/console/amounts";
import { chainClocks, erc20Choices, erc20Display } from "@/lib/console/modules";
import { walletMode } from "@/lib/connect/settings/wallet-mode";
import { listVesting } from "@/lib/vesting/service";
import { PageHeader } from "@/components/PageHeader";
import { EmptyState } from "@/components/EmptyState";
import { AutoRefresh } from "@/components/AutoRefresh";
import { Hex } from "@/components/Hex";
import { Time } from "@/components/Time";
import { CreateVestingForm } from "../_components/CreateVestingForm";
import { NeedsTokenCard } from "../_components/NeedsTokenCard";
import { ListTable } from "@/components/ListTable";

export const metadata: Metadata = { title: "Vesting" };

export default async function VestingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope, livemode } = await requireConsole("/vesting");
  const startingAfter = param((await searchParams).starting_after);
  const [schedules, tokens, wallet] = await Promise.all([listVesting(scope, { limit: 20, starting_after: startingAfter }), erc20Choices(scope), walletMode(scope)]);
  const [clocks, displays] = await Promise.all([chainClocks(tokens.map((t) => t.network)), Promise.all(schedules.data.map((s) => erc20Display(scope, s)))]);
  const amount = (raw: string | null, i: number) => {
    if (raw === null) return <span className="muted">funded outside the console</span>;
    const shown = displays[i];
    return shown ? formatWithSymbol(raw, shown.decimals, shown.symbol) : `${raw} base units`;
  };
  return (
    <>
      <PageHeader title="Vesting" subtitle={`Your ${livemode ? "live" : "test"} vesting schedules, newest first: tokens released to a beneficiary over time.`} />
      <AutoRefresh active={schedules.data.some((s) => s.status === "deploying" || s.status === "funding")} intervalMs={1500} />
      <NeedsTokenCard id="create-vesting" title="Create a schedule" description="Your wallet deploys a vesting wallet for the beneficiary and funds it." ready={tokens.length > 0} needs="A schedule vests one of your deployed ERC-20 tokens">
        <CreateVestingForm tokens={tokens} walletAddress={wallet.wallet_address} clocks={clocks} renderedAt={Date.now()} />
      </NeedsTokenCard>
      <section className="card">
        <ListTable
          caption="Vesting schedules"
          list={schedules}
          pages={{ basePath: "/vesting", params: { starting_after: startingAfter } }}
          rowProps={(s) => ({ "data-status": s.status })}
          columns={(col) => [
            col.record("Schedule", (s) => ({ href: `/vesting/${s.id}`, name: s.id, mono: true, sub: amount(s.amount, schedules.data.indexOf(s)) })),
            col.status((s) => s),
            { header: "Beneficiary", className: "hide-sm", cell: (s) => <Hex value={s.beneficiary} href={explorerUrl(s.network, "address", s.beneficiary)} /> },
            { header: "Vests", className: "hide-sm", cell: (s) => <><Time seconds={s.start} /> → <Time seconds={s.end} /></> },
            { header: "Network", className: "hide-sm", cell: (s) => networkLabel(s.network).name },
            col.time((s) => s.created),
          ]}
          empty={
            <EmptyState icon="◷" title={`No ${livemode ? "live" : "test"} vesting schedules yet`}>
              Create one above; it appears here.
            </EmptyState>
          }
        />
      </section>
    </>
  );
}
