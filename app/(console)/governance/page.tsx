import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { networkLabel } from "@/lib/console/explorer";
import { listGovernance } from "@/lib/governance/service";
import { listProposals } from "@/lib/governance/proposals";
import { clockSpan, durationOf, governanceClock, timeOfClock, votesTokenChoices, votingPower, type GovernanceClock } from "@/lib/console/governance";
import { formatTime } from "@/lib/console/time";
import { PageHeader } from "@/components/PageHeader";
import { EmptyState } from "@/components/EmptyState";
import { Pagination } from "@/components/Pagination";
import { NeedsTokenCard } from "../_components/NeedsTokenCard";
import { AutoRefresh } from "@/components/AutoRefresh";
import { DataTable } from "@/components/DataTable";
import { StatusBadge } from "@/components/StatusBadge";
import { Hex } from "@/components/Hex";
import { formatWithSymbol } from "@/lib/console/amounts";
import { findToken } from "@/lib/tokens/lookup";
import type { Scope } from "@/lib/core/scope";
import { CreateGovernanceForm, DelegateForm, ProposeForm } from "../_components/GovernanceForms";
import { ProposalActions } from "../_components/ProposalActions";
import { WalletVotingPanel } from "../_components/WalletVoting";
import { WalletProvider } from "@/app/(connect)/WalletProvider";
import { chainTarget } from "@/lib/chain/network/clients";

export const metadata: Metadata = { title: "Governance" };

type Proposal = Awaited<ReturnType<typeof listProposals>>["data"][number];
type When = Awaited<ReturnType<typeof timeOfClock>>;

/** A page of proposals with their vote's start and end as times; a node that does not answer shows none, not an error page. */
async function proposalsOf(scope: Scope, id: string, network: string, clock: GovernanceClock | null) {
  try {
    const page = await listProposals(scope, id, { limit: 10 });
    const times = (p: Proposal) => (clock ? Promise.all([timeOfClock(network, clock, p.snapshot ?? null), timeOfClock(network, clock, p.deadline ?? null)]) : [null, null]);
    return await Promise.all(page.data.map(async (p) => ({ ...p, times: (await times(p)) as [When, When] })));
  } catch {
    return null;
  }
}

const shown = (when: When) => (when ? `${when.estimated ? "about " : ""}${formatTime(when.seconds)}` : "—");

// Governor + Timelock instances and their proposals: state, tallies and the vote's window, read on chain; creating
// an instance, proposing, voting, queueing, executing and delegating from the tenant's wallet.
export default async function GovernancePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope } = await requireConsole("/governance");
  const startingAfter = param((await searchParams).starting_after);
  const [page, votesTokens] = await Promise.all([listGovernance(scope, { limit: 10, starting_after: startingAfter }), votesTokenChoices(scope)]);
  const rows = await Promise.all(
    page.data.map(async (g) => {
      const clock = g.governor_address ? await governanceClock(g.network, g.governor_address).catch(() => null) : null;
      return {
        g,
        clock,
        proposals: g.governor_address ? await proposalsOf(scope, g.id, g.network, clock) : [],
        power: g.status === "active" ? await votingPower(scope, { network: g.network, tokenAddress: g.token_address }).catch(() => null) : null,
        // Votes weigh the voting token's balance: tallies read in its units.
        token: g.token ? await findToken(scope, g.token).catch(() => null) : null,
      };
    }),
  );
  const moving = rows.some((r) => r.g.status === "deploying" || r.g.status === "configuring" || r.proposals?.some((p) => p.state === null || p.state === "Active"));
  // Token holders' browser wallets sign on the instances' chains (wagmi, the injected wallet).
  return (
    <WalletProvider chainId={[...new Set(rows.map(({ g }) => chainTarget(g.network).chain.id))]}>
      <PageHeader title="Governance" subtitle="Your Governor + Timelock systems: propose, vote, queue and execute from your wallet, and follow each vote's tallies and times." />
      <AutoRefresh active={moving} intervalMs={3000} />
      <NeedsTokenCard id="create-governance" title="Create governance" description="A Governor and its Timelock over one of your tokens with votes, deployed by your wallet; proposals that pass run through the Timelock after its delay." ready={votesTokens.length > 0} needs="Governance counts the votes of an ERC-20 token deployed with votes; none of your deployed tokens has them yet" then="with Votes ticked">
        <CreateGovernanceForm tokens={votesTokens} />
      </NeedsTokenCard>
      {rows.length ? (
        rows.map(({ g, clock, proposals, power, token }) => {
          const units = (raw: string | undefined) => (raw === undefined ? "—" : token ? formatWithSymbol(raw, token.decimals, token.symbol) : raw);
          return (
            <section className="card" key={g.id} data-governance={g.id} aria-labelledby={`gov-${g.id}`}>
              <div className="card-header">
                <h2 id={`gov-${g.id}`}>
                  {g.name} <StatusBadge status={g.status} />
                </h2>
                <p>
                  {networkLabel(g.network).name} · votes start {clockSpan(clock, g.voting_delay)} after a proposal and last {clockSpan(clock, g.voting_period)} · quorum{" "}
                  {g.quorum_numerator}% · executable {durationOf(g.min_delay)} after queueing
                </p>
              </div>
              <div className="card-body stack">
                <p className="small muted">
                  <span className="mono">{g.id}</span> · governor {g.governor_address ? <Hex value={g.governor_address} /> : "—"} · timelock{" "}
                  {g.timelock_address ? <Hex value={g.timelock_address} /> : "—"}
                  {token ? (
                    <>
                      {" "}
                      · voting token <Link href={`/tokens/${token.id}`}>{token.symbol}</Link>
                    </>
                  ) : null}
                </p>
                {g.failure_reason ? <p className="small">{g.failure_reason}</p> : null}
                {power ? (
                  <>
                    <p data-testid={`voting-power-${g.id}`}>
                      Your wallet&apos;s voting power: <strong>{units(power.votes)}</strong>
                      <span className="muted small">
                        {power.delegatee === null ? " — delegate to yourself below to vote with your tokens." : power.delegatee === power.acting ? " (delegated to itself)" : " (delegated to another address)"}
                      </span>
                    </p>
                    <DelegateForm id={g.id} name={g.name} acting={power.acting} />
                    <WalletVotingPanel id={g.id} name={g.name} symbol={token?.symbol ?? null} decimals={token?.decimals ?? 18} />
                    <details className="stack">
                      <summary>New proposal</summary>
                      <ProposeForm id={g.id} name={g.name} />
                    </details>
                  </>
                ) : null}
              </div>
              {proposals === null ? (
                <p className="card-body small muted">The {networkLabel(g.network).name} node did not answer; proposals show again once it does.</p>
              ) : proposals.length ? (
                <DataTable
                  caption={`Proposals of ${g.name}`}
                  rows={proposals}
                  rowKey={(p) => p.id}
                  rowProps={(p) => ({ "data-proposal": p.id, "data-state": p.state ?? "" })}
                  columns={[
                    { header: "Proposal", cell: (p) => <span title={p.id}>{p.description.split("\n")[0].slice(0, 80)}</span> },
                    { header: "State", cell: (p) => <StatusBadge status={p.state?.toLowerCase() ?? "submitted"} label={p.state ?? "Proposing"} /> },
                    { header: "For", cellClassName: "num nowrap", cell: (p) => units(p.votes?.for) },
                    { header: "Against", className: "hide-sm", cellClassName: "hide-sm num nowrap", cell: (p) => units(p.votes?.against) },
                    { header: "Abstain", className: "hide-sm", cellClassName: "hide-sm num nowrap", cell: (p) => units(p.votes?.abstain) },
                    {
                      header: "Voting",
                      className: "hide-sm",
                      cellClassName: "hide-sm",
                      cell: (p) => (p.snapshot ? <span data-testid="voting-window">{shown(p.times[0])} → {shown(p.times[1])}</span> : "—"),
                    },
                    { header: "Executable at", className: "hide-sm", cellClassName: "hide-sm", cell: (p) => (p.eta ? formatTime(p.eta) : "—") },
                    {
                      header: "",
                      cell: (p) => (
                        <ProposalActions
                          governance={g.id}
                          proposal={p.id}
                          state={p.state}
                          executable={p.eta !== null && clock !== null && p.eta <= clock.time}
                          label={p.description.split("\n")[0].slice(0, 80)}
                        />
                      ),
                    },
                  ]}
                />
              ) : (
                <p className="card-body small muted">No proposals yet{power ? ": make the first one above." : "."}</p>
              )}
            </section>
          );
        })
      ) : (
        <section className="card">
          <EmptyState icon="⚖" title="No governance yet">
            Create a Governor and its Timelock above, over one of your tokens deployed with votes; they appear here.
          </EmptyState>
        </section>
      )}
      <Pagination basePath="/governance" params={{ starting_after: startingAfter }} hasMore={page.has_more} lastId={page.data.at(-1)?.id} total={page.total} shown={rows.length} />
    </WalletProvider>
  );
}
