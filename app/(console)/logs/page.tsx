import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { listRequests, METHODS, STATUS_CLASSES, type RequestLogFilters } from "@/lib/request-log/list";
import { REQUEST_LOG_RETENTION } from "@/lib/retention/prune";
import { PageHeader } from "@/components/PageHeader";
import { EmptyState } from "@/components/EmptyState";
import { Time } from "@/components/Time";
import { HttpStatus } from "./HttpStatus";
import { FilterForm, FilterInput, FilterSelect } from "@/components/Filters";
import { ListTable } from "@/components/ListTable";

const STATUS_NAMES = { "2xx": "2xx succeeded", "4xx": "4xx refused", "5xx": "5xx failed" } as const;

export const metadata: Metadata = { title: "Request log" };

export default async function RequestLogPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope, livemode } = await requireConsole("/logs");
  const query = await searchParams;
  const filters: RequestLogFilters = {
    status: STATUS_CLASSES.find((s) => s === param(query.status)),
    method: METHODS.find((m) => m === param(query.method)),
    path: param(query.path)?.slice(0, 200),
    date: param(query.date)?.match(/^\d{4}-\d{2}-\d{2}$/)?.[0],
  };
  const startingAfter = param(query.starting_after);
  const requests = await listRequests(scope, filters, { limit: 25, starting_after: startingAfter });
  const filtered = Object.values(filters).some(Boolean);
  const mode = livemode ? "live" : "test";
  return (
    <>
      <PageHeader
        title="Request log"
        subtitle={`Your ${mode}-mode API requests of the last ${REQUEST_LOG_RETENTION}, newest first, with their bodies; secrets (keys, passwords, tokens) are never kept.`}
      />
      <section className="card" aria-labelledby="requests">
        <div className="card-header">
          <h2 id="requests">Requests</h2>
          <span className="muted small">{requests.total} {filtered ? "matching" : `in ${mode} mode`}</span>
        </div>
        <FilterForm action="/logs" label="Filter requests" filtered={filtered}>
          <FilterSelect name="status" label="Status" value={filters.status} all="Any" options={STATUS_CLASSES.map((value) => ({ value, label: STATUS_NAMES[value] }))} />
          <FilterSelect name="method" label="Method" value={filters.method} all="Any" options={METHODS} />
          <FilterInput name="path" label="Path contains" value={filters.path} wide className="input mono" placeholder="/v1/tokens" maxLength={200} />
          <FilterInput name="date" label="Day (UTC)" value={filters.date} type="date" />
        </FilterForm>
        <ListTable
          list={requests}
          pages={{ basePath: "/logs", params: { status: filters.status, method: filters.method, path: filters.path, date: filters.date, starting_after: startingAfter } }}
          caption="API requests"
          rowProps={(r) => ({ "data-status": String(r.status), "data-method": r.method })}
          columns={(col) => [
            {
              header: "Request",
              cellProps: () => ({ style: { maxWidth: 420 } }),
              cell: (r) => (
                <>
                  <Link href={`/logs/${r.id}`} className="row-link mono break" aria-label={`${r.method} ${r.path}, ${r.status}, request ${r.id}`}>
                    <span className="muted">{r.method}</span> {r.path}
                  </Link>
                  <span className="sub show-sm">
                    <HttpStatus status={r.status} /> · {r.duration_ms} ms · <Time seconds={r.created} />
                  </span>
                </>
              ),
            },
            { header: "Status", className: "hide-sm", cell: (r) => <HttpStatus status={r.status} /> },
            { header: "Latency", className: "num hide-sm", cell: (r) => `${r.duration_ms} ms` },
            { header: "By", className: "hide-sm", cell: (r) => <span className="small">{r.actor.label}</span> },
            { header: "Time", className: "hide-sm", cell: (r) => <Time seconds={r.created} /> },
          ]}
          empty={
            <EmptyState icon="⇅" title={filtered ? "No requests match" : "No requests yet"}>
              {filtered
                ? "Nothing matches these filters in the last 7 days."
                : `Requests made with your ${mode} API keys show here within a second of their answer.`}
            </EmptyState>
          }
        />
      </section>
    </>
  );
}
