// GET /metrics: closed without METRICS_TOKEN (404) and without the bearer (401); after a burst of mints the
// scrape shows the RPC calls, the webhook deliveries and the stage histograms moved, and the shared-state
// gauges (read from the database) show the wallet's queue drained. The global setup's executor runs in
// another process, so this file starts an executor of its own here too and waits until this process has
// finalized and delivered something (both executors share the work through the database).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppExecutor as startLocalExecutor } from "@/inngest/executor";
import { api, deployToken, eventually, settled, tenant } from "@/lib/tokens/testing";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";
import { GET } from "@/app/metrics/route";

let executor: Awaited<ReturnType<typeof startLocalExecutor>>;
let receiver: Receiver;
beforeAll(async () => {
  executor = await startLocalExecutor({ instanceId: "metrics-test", pollIntervalMs: 20 });
  receiver = await startReceiver();
});
afterAll(async () => {
  await executor?.stop();
  await receiver?.close();
  delete process.env.METRICS_TOKEN;
});

const scrape = (token?: string) => GET(new Request("http://localhost/metrics", { headers: token ? { authorization: `Bearer ${token}` } : {} }));

/** The value of one sample line of the exposition text (summed over the lines matching). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

describe("GET /metrics", () => {
  it("is closed: 404 while METRICS_TOKEN is unset, 401 without or with a wrong bearer token", async () => {
    delete process.env.METRICS_TOKEN;
    expect((await scrape("anything")).status).toBe(404);
    process.env.METRICS_TOKEN = "metrics-token-for-tests";
    expect((await scrape()).status).toBe(401);
    expect((await scrape("metrics-token-for-tests-but-not")).status).toBe(401);
    const ok = await scrape("metrics-token-for-tests");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/plain");
  });

  it("after a burst of mints shows the RPC calls, deliveries and stage histograms moved, and the queue drained", async () => {
    process.env.METRICS_TOKEN = "metrics-token-for-tests";
    const t = await tenant();
    const hook = await api(t, "POST", "/v1/webhook_endpoints", { url: receiver.url, events: ["token.minted"] });
    expect(hook.status).toBe(201);
    const token = await deployToken(t, { name: "Metered", symbol: "MTR", standard: "ERC20", initial_supply: "0", decimals: 18, features: { mintable: true } });
    const before = await (await scrape("metrics-token-for-tests")).text();

    const mints = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api(t, "POST", `/v1/tokens/${token.id}/mint`, { to: `0x00000000000000000000000000000000000000${(0xa0 + i).toString(16)}`, amount: "5" })),
    );
    for (const m of mints) expect(m.status, JSON.stringify(m.body)).toBe(201);

    // While they wait, the shared-state gauges see the wallet's open writes (read from the database).
    const during = await (await scrape("metrics-token-for-tests")).text();
    const open = sample(during, "token_platform_chain_write_queue_depth", { wallet: t.wallet }) + sample(during, "token_platform_chain_write_in_flight", { wallet: t.wallet });
    for (const m of mints) expect((await settled(m.body.id)).status).toBe("confirmed");
    await receiver.waitFor(12, undefined, 30_000);

    const stageCount = (text: string) => sample(text, "token_platform_chain_write_stage_seconds_count", { network: "polygon_amoy", stage: "request_to_confirmed" });
    const after = await eventually(async () => {
      const text = await (await scrape("metrics-token-for-tests")).text();
      return stageCount(text) > stageCount(before) && sample(text, "token_platform_webhook_deliveries_total", { outcome: "success" }) > 0 ? text : null;
    }, "this process to finalize a write and deliver a webhook", 30_000);

    expect(open).toBeGreaterThan(0);
    expect(sample(after, "token_platform_rpc_calls_total")).toBeGreaterThan(sample(before, "token_platform_rpc_calls_total"));
    expect(sample(after, "token_platform_chain_write_stage_seconds_count", { stage: "request_to_sent" })).toBeGreaterThan(0);
    expect(sample(after, "token_platform_webhook_delivery_seconds_count", { outcome: "success" })).toBeGreaterThan(0);
    expect(sample(after, "token_platform_chain_write_queue_depth", { wallet: t.wallet })).toBe(0);
    expect(after).toContain("# TYPE token_platform_chain_write_stage_seconds histogram");
    expect(after).toContain("# TYPE token_platform_http_server_errors_total counter");
  });
});
