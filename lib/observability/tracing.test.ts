// One mint's trace, exported over OTLP/HTTP (JSON) to a real local receiver: the request, intake, the
// wallet's durable run (context carried in its Inngest event), sign, broadcast, inclusion, confirmation
// and the webhook delivery (context carried in its event) form one tree: one trace id, every parent
// present, one root. The tracer provider is registered here the way instrumentation.ts does; the global
// setup's executor runs untraced in another process, so this file runs an executor of its own, which the
// runs of events sent from this process reach first.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { trace } from "@opentelemetry/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { startAppExecutor as startLocalExecutor } from "@/inngest/executor";
import { api, deployToken, eventually, settled, tenant } from "@/lib/tokens/testing";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";
import { registerTracing } from "./tracing";

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}

const spans: OtlpSpan[] = [];
let collector: Server;
let executor: Awaited<ReturnType<typeof startLocalExecutor>>;
let hooks: Receiver;

beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.url === "/v1/traces") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        for (const rs of body.resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) spans.push(...ss.spans);
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/json";
  expect(await registerTracing()).toBe(true);
  executor = await startLocalExecutor({ instanceId: "tracing-test", pollIntervalMs: 20 });
  hooks = await startReceiver();
});
afterAll(async () => {
  await executor?.stop();
  await hooks?.close();
  await new Promise((resolve) => collector?.close(resolve));
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
  // retry: the global setup's untraced executor (another process) polls for the same runs and now and then
  // takes the mint's wallet run before this file's executor does; the trace then has no run in it.
  it("one mint's spans, request to webhook delivery, form one tree", { retry: 2 }, async () => {
    const t = await tenant();
    expect((await api(t, "POST", "/v1/webhook_endpoints", { url: hooks.url, events: ["token.minted"] })).status).toBe(201);
    const token = await deployToken(t, { name: "Traced", symbol: "TRC", standard: "ERC20", initial_supply: "0", decimals: 18, features: { mintable: true } });
    await walletIdle(t.wallet);

    const mint = await api(t, "POST", `/v1/tokens/${token.id}/mint`, { to: "0x00000000000000000000000000000000000000c1", amount: "7" });
    expect(mint.status, JSON.stringify(mint.body)).toBe(201);
    expect((await settled(mint.body.id)).status).toBe("confirmed");
    await hooks.waitFor(1);

    const tree = await eventually(async () => {
      await flush();
      const root = spans.find((s) => s.name === "POST /v1/tokens/{id}/mint" && !s.parentSpanId);
      const mine = root ? spans.filter((s) => s.traceId === root.traceId) : [];
      // Complete once every parent has arrived too (the run's span ends last: it lingers for more work).
      const ids = new Set(mine.map((s) => s.spanId));
      const complete = mine.every((s) => !s.parentSpanId || ids.has(s.parentSpanId));
      return complete && mine.some((s) => s.name === "webhook.delivery") ? mine : null;
    }, "the mint's whole trace through the webhook delivery", 20_000, 250).catch((error) => {
      throw new Error(`${error.message}: ${spans.map((s) => `${s.name} ${s.spanId} <- ${s.parentSpanId}`).join("; ")}`);
    });

    const names = new Set(tree.map((s) => s.name));
    for (const stage of ["chain.intake", "chain.run", "chain.sign", "chain.broadcast", "chain.inclusion", "chain.confirmation", "webhook.delivery"]) {
      expect([...names], stage).toContain(stage);
    }
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
