import type { Metadata } from "next";
import Link from "next/link";
import { StatusTabs } from "@/components/StatusTabs";
import { requireConsole } from "@/lib/console/session";
import { orNotFound, param } from "@/lib/console/pages";
import { getEndpoint } from "@/lib/webhooks/endpoints";
import { listDeliveries } from "@/lib/webhooks/deliveries";
import { EVENT_TYPES } from "@/lib/core/event-types";
import { DeliveryStatus } from "@/lib/schemas/webhooks";
import { PageHeader } from "@/components/PageHeader";
import { StatusBadge } from "@/components/StatusBadge";
import { EmptyState } from "@/components/EmptyState";
import { AutoRefresh } from "@/components/AutoRefresh";
import { ActionButton } from "@/components/ActionButton";
import { Time } from "@/components/Time";
import { resendDeliveryAction, retryDeliveryAction } from "../../_actions/webhooks";
import { WebhookActions } from "../../_components/WebhookActions";
import { EditWebhookForm } from "../../_components/EditWebhookForm";
import { endpointHealth } from "@/lib/analytics/endpoint-health";
import { Card } from "@/components/Card";
import { ListTable } from "@/components/ListTable";
import { Notice } from "@/components/Notice";
import { outcomeColumns, PhoneOutcome } from "../../_components/delivery-columns";

export const metadata: Metadata = { title: "Webhook endpoint" };

const STATUSES = DeliveryStatus.options;

export default async function WebhookPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id } = await params;
  const { scope } = await requireConsole(`/webhooks/${id}`);
  const query = await searchParams;
  const status = STATUSES.find((s) => s === param(query.status));
  const startingAfter = param(query.starting_after);
  const endpoint = await orNotFound(getEndpoint(scope, id));
  const [deliveries, health] = await Promise.all([
    listDeliveries(scope, id, { limit: 25, starting_after: startingAfter, status }),
    endpointHealth(scope, [endpoint.id]).then((h) => h.get(endpoint.id)),
  ]);
  const failing = endpoint.status === "enabled" && health?.failing_since != null;
  const inFlight = deliveries.data.some((d) => d.status === "pending");
  const tab = (value?: string) => (value ? `/webhooks/${id}?status=${value}` : `/webhooks/${id}`);
  return (
    <>
      <AutoRefresh active={inFlight} intervalMs={1000} />
      <PageHeader
        breadcrumb={<Link href="/webhooks">Webhooks</Link>}
        title={<span className="mono break" style={{ fontSize: 18 }}>{endpoint.url}</span>}
        badge={
          <span data-endpoint-health={failing ? "failing" : endpoint.status}>
            {failing ? <StatusBadge status="failed" label="Failing" /> : <StatusBadge status={endpoint.status} />}
          </span>
        }
        subtitle={
          <>
            <span className="mono">{endpoint.id}</span> · {endpoint.livemode ? "live" : "test"} mode · created <Time seconds={endpoint.created} />
          </>
        }
      />
      {endpoint.disabled_reason === "gone" ? (
        <Notice tone="warning" role="alert">
          Disabled automatically: the receiver answered 410 Gone. Enable it again once the URL accepts deliveries.
        </Notice>
      ) : null}
      {endpoint.disabled_reason === "failing" ? (
        <Notice tone="warning" role="alert">
          Disabled automatically: every delivery failed for 5 days. Fix the receiver, then enable it again.
        </Notice>
      ) : null}
      <section className="card" aria-label="Endpoint actions">
        <div className="card-body stack">
          {health?.deliveries && health.error_rate !== null ? (
            <p className="small" data-error-rate={health.error_rate}>
              {failing ? (
                <>
                  <strong className="error-text">Failing</strong> since <Time seconds={health.failing_since} />:{" "}
                </>
              ) : null}
              <span className={health.error_rate > 0 ? "error-text" : undefined}>{Math.round(health.error_rate * 1000) / 10}% errors</span> over the last 7 days ({health.unsuccessful} of {health.deliveries}{" "}
              {health.deliveries === 1 ? "delivery" : "deliveries"} not delivered).
            </p>
          ) : null}
          <WebhookActions id={endpoint.id} enabled={endpoint.status === "enabled"} />
        </div>
      </section>

      <section className="card" aria-labelledby="deliveries">
        <div className="card-header">
          <h2 id="deliveries">Deliveries</h2>
          <StatusTabs label="Filter deliveries by status" statuses={STATUSES} current={status} href={tab} />
        </div>
        <ListTable
          list={deliveries}
          pages={{ basePath: `/webhooks/${id}`, params: { status, starting_after: startingAfter } }}
          caption="Deliveries"
          rowProps={(d) => ({ "data-event-type": d.event_type, "data-status": d.status })}
          columns={(col) => [
            {
              header: "Event",
              cell: (d) => (
                <>
                  <Link href={`/webhooks/${endpoint.id}/deliveries/${d.id}`} className="row-link mono" aria-label={`Delivery ${d.id}: ${d.event_type}`}>
                    {d.event_type}
                  </Link>
                  <span className="sub mono hide-sm">{d.event}</span>
                  <PhoneOutcome delivery={d} />
                </>
              ),
            },
            {
              header: "Status",
              className: "hide-sm",
              cell: (d) => (
                <>
                  <StatusBadge status={d.status} />
                  {d.last_error && d.status !== "succeeded" ? <span className="error-text">{d.last_error}</span> : null}
                  {d.next_attempt && d.status === "pending" ? (
                    <span className="sub">
                      next try <Time seconds={d.next_attempt} />
                    </span>
                  ) : null}
                </>
              ),
            },
            ...outcomeColumns({ cellClassName: "num mono hide-sm", cellProps: () => ({ "data-testid": "response-status" }) }),
            {
              header: <span className="visually-hidden">Actions</span>,
              cellClassName: "num",
              cell: (d) =>
                d.status === "failed" ? (
                  <ActionButton action={resendDeliveryAction.bind(null, endpoint.id, d.id)} pendingLabel="Queuing…" label={`Resend delivery ${d.id}`}>
                    Resend
                  </ActionButton>
                ) : (
                  <ActionButton action={retryDeliveryAction.bind(null, endpoint.id, d.id)} pendingLabel="Sending…" label={`Retry delivery ${d.id}`}>
                    Retry
                  </ActionButton>
                ),
            },
          ]}
          empty={
            <EmptyState icon="↯" title={status ? `No ${status} deliveries` : "No deliveries yet"}>
              {status ? "Nothing in this state." : "Events you subscribed to are delivered here from now on. Press “Send test event” to try your receiver now."}
            </EmptyState>
          }
        />
      </section>

      <Card id="edit-endpoint" title="Settings" padded>
        <EditWebhookForm endpoint={endpoint} events={EVENT_TYPES} />
      </Card>
    </>
  );
}
