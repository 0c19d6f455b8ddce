// npm run bench:webhooks — 1,000 events fanned out to a local receiver through the real path: emit()
// (the outbox) → fan-out → Inngest events → the webhook-deliver function run by the local executor →
// signed POSTs to a node:http server that verifies each one with the official `standardwebhooks`
// verifier. Prints deliveries/s and end-to-end latency (emit → received). Goal: all delivered and
// verified within 10 s. Uses a throwaway database on BENCH_DATABASE_SERVER_URL (default 127.0.0.1:5432).
import { Worker } from "node:worker_threads";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { applyMigrations } from "../../lib/db/migrate";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const WARMUP = 50;
const TIMEOUT_MS = 60_000;
const serverUrl = process.env.BENCH_DATABASE_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

/**
 * The receiver runs in a thread of its own, as a real receiver runs elsewhere: a node:http server on
 * 127.0.0.1 verifying every request with the official verifier; it reports (webhook-id, arrival, ok).
 */
async function startReceiverThread(): Promise<{ worker: Worker; url: string }> {
  const worker = new Worker(
    `const { parentPort } = require("node:worker_threads");
     const { Webhook } = require("standardwebhooks");
     let webhook;
     parentPort.on("message", (m) => { webhook = new Webhook(m.secret); });
     const server = require("node:http").createServer((req, res) => {
       const chunks = [];
       req.on("data", (c) => chunks.push(c));
       req.on("end", () => {
         const at = Date.now();
         let ok = true;
         try { webhook.verify(Buffer.concat(chunks).toString("utf8"), req.headers); } catch { ok = false; }
         parentPort.postMessage({ id: String(req.headers["webhook-id"]), at, ok });
         res.writeHead(ok ? 200 : 400).end();
       });
     });
     server.keepAliveTimeout = 30000;
     server.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: server.address().port }));`,
    { eval: true },
  );
  const port = await new Promise<number>((resolve) => worker.once("message", (m: { port: number }) => resolve(m.port)));
  return { worker, url: `http://127.0.0.1:${port}/hooks` };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const name = `tp_bench_webhooks_${Date.now().toString(36)}`;
await admin(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
await applyMigrations(url.toString());
Object.assign(process.env, {
  DATABASE_URL: url.toString(),
  DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? "20",
  ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? "bench-encryption-key-bench-encryption-key",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
});

// As the app server does at start (instrumentation.ts).
(await import("@/lib/core/process-env")).snapshotEnvironment();
// Imported after the environment is set: the database and Inngest client read it.
const { db, closePools } = await import("../../lib/db");
const { startAppExecutor: startLocalExecutor } = await import("../../inngest/executor");
const { emit } = await import("../../lib/webhooks/emit");
const { createEndpoint } = await import("../../lib/webhooks/endpoints");

const executor = await startLocalExecutor({ maxInFlight: Number(process.env.BENCH_IN_FLIGHT ?? 20), pollIntervalMs: 100 });
const receiver = await startReceiverThread();
const arrived = new Map<string, number>();
let verified = 0;
let rejected = 0;
let duplicates = 0;
receiver.worker.on("message", (m: { id: string; at: number; ok: boolean }) => {
  if (!m.ok) return void (rejected += 1);
  verified += 1;
  if (arrived.has(m.id)) duplicates += 1;
  else arrived.set(m.id, m.at);
});

try {
  const tenant = await db.tenant.create({ data: { id: `ten_bench${Date.now()}`, companyName: "bench" } });
  const endpoint = await createEndpoint({ tenantId: tenant.id, livemode: false }, { url: receiver.url, events: ["token.minted"] });
  receiver.worker.postMessage({ secret: endpoint.secret });

  const emitMany = (count: number, emittedAt: Map<string, number>) =>
    Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const event = await emit(tenant.id, "token.minted", { object: "transaction", id: `tx_bench_${i}`, livemode: false, amount: "1000" });
        emittedAt.set(event.id, Date.now());
      }),
    );
  const waitFor = async (count: number, since: number) => {
    while (arrived.size < count && Date.now() - since < TIMEOUT_MS) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  // Warm-up (not measured): loads lazy modules and JIT-compiles the path, as a running server would have.
  await emitMany(WARMUP, new Map());
  await waitFor(WARMUP, Date.now());
  arrived.clear();
  verified = rejected = duplicates = 0;

  console.log(`emitting ${EVENTS} token.minted events to 1 endpoint at ${receiver.url}`);
  const emittedAt = new Map<string, number>();
  const started = Date.now();
  await emitMany(EVENTS, emittedAt);
  const emitted = Date.now();
  await waitFor(EVENTS, started);
  const finished = Date.now();

  const latencies = [...arrived].map(([id, at]) => at - (emittedAt.get(id) ?? at)).sort((a, b) => a - b);
  const seconds = (finished - started) / 1000;
  console.log(`emitted in ${((emitted - started) / 1000).toFixed(2)} s`);
  console.log(`delivered ${arrived.size}/${EVENTS} (verified ${verified}, rejected ${rejected}, duplicates ${duplicates}) in ${seconds.toFixed(2)} s`);
  console.log(`throughput: ${(arrived.size / seconds).toFixed(0)} deliveries/s`);
  console.log(`end-to-end latency (emit → received): p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, max ${latencies.at(-1)} ms`);
  const goal = arrived.size === EVENTS && verified >= EVENTS && rejected === 0 && seconds <= 10;
  console.log(goal ? "goal met: all delivered and verified within 10 s" : "goal NOT met (all delivered and verified within 10 s)");
  process.exitCode = goal ? 0 : 1;
} finally {
  await executor.stop();
  await receiver.worker.terminate();
  await closePools().catch(() => {});
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
