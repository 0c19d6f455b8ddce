import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { listEndpoints } from "@/lib/webhooks/endpoints";
import { EVENT_TYPES } from "@/lib/core/event-types";
import { PageHeader } from "@/components/PageHeader";
import { EmptyState } from "@/components/EmptyState";
import { StatusBadge } from "@/components/StatusBadge";
import { Time } from "@/components/Time";
import { CreateWebhookForm } from "../_components/CreateWebhookForm";
import { currentPlan } from "@/lib/billing/subscriptions";
import { webhookEndpoints } from "@/lib/billing/quotas/usage";
import { usageLevel } from "@/lib/console/usage";
import { endpointHealth } from "@/lib/analytics/endpoint-health";
import { Card } from "@/components/Card";
import { ListTable } from "@/components/ListTable";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope, livemode, tenant } = await requireConsole("/webhooks");
  const startingAfter = param((await searchParams).starting_after);
  const [endpoints, plan, used] = await Promise.all([
    listEndpoints(scope, { limit: 20, starting_after: startingAfter }),
    currentPlan(tenant.id),
    webhookEndpoints(tenant.id),
  ]);
  const health = await endpointHealth(scope, endpoints.data.map((e) => e.id));
  // One number, the plan's (lib/billing/plans): endpoints of both modes count toward it.
  const cap = plan.plan.limits.webhook_endpoints;
  const level = usageLevel(used, cap);
  return (
    <>
      <PageHeader title="Webhooks" subtitle={`Endpoints that receive your ${livemode ? "live" : "test"}-mode events (and account events of both modes), signed.`} />
      <section className="card" aria-labelledby="endpoints">
        <div className="card-header">
          <h2 id="endpoints">Endpoints</h2>
          <span className={level === "ok" ? "muted small" : `small usage-text-${level}`} data-endpoint-limit={cap ?? "unlimited"} data-level={level}>
            {cap === null ? `${used} (unlimited on the ${plan.plan.name} plan)` : `${used} of ${cap} on the ${plan.plan.name} plan, both modes`}
            {level === "full" ? (
              <>
                {" "}
                · <Link href="/billing">upgrade to add more</Link>
              </>
            ) : null}
          </span>
        </div>
        <ListTable
          list={endpoints}
          pages={{ basePath: "/webhooks", params: { starting_after: startingAfter } }}
          caption="Webhook endpoints"
          columns={(col) => [
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
            {
              header: "Status",
              cell: (e) => {
                const h = health.get(e.id);
                const failing = e.status === "enabled" && h?.failing_since != null;
                return (
                  <span data-endpoint-health={failing ? "failing" : e.status}>
                    {failing ? <StatusBadge status="failed" label="Failing" /> : <StatusBadge status={e.status} />}
                    {failing ? (
                      <span className="sub">
                        since <Time seconds={h!.failing_since!} />
                      </span>
                    ) : null}
                  </span>
                );
              },
            },
            {
              header: "Errors (7 days)",
              cellClassName: "num nowrap",
              cell: (e) => {
                const h = health.get(e.id);
                if (!h?.deliveries || h.error_rate === null) return <span className="muted">—</span>;
                const percent = `${Math.round(h.error_rate * 1000) / 10}%`;
                return (
                  <span data-error-rate={h.error_rate} className={h.error_rate > 0 ? "error-text" : undefined}>
                    {percent} <span className="sub">{h.unsuccessful} of {h.deliveries} not delivered</span>
                  </span>
                );
              },
            },
            {
              header: "Events",
              className: "hide-sm",
              cell: (e) => (e.events.includes("*") ? "All events" : `${e.events.length} event${e.events.length === 1 ? "" : "s"}`),
            },
            col.time((e) => e.created),
          ]}
          empty={
            <EmptyState icon="↯" title="No endpoints yet">
              Add an endpoint below to be told when a token is deployed, a transaction confirms, and more — instead of polling.
            </EmptyState>
          }
        />
      </section>
      <Card id="add-endpoint" title="Add an endpoint" padded>
        <CreateWebhookForm events={EVENT_TYPES} livemode={livemode} />
      </Card>
    </>
  );
}
