import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { orNotFound } from "@/lib/console/pages";
import { getEvent } from "@/lib/webhooks/events";
import { deliveriesOfEvent } from "@/lib/webhooks/delivery-detail";
import { PageHeader } from "@/components/PageHeader";
import { DataTable } from "@/components/DataTable";
import { outcomeColumns, PhoneOutcome } from "../../_components/delivery-columns";
import { StatusBadge } from "@/components/StatusBadge";
import { EmptyState } from "@/components/EmptyState";
import { CodeBlock } from "@/components/CodeBlock";
import { AutoRefresh } from "@/components/AutoRefresh";
import { Time } from "@/components/Time";

export const metadata: Metadata = { title: "Event" };

export default async function EventPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { scope, livemode } = await requireConsole(`/events/${id}`);
  const event = await orNotFound(getEvent(scope, id));
  const deliveries = await deliveriesOfEvent(scope, event.id);
  const subject = typeof event.data.object.id === "string" ? event.data.object.id : null;
  return (
    <>
      <AutoRefresh active={deliveries.some((d) => d.status === "pending")} intervalMs={1500} />
      <PageHeader
        breadcrumb={<Link href="/events">Events</Link>}
        title={<span className="mono">{event.type}</span>}
        subtitle={
          <>
            <span className="mono">{event.id}</span> · <Time seconds={event.created} />
            {subject ? (
              <>
                {" "}
                · about <Link href={`/search?q=${encodeURIComponent(subject)}`} className="mono">{subject}</Link>
              </>
            ) : null}
          </>
        }
      />
      <section className="card" aria-labelledby="payload">
        <div className="card-header">
          <h2 id="payload">Payload</h2>
          <span className="muted small">The body every webhook delivery of this event carries.</span>
        </div>
        <div className="card-body">
          <CodeBlock code={JSON.stringify(event, null, 2)} language="json" label="Event payload" wrap />
        </div>
      </section>
      <section className="card" aria-labelledby="event-deliveries">
        <div className="card-header">
          <h2 id="event-deliveries">Webhook deliveries</h2>
          <span className="muted small">To your {livemode ? "live" : "test"}-mode endpoints</span>
        </div>
        <DataTable
          caption="Deliveries of this event"
          rows={deliveries}
          rowKey={(d) => d.id}
          rowProps={(d) => ({ "data-status": d.status })}
          columns={[
            {
              header: "Endpoint",
              cellProps: () => ({ style: { maxWidth: 360 } }),
              cell: (d) => (
                <>
                  <Link href={`/webhooks/${d.endpoint}/deliveries/${d.id}`} className="row-link mono truncate" title={d.endpoint_url}>
                    {d.endpoint_url}
                  </Link>
                  <span className="sub mono">{d.id}</span>
                  <PhoneOutcome delivery={d} />
                </>
              ),
            },
            { header: "Status", className: "hide-sm", cell: (d) => <StatusBadge status={d.status} /> },
            ...outcomeColumns(),
          ]}
          empty={
            <EmptyState icon="↯" title="No deliveries">
              None of your {livemode ? "live" : "test"}-mode webhook endpoints was subscribed to this event when it happened.
            </EmptyState>
          }
        />
      </section>
    </>
  );
}
