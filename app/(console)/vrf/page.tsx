import type { Metadata } from "next";
import { networkName } from "@/lib/console/networks";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { listVrfConsumers, listVrfRequests } from "@/lib/vrf/service";
import { PageHeader } from "@/components/PageHeader";
import { EmptyState } from "@/components/EmptyState";
import { Pagination } from "@/components/Pagination";
import { AutoRefresh } from "@/components/AutoRefresh";
import { DataTable } from "@/components/DataTable";
import { StatusBadge } from "@/components/StatusBadge";
import { Hex } from "@/components/Hex";

export const metadata: Metadata = { title: "Randomness" };

// VRF v2.5 consumers and their latest requests with the words they received (from our records: no chain reads).
export default async function VrfPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope } = await requireConsole("/vrf");
  const query = await searchParams;
  const startingAfter = param(query.starting_after);
  const page = await listVrfConsumers(scope, { limit: 10, starting_after: startingAfter });
  const rows = await Promise.all(page.data.map(async (c) => ({ c, requests: (await listVrfRequests(scope, { limit: 10, consumer_id: c.id })).data })));
  const moving = rows.some((r) => r.c.status === "deploying" || r.requests.some((q) => q.status === "requesting" || q.status === "pending"));
  return (
    <>
      <PageHeader title="Randomness" subtitle="Your VRF v2.5 consumers and their requests: status and the random words received." />
      <AutoRefresh active={moving} intervalMs={3000} />
      {rows.length ? (
        rows.map(({ c, requests }) => (
          <section className="card" key={c.id} data-vrf-consumer={c.id}>
            <h2>
              {c.name} <StatusBadge status={c.status} />
            </h2>
            <p className="small muted">
              <span className="mono">{c.id}</span> · {networkName(c.network)} · consumer <Hex value={c.address} /> · coordinator <Hex value={c.vrf_coordinator} /> · subscription{" "}
              <span className="mono">{c.subscription_id.length > 12 ? `${c.subscription_id.slice(0, 6)}…${c.subscription_id.slice(-4)}` : c.subscription_id}</span> ·{" "}
              {c.request_confirmations} confirmations · callback gas {c.callback_gas_limit.toLocaleString("en-US")}
            </p>
            {c.failure_reason ? <p className="small">{c.failure_reason}</p> : null}
            {requests.length ? (
              <DataTable
                caption={`Requests of ${c.name}`}
                rows={requests}
                rowKey={(q) => q.id}
                rowProps={(q) => ({ "data-vrf-request": q.id })}
                columns={[
                  { header: "Request", cell: (q) => <span className="mono" title={q.id}>{q.request_id ?? "—"}</span> },
                  { header: "Status", cell: (q) => <StatusBadge status={q.status} /> },
                  { header: "Words", cell: (q) => q.num_words },
                  {
                    header: "Random words",
                    cell: (q) =>
                      q.random_words ? (
                        <span className="mono small">{q.random_words.map((w) => (w.length > 14 ? `${w.slice(0, 8)}…${w.slice(-4)}` : w)).join(", ")}</span>
                      ) : (
                        q.failure_reason ?? "—"
                      ),
                  },
                ]}
              />
            ) : (
              <p className="small muted">No requests yet: POST /v1/vrf/requests with consumer_id {c.id}.</p>
            )}
          </section>
        ))
      ) : (
        <section className="card">
          <EmptyState icon="🎲" title="No VRF consumers yet">
            Deploy one with POST /v1/vrf/consumers (on the local chain: the coordinator, key hash and subscription in the README).
          </EmptyState>
        </section>
      )}
      <Pagination basePath="/vrf" params={{ starting_after: startingAfter }} hasMore={page.has_more} lastId={page.data.at(-1)?.id} total={page.total} shown={rows.length} />
    </>
  );
}
