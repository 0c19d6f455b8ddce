// OpenTelemetry traces. instrumentation.ts registers @vercel/otel only when OTEL_EXPORTER_OTLP_ENDPOINT is
// set; otherwise the API's tracer is the no-op one and every helper here costs a function call. One trace
// follows a write: the request's span, carried in the Inngest events (`trace`: a W3C traceparent) into the
// wallet's durable run (sign, broadcast, inclusion, confirmation) and on into the webhook delivery.
// Attributes name tenants, modes, networks, kinds and record ids; never secrets, keys or bodies.
import { context, propagation, SpanStatusCode, trace, type Attributes, type Span } from "@opentelemetry/api";

const tracer = () => trace.getTracer("token-platform");

/** The current span's context to put in an event, or undefined when nothing is traced. */
export function traceCarrier(): Record<string, string> | undefined {
  if (!trace.getActiveSpan()?.isRecording()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}

/**
 * Runs `fn` in a span named `name`; `parent` is a carrier from an event (another process's span), else the
 * active span is the parent. Errors are recorded on the span and thrown on.
 */
export function withSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>, parent?: unknown): Promise<T> {
  const base = parent && typeof parent === "object" ? propagation.extract(context.active(), parent) : context.active();
  return tracer().startActiveSpan(name, { attributes }, base, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Adds attributes to the active span (e.g. the tenant, known once the request is authenticated). */
export function annotate(attributes: Attributes): void {
  trace.getActiveSpan()?.setAttributes(attributes);
}

/** The attributes of a batch of chain records. */
export const recordAttributes = (records: { id: string; tenantId: string; livemode: boolean; network: string; kind: string }[]): Attributes => ({
  "record.ids": records.map((r) => r.id),
  "tenant.ids": [...new Set(records.map((r) => r.tenantId))],
  "record.kinds": [...new Set(records.map((r) => r.kind))],
  network: records[0]?.network ?? "",
  mode: records[0]?.livemode ? "live" : "test",
});

/** Called from instrumentation.ts: registers the tracer provider and the OTLP/HTTP exporter, only if configured. */
/** The configured chain RPC URLs (RPC_URL_<NETWORK>, comma-separated lists, and the local chain's). */
function rpcUrls(): string[] {
  const names = Object.keys(process.env).filter((name) => name.startsWith("RPC_URL_") || name === "LOCAL_CHAIN_RPC_URL");
  return names.flatMap((name) => (process.env[name] ?? "").split(",").map((url) => url.trim()).filter(Boolean));
}

export async function registerTracing(): Promise<boolean> {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT && !process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return false;
  const { registerOTel } = await import("@vercel/otel");
  registerOTel({
    serviceName: process.env.OTEL_SERVICE_NAME ?? "token-platform",
    // A write makes several JSON-RPC calls per stage; the chain.* spans time the stages, and the RPC metrics count
    // the calls by method and outcome. A span per call would be most of a trace's spans (and of its cost):
    // kept out unless OTEL_TRACE_RPC=1.
    instrumentationConfig: { fetch: { ignoreUrls: process.env.OTEL_TRACE_RPC === "1" ? [] : rpcUrls() } },
  });
  return true;
}
