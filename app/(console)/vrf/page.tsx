import type { Metadata } from "next";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { defaultNetwork, networkLabel, reachableNetworks } from "@/lib/console/explorer";
import { localVrfDefaults } from "@/lib/console/vrf";
import { listVrfConsumers, listVrfRequests } from "@/lib/vrf/service";
import { PageHeader } from "@/components/PageHeader";
import { EmptyState } from "@/components/EmptyState";
import { Pagination } from "@/components/Pagination";
import { AutoRefresh } from "@/components/AutoRefresh";
import { DataTable } from "@/components/DataTable";
import { StatusBadge } from "@/components/StatusBadge";
import { CopyButton } from "@/components/CopyButton";
import { Hex } from "@/components/Hex";
import { CreateVrfConsumerForm, RequestRandomnessForm } from "../_components/VrfForms";
import { Card } from "@/components/Card";

export const metadata: Metadata = { title: "Randomness" };

// VRF v2.5 consumers and their latest requests with the words they received (from our records: no chain reads);
// consumers are created and randomness requested from here with the tenant's wallet.
export default async function VrfPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope, livemode } = await requireConsole("/vrf");
  const query = await searchParams;
  const startingAfter = param(query.starting_after);
  const networks = reachableNetworks(livemode);
  const [page, defaults] = await Promise.all([listVrfConsumers(scope, { limit: 10, starting_after: startingAfter }), localVrfDefaults(networks.map((n) => n.name))]);
  const rows = await Promise.all(page.data.map(async (c) => ({ c, requests: (await listVrfRequests(scope, { limit: 10, consumer_id: c.id })).data })));
  const moving = rows.some((r) => r.c.status === "deploying" || r.requests.some((q) => q.status === "requesting" || q.status === "pending"));
  return (
    <>
      <PageHeader title="Randomness" subtitle="Your VRF v2.5 consumers: request verifiable random words from your wallet and copy them once they arrive." />
      <AutoRefresh active={moving} intervalMs={1500} />
      <Card id="create-consumer" title="Create a consumer" description="A contract that asks Chainlink VRF for random words and keeps them; your wallet is its admin.">
        <div className="card-body">
          <CreateVrfConsumerForm networks={networks} defaultNetwork={defaultNetwork(livemode, networks) ?? ""} defaults={defaults} />
        </div>
      </Card>
      {rows.length ? (
        rows.map(({ c, requests }) => (
          <section className="card" key={c.id} data-vrf-consumer={c.id} data-address={c.address} aria-labelledby={`vrf-${c.id}`}>
            <div className="card-header">
              <h2 id={`vrf-${c.id}`}>
                {c.name} <StatusBadge status={c.status} />
              </h2>
              <p>
                {networkLabel(c.network).name} · {c.request_confirmations} confirmations · callback gas {c.callback_gas_limit.toLocaleString("en-US")}
              </p>
            </div>
            <div className="card-body stack">
              <p className="small muted">
                <span className="mono">{c.id}</span> · consumer <Hex value={c.address} /> · coordinator <Hex value={c.vrf_coordinator} /> · subscription{" "}
                <span className="mono">{c.subscription_id.length > 12 ? `${c.subscription_id.slice(0, 6)}…${c.subscription_id.slice(-4)}` : c.subscription_id}</span>
              </p>
              {c.failure_reason ? <p className="small">{c.failure_reason}</p> : null}
              {c.status === "active" ? <RequestRandomnessForm consumer={c.id} network={c.network} name={c.name} /> : null}
            </div>
            {requests.length ? (
              <DataTable
                caption={`Requests of ${c.name}`}
                rows={requests}
                rowKey={(q) => q.id}
                rowProps={(q) => ({ "data-vrf-request": q.id, "data-status": q.status, "data-request-id": q.request_id ?? "" })}
                columns={[
                  { header: "Request", cell: (q) => <span className="mono" title={q.request_id ?? q.id}>{q.request_id ? (q.request_id.length > 14 ? `${q.request_id.slice(0, 8)}…${q.request_id.slice(-4)}` : q.request_id) : "—"}</span> },
                  { header: "Status", cell: (q) => <StatusBadge status={q.status} /> },
                  {
                    header: "Random words",
                    cell: (q) =>
                      q.random_words ? (
                        <div className="stack" style={{ gap: 4 }}>
                          <ol className="mono small break" style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="random-words">
                            {q.random_words.map((w, i) => (
                              <li key={i}>{w}</li>
                            ))}
                          </ol>
                          <span>
                            <CopyButton value={q.random_words.join("\n")} label={q.random_words.length === 1 ? "Copy word" : `Copy ${q.random_words.length} words`} />
                          </span>
                        </div>
                      ) : (
                        (q.failure_reason ?? <span className="muted small">{q.num_words} word{q.num_words === 1 ? "" : "s"} on their way</span>)
                      ),
                  },
                ]}
              />
            ) : (
              <p className="card-body small muted">No requests yet{c.status === "active" ? ": request random words above." : "."}</p>
            )}
          </section>
        ))
      ) : (
        <section className="card">
          <EmptyState icon="🎲" title="No VRF consumers yet">
            Create one above; its requests and the random words they receive show here.
          </EmptyState>
        </section>
      )}
      <Pagination basePath="/vrf" params={{ starting_after: startingAfter }} hasMore={page.has_more} lastId={page.data.at(-1)?.id} total={page.total} shown={rows.length} />
    </>
  );
}
