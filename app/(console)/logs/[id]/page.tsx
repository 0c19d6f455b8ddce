import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { orNotFound } from "@/lib/console/pages";
import { getRequest } from "@/lib/request-log/list";
import { PageHeader } from "@/components/PageHeader";
import { CodeBlock, prettyJson } from "@/components/CodeBlock";
import { Time } from "@/components/Time";
import { HttpStatus } from "../HttpStatus";
import { Card } from "@/components/Card";

export const metadata: Metadata = { title: "API request" };

export default async function RequestPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { scope } = await requireConsole(`/logs/${id}`);
  const request = await orNotFound(getRequest(scope, id));
  return (
    <>
      <PageHeader
        breadcrumb={<Link href="/logs">Request log</Link>}
        title={
          <span className="mono break" style={{ fontSize: 18 }}>
            {request.method} {request.path}
          </span>
        }
        badge={<HttpStatus status={request.status} />}
        subtitle={
          <>
            <span className="mono">{request.id}</span> · <Time seconds={request.created} />
          </>
        }
      />
      <Card id="request-summary" title="Summary">
        <dl className="details">
          <dt>Status</dt>
          <dd data-testid="request-status">{request.status}</dd>
          <dt>Latency</dt>
          <dd>{request.duration_ms} ms</dd>
          <dt>By</dt>
          <dd>
            {request.actor.kind === "api_key" ? "API key " : request.actor.kind === "user" ? "Console user " : ""}
            {request.actor.label}
            {request.actor.kind === "api_key" && request.actor.id ? <span className="muted mono small"> · {request.actor.id}</span> : null}
          </dd>
          <dt>Query</dt>
          <dd className="mono">{request.query ?? <span className="muted">none</span>}</dd>
          <dt>Idempotency key</dt>
          <dd className="mono">{request.idempotency_key ?? <span className="muted">none</span>}</dd>
          <dt>Request id</dt>
          <dd className="mono">{request.id}</dd>
        </dl>
      </Card>
      <section className="card" aria-labelledby="request-body">
        <div className="card-header">
          <h2 id="request-body">Request body</h2>
          <span className="muted small">Secrets are replaced by [redacted]</span>
        </div>
        <div className="card-body">
          {request.request_body ? <CodeBlock code={prettyJson(request.request_body)} language="json" label="Request body" wrap /> : <p className="muted">No body.</p>}
        </div>
      </section>
      <Card id="response-body" title="Response body">
        <div className="card-body">
          {request.response_body ? <CodeBlock code={prettyJson(request.response_body)} language="json" label="Response body" wrap /> : <p className="muted">No body.</p>}
        </div>
      </Card>
    </>
  );
}
