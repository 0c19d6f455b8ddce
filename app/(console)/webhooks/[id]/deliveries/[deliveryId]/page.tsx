import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { orNotFound } from "@/lib/console/pages";
import { deliveryDetail, type AttemptView } from "@/lib/webhooks/delivery-detail";
import { KEPT_RESPONSE_BYTES } from "@/lib/webhooks/send";
import { PageHeader } from "@/components/PageHeader";
import { StatusBadge } from "@/components/StatusBadge";
import { CodeBlock, prettyJson } from "@/components/CodeBlock";
import { ActionButton } from "@/components/ActionButton";
import { AutoRefresh } from "@/components/AutoRefresh";
import { Time } from "@/components/Time";
import { resendDeliveryAction, retryDeliveryAction } from "../../../../_actions/webhooks";

export const metadata: Metadata = { title: "Webhook delivery" };

function Headers({ headers }: { headers: Record<string, string> }) {
  return (
    <ul className="headers-list">
      {Object.entries(headers).map(([name, value]) => (
        <li key={name}>
          <span className="name">{name}:</span> {value}
        </li>
      ))}
    </ul>
  );
}

function Attempt({ attempt }: { attempt: AttemptView }) {
  return (
    <div className="stack" data-testid="delivery-attempt" data-attempt={attempt.number} data-ok={String(attempt.ok)}>
      <div className="row">
        <strong>Attempt {attempt.number}</strong>
        <StatusBadge status={attempt.ok ? "succeeded" : "failed"} />
        <span className="muted small">
          {attempt.manual ? "retried by hand" : "automatic"} · <Time seconds={attempt.at} /> · {attempt.duration_ms} ms
        </span>
      </div>
      <dl className="details">
        <dt>Response</dt>
        <dd data-testid="attempt-response-status">
          {attempt.response_status !== null ? <span className="mono">HTTP {attempt.response_status}</span> : <span className="muted">no response</span>}
          {attempt.error && !attempt.ok && attempt.error !== `HTTP ${attempt.response_status}` ? <span className="error-text"> · {attempt.error}</span> : null}
        </dd>
        <dt>Headers sent</dt>
        <dd>{attempt.headers ? <Headers headers={attempt.headers} /> : <span className="muted">nothing was sent: the address was refused</span>}</dd>
      </dl>
      {attempt.response_body ? (
        <CodeBlock code={prettyJson(attempt.response_body)} language={`response body${Buffer.byteLength(attempt.response_body) >= KEPT_RESPONSE_BYTES - 3 ? `, first ${KEPT_RESPONSE_BYTES / 1024} KB` : ""}`} label={`Response body of attempt ${attempt.number}`} wrap />
      ) : attempt.response_status !== null ? (
        <p className="muted small">The receiver answered with an empty body.</p>
      ) : null}
    </div>
  );
}

export default async function DeliveryPage({ params }: { params: Promise<{ id: string; deliveryId: string }> }) {
  const { id, deliveryId } = await params;
  const { scope } = await requireConsole(`/webhooks/${id}/deliveries/${deliveryId}`);
  const { delivery, endpoint, request, attempts } = await orNotFound(deliveryDetail(scope, id, deliveryId));
  const [latest, ...earlier] = attempts;
  return (
    <>
      <AutoRefresh active={delivery.status === "pending"} intervalMs={1500} />
      <PageHeader
        breadcrumb={
          <>
            <Link href="/webhooks">Webhooks</Link> / <Link href={`/webhooks/${endpoint.id}`} className="mono">{endpoint.id}</Link>
          </>
        }
        title={<span className="mono">{delivery.event_type}</span>}
        badge={<StatusBadge status={delivery.status} />}
        subtitle={
          <>
            <span className="mono">{delivery.id}</span> · event <Link href={`/events/${delivery.event}`} className="mono">{delivery.event}</Link> · {delivery.attempts}{" "}
            {delivery.attempts === 1 ? "attempt" : "attempts"}
            {delivery.next_attempt && delivery.status === "pending" ? (
              <>
                {" "}
                · next <Time seconds={delivery.next_attempt} />
              </>
            ) : null}
          </>
        }
        actions={
          delivery.status === "failed" ? (
            <ActionButton action={resendDeliveryAction.bind(null, endpoint.id, delivery.id)} pendingLabel="Queuing…" label={`Resend delivery ${delivery.id}`}>
              Resend
            </ActionButton>
          ) : (
            <ActionButton action={retryDeliveryAction.bind(null, endpoint.id, delivery.id)} pendingLabel="Sending…" label={`Retry delivery ${delivery.id}`}>
              Retry now
            </ActionButton>
          )
        }
      />
      <section className="card" aria-labelledby="request-sent">
        <div className="card-header">
          <h2 id="request-sent">Request</h2>
          <span className="muted small">Signed with the endpoint&apos;s secret, which is never shown here.</span>
        </div>
        <div className="card-body stack">
          <p className="mono break small">
            {request.method} {request.url}
          </p>
          <Headers headers={{ ...request.headers, ...(latest?.headers ?? {}) }} />
          <CodeBlock code={request.body} language="body (the exact bytes signed)" label="Payload sent" wrap />
        </div>
      </section>
      <section className="card" aria-labelledby="response-received">
        <div className="card-header">
          <h2 id="response-received">Response</h2>
          <span className="muted small">{attempts.length ? `${attempts.length} recorded ${attempts.length === 1 ? "attempt" : "attempts"}, newest first` : ""}</span>
        </div>
        <div className="card-body stack">
          {latest ? (
            [latest, ...earlier].map((a) => <Attempt key={a.number} attempt={a} />)
          ) : delivery.attempts ? (
            <p className="muted">
              Its attempts were made before attempts were recorded one by one: the last answered{" "}
              {delivery.response_status ? <span className="mono">HTTP {delivery.response_status}</span> : "nothing"}
              {delivery.duration_ms !== null ? ` in ${delivery.duration_ms} ms` : ""}.
            </p>
          ) : (
            <p className="muted">Not sent yet.</p>
          )}
        </div>
      </section>
    </>
  );
}
