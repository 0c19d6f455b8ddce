// One mint's trace, exported over OTLP/HTTP (JSON) to a real local receiver: the request, intake, the
// wallet's durable run (context carried in its Inngest event), sign, broadcast, inclusion, confirmation
// and the webhook delivery (context carried in its event) form one tree: one trace id, every parent
// present, one root. The tracer provider is registered here the way instrumentation.ts does. The runs are
// driven by the test suite's executor in another process (the global setup), which is traced to the same
// collector: the spans of both processes meet there, whichever process ran a job.
import { trace } from "@opentelemetry/api";
import { beforeAll, afterAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { api, deployToken, eventually, settled, tenant } from "@/lib/tokens/testing";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";
import { collectedSpans, type OtlpSpan } from "./testing/span-collector";
import { registerTracing } from "./tracing";

let hooks: Receiver;

beforeAll(async () => {
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = inject("spanCollectorUrl");
  process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/json";
  expect(await registerTracing()).toBe(true);
  hooks = await startReceiver();
});
afterAll(async () => {
  await hooks?.close();
});

const flush = () => (trace.getTracerProvider() as unknown as { getDelegate(): { forceFlush(): Promise<void> } }).getDelegate().forceFlush();
const attribute = (span: OtlpSpan, key: string) => span.attributes.find((a) => a.key === key)?.value;

/** Waits until no run of the wallet is open, so the next write gets a run of its own (and its trace). */
const walletIdle = (wallet: string) =>
  eventually(async () => {
    const [{ open }] = await db.$queryRaw<{ open: number }[]>`
      SELECT count(*)::int AS open FROM job_runs WHERE function_id LIKE '%process-wallet'
        AND event->'data'->>'from' = ${wallet} AND status NOT IN ('completed', 'failed', 'cancelled')`;
    return open === 0;
  }, "the wallet's run to end");

describe("tracing", () => {
  it("one mint's spans, request to webhook delivery, form one tree", async () => {
    const t = await tenant();
    expect((await api(t, "POST", "/v1/webhook_endpoints", { url: hooks.url, events: ["token.minted"] })).status).toBe(201);
    const token = await deployToken(t, { name: "Traced", symbol: "TRC", standard: "ERC20", initial_supply: "0", decimals: 18, features: { mintable: true } });
    await walletIdle(t.wallet);

    const mint = await api(t, "POST", `/v1/tokens/${token.id}/mint`, { to: "0x00000000000000000000000000000000000000c1", amount: "7" });
    expect(mint.status, JSON.stringify(mint.body)).toBe(201);
    expect((await settled(mint.body.id)).status).toBe("confirmed");
    await hooks.waitFor(1);

    let spans: OtlpSpan[] = [];
    const tree = await eventually(async () => {
      await flush();
      spans = await collectedSpans(inject("spanCollectorUrl"));
      const root = spans.find((s) => s.name === "POST /v1/tokens/{id}/mint" && !s.parentSpanId);
      const mine = root ? spans.filter((s) => s.traceId === root.traceId) : [];
      // Complete once every parent has arrived too (the run's span ends last: it lingers for more work).
      const ids = new Set(mine.map((s) => s.spanId));
      const complete = mine.every((s) => !s.parentSpanId || ids.has(s.parentSpanId));
      return complete && mine.some((s) => s.name === "webhook.delivery") ? mine : null;
    }, "the mint's whole trace through the webhook delivery", 20_000, 250).catch((error) => {
      const root = spans.find((s) => s.name === "POST /v1/tokens/{id}/mint" && !s.parentSpanId);
      const mine = spans.filter((s) => s.traceId === root?.traceId);
      throw new Error(`${error.message}: ${mine.map((s) => `${s.name} ${s.spanId} <- ${s.parentSpanId}`).join("; ") || "no root span"}`);
    });

    const names = new Set(tree.map((s) => s.name));
    for (const stage of ["chain.intake", "chain.run", "chain.sign", "chain.broadcast", "chain.inclusion", "chain.confirmation", "webhook.delivery"]) {
      expect([...names], stage).toContain(stage);
    }
    // The chain's JSON-RPC calls are not spans of their own (OTEL_TRACE_RPC unset); the stages time them.
    expect(tree.filter((s) => s.name.includes(new URL(inject("localChainRpcUrl")).host)).map((s) => s.name)).toEqual([]);
    const ids = new Set(tree.map((s) => s.spanId));
    expect(tree.filter((s) => !s.parentSpanId)).toHaveLength(1);
    for (const s of tree.filter((s) => s.parentSpanId)) expect(ids.has(s.parentSpanId!), `${s.name}'s parent`).toBe(true);

    const root = tree.find((s) => !s.parentSpanId)!;
    expect(attribute(root, "tenant")).toEqual({ stringValue: t.id });
    const intake = tree.find((s) => s.name === "chain.intake")!;
    expect(JSON.stringify(attribute(intake, "record.ids"))).toContain(mint.body.id);
    expect(attribute(intake, "network")).toEqual({ stringValue: "polygon_amoy" });
    // Nothing secret travels: no key, no signed bytes, no body.
    expect(JSON.stringify(tree)).not.toMatch(/0x[0-9a-f]{64}(?![0-9a-f])|sk_|whsec_|rawTransaction/);
  });
});
