import type { Metadata } from "next";
import { networkName } from "@/lib/console/networks";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { listGovernance } from "@/lib/governance/service";
import { listProposals } from "@/lib/governance/proposals";
import { PageHeader } from "@/components/PageHeader";
import { EmptyState } from "@/components/EmptyState";
import { Pagination } from "@/components/Pagination";
import { AutoRefresh } from "@/components/AutoRefresh";
import { DataTable } from "@/components/DataTable";
import { StatusBadge } from "@/components/StatusBadge";
import { Hex } from "@/components/Hex";
import { formatWithSymbol } from "@/lib/console/amounts";
import { findToken } from "@/lib/tokens/lookup";

export const metadata: Metadata = { title: "Governance" };

type Proposals = Awaited<ReturnType<typeof listProposals>>["data"];

/** A page of proposals is read on chain (state, tallies): a node that does not answer shows none, not an error page. */
const proposalsOf = (scope: Parameters<typeof listProposals>[0], id: string): Promise<Proposals | null> =>
  listProposals(scope, id, { limit: 10 }).then((p) => p.data, () => null);

// Governor + Timelock instances and their proposals: state, tallies and the vote's window, read on chain.
export default async function GovernancePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope } = await requireConsole("/governance");
  const query = await searchParams;
  const startingAfter = param(query.starting_after);
  const page = await listGovernance(scope, { limit: 10, starting_after: startingAfter });
  const rows = await Promise.all(
    page.data.map(async (g) => ({
      g,
      proposals: g.governor_address ? await proposalsOf(scope, g.id) : [],
      // Votes weigh the voting token's balance: tallies read in its units.
      token: g.token ? await findToken(scope, g.token).catch(() => null) : null,
    })),
  );
  const moving = rows.some((r) => r.g.status === "deploying" || r.g.status === "configuring" || r.proposals?.some((p) => p.state === null || p.state === "Active"));
  return (
    <>
      <PageHeader title="Governance" subtitle="Your Governor + Timelock systems and their proposals: state, tallies for / against / abstain and when the vote ends." />
      <AutoRefresh active={moving} intervalMs={3000} />
      {rows.length ? (
        rows.map(({ g, proposals, token }) => {
          const tally = (raw: string | undefined) => (raw === undefined ? "—" : token ? formatWithSymbol(raw, token.decimals, token.symbol) : raw);
          return (
          <section className="card" key={g.id} data-governance={g.id}>
            <h2>
              {g.name} <StatusBadge status={g.status} />
            </h2>
            <p className="small muted">
              <span className="mono">{g.id}</span> · {networkName(g.network)} · governor {g.governor_address ? <Hex value={g.governor_address} /> : "—"} · timelock{" "}
              {g.timelock_address ? <Hex value={g.timelock_address} /> : "—"} · voting delay {g.voting_delay}, period {g.voting_period} · quorum {g.quorum_numerator}% · timelock delay {g.min_delay}s
            </p>
            {g.failure_reason ? <p className="small">{g.failure_reason}</p> : null}
            {proposals === null ? (
              <p className="small muted">The {networkName(g.network)} node did not answer; proposals show again once it does.</p>
            ) : proposals.length ? (
              <DataTable
                caption={`Proposals of ${g.name}`}
                rows={proposals}
                rowKey={(p) => p.id}
                rowProps={(p) => ({ "data-proposal": p.id })}
                columns={[
                  { header: "Proposal", cell: (p) => <span title={p.id}>{p.description.split("\n")[0].slice(0, 80)}</span> },
                  { header: "State", cell: (p) => <StatusBadge status={p.state?.toLowerCase() ?? "submitted"} label={p.state ?? "Proposing"} /> },
                  { header: "For", cellClassName: "num nowrap", cell: (p) => tally(p.votes?.for) },
                  { header: "Against", cellClassName: "num nowrap", cell: (p) => tally(p.votes?.against) },
                  { header: "Abstain", className: "hide-sm", cellClassName: "hide-sm num nowrap", cell: (p) => tally(p.votes?.abstain) },
                  { header: "Voting", className: "hide-sm", cellClassName: "hide-sm", cell: (p) => (p.snapshot ? `${p.snapshot} → ${p.deadline}` : "—") },
                  { header: "Executable at", className: "hide-sm", cellClassName: "hide-sm", cell: (p) => (p.eta ? new Date(p.eta * 1000).toISOString().replace("T", " ").slice(0, 19) : "—") },
                ]}
              />
            ) : (
              <p className="small muted">No proposals yet: POST /v1/governance/{g.id}/proposals.</p>
            )}
          </section>
          );
        })
      ) : (
        <section className="card">
          <EmptyState icon="⚖" title="No governance yet">
            Deploy a Governor and its Timelock with POST /v1/governance (a votes-enabled token: POST /v1/tokens with features.votes).
          </EmptyState>
        </section>
      )}
      <Pagination basePath="/governance" params={{ starting_after: startingAfter }} hasMore={page.has_more} lastId={page.data.at(-1)?.id} total={page.total} shown={rows.length} />
    </>
  );
}
