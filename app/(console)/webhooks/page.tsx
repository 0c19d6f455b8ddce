import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { listEndpoints } from "@/lib/webhooks/endpoints";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";
import { PageHeader } from "@/components/PageHeader";
import { DataTable } from "@/components/DataTable";
import { EmptyState } from "@/components/EmptyState";
import { StatusBadge } from "@/components/StatusBadge";
import { Pagination } from "@/components/Pagination";
import { Time } from "@/components/Time";
import { CreateWebhookForm } from "../_components/CreateWebhookForm";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope, livemode } = await requireConsole("/webhooks");
  const startingAfter = param((await searchParams).starting_after);
  const endpoints = await listEndpoints(scope, { limit: 20, starting_after: startingAfter });
  return (
    <>
      <PageHeader title="Webhooks" subtitle={`Endpoints that receive your ${livemode ? "live" : "test"}-mode events (and account events of both modes), signed.`} />
      <section className="card" aria-labelledby="endpoints">
        <div className="card-header">
          <h2 id="endpoints">Endpoints</h2>
          <span className="muted small">{endpoints.total} of 16</span>
        </div>
        {endpoints.data.length ? (
          <DataTable
            caption="Webhook endpoints"
            rows={endpoints.data}
            rowKey={(e) => e.id}
            columns={[
              {
                header: "URL",
                cellProps: () => ({ style: { maxWidth: 420 } }),
                cell: (e) => (
                  <>
                    <Link href={`/webhooks/${e.id}`} className="row-link mono truncate" title={e.url}>
                      {e.url}
                    </Link>
                    {e.description ? <span className="sub">{e.description}</span> : null}
                  </>
                ),
              },
              { header: "Status", cell: (e) => <StatusBadge status={e.status} /> },
              {
                header: "Events",
                className: "hide-sm",
                cell: (e) => (e.events.includes("*") ? "All events" : `${e.events.length} event${e.events.length === 1 ? "" : "s"}`),
              },
              { header: "Created", className: "hide-sm", cell: (e) => <Time seconds={e.created} /> },
            ]}
          />
        ) : (
          <EmptyState icon="↯" title="No endpoints yet">
            Add an endpoint below to be told when a token is deployed, a transaction confirms, and more — instead of polling.
          </EmptyState>
        )}
        <Pagination basePath="/webhooks" params={{ starting_after: startingAfter }} hasMore={endpoints.has_more} lastId={endpoints.data.at(-1)?.id} total={endpoints.total} shown={endpoints.data.length} />
      </section>
      <section className="card" aria-labelledby="add-endpoint">
        <div className="card-header">
          <h2 id="add-endpoint">Add an endpoint</h2>
        </div>
        <div className="card-body">
          <CreateWebhookForm events={EVENT_TYPES} livemode={livemode} />
        </div>
      </section>
    </>
  );
}
