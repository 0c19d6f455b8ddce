// npx tsx lib/jobs/bench.ts — throughput and latency of one local executor on a throwaway database
// (tp_jobs_bench_<time> on BENCH_DATABASE_SERVER_URL, default 127.0.0.1:5432, dropped at the end).
// Prints runs/s for a function with no step, one step, two steps, and no step with a concurrency key
// (BENCH_RUNS events each, default 500, sent at once, timed until every run completed; with the CPU time
// this process spent per run, which other load on the machine disturbs less than wall time), then the
// send→completed latency of sequential no-step runs. Completion is observed through a NOTIFY trigger
// installed in the throwaway database only, so measuring adds no polling. BENCH_IN_FLIGHT: maxInFlight (20).
import pg from "pg";
import { applyMigrations } from "../db/migrate";

const RUNS = Number(process.env.BENCH_RUNS ?? 500);
const SEQUENTIAL = 50;
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 20);
const serverUrl = process.env.BENCH_DATABASE_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const name = `tp_jobs_bench_${Date.now().toString(36)}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

await admin(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
await applyMigrations(url.toString()).catch(async (error) => {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  throw error;
});
Object.assign(process.env, { DATABASE_URL: url.toString(), LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" });

// Imported after DATABASE_URL is set.
const { closePools } = await import("../db");
const { createInngestClient } = await import("@/lib/jobs/client");
const { startLocalExecutor } = await import("./executor");

const quiet = { info() {}, warn() {}, error() {}, debug() {} };
const inngest = createInngestClient("jobs-bench", quiet);
const noStep = inngest.createFunction({ id: "no-step", triggers: [{ event: "bench/none" }] }, async ({ event }) => event.data.i as number);
const oneStep = inngest.createFunction({ id: "one-step", triggers: [{ event: "bench/one" }] }, async ({ event, step }) =>
  step.run("a", () => event.data.i as number),
);
const twoSteps = inngest.createFunction({ id: "two-steps", triggers: [{ event: "bench/two" }] }, async ({ event, step }) => {
  const a = await step.run("a", () => event.data.i as number);
  return step.run("b", () => a + 1);
});
const keyed = inngest.createFunction(
  { id: "keyed", triggers: [{ event: "bench/keyed" }], concurrency: { key: "event.data.i", limit: 1 } },
  async ({ event }) => event.data.i as number,
);

// Completion notices: the event id of every run that ends (a failed run stops the benchmark).
const listener = new pg.Client({ connectionString: url.toString() });
await listener.connect();
await listener.query(`
  CREATE FUNCTION bench_notify() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM pg_notify('bench_done', NEW.status || ' ' || (NEW.event->>'id')); RETURN NULL; END $$;
  CREATE TRIGGER bench_done AFTER INSERT OR UPDATE OF status ON job_runs
    FOR EACH ROW WHEN (NEW.status IN ('completed', 'failed')) EXECUTE FUNCTION bench_notify();
  LISTEN bench_done;`);
const ended = new Map<string, number>(); // event id → when its run completed
let failed: string | undefined;
let onEnd = () => {};
listener.on("notification", (n) => {
  const [status, eventId] = n.payload!.split(" ");
  if (status === "failed") failed = eventId;
  ended.set(eventId, performance.now());
  onEnd();
});

/** Waits until `count` more runs ended (or the run for `eventId` did); fails if one failed or after a minute. */
async function runsEnded(count: number, eventId?: () => string) {
  const target = ended.size + count;
  const started = Date.now();
  const done = () => (eventId ? ended.has(eventId()) : ended.size >= target);
  while (!done()) {
    if (failed) throw new Error(`The run for event ${failed} failed`);
    if (Date.now() - started > 60_000) throw new Error("Runs did not finish within a minute");
    await new Promise<void>((resolve) => {
      onEnd = resolve;
      setTimeout(resolve, 100);
    });
  }
}

const executor = await startLocalExecutor({ client: inngest, functions: [noStep, oneStep, twoSteps, keyed], maxInFlight: IN_FLIGHT });

/** Sends `count` events at once; resolves when all their runs completed, with the time and this process's CPU time. */
async function batch(event: string, count: number): Promise<{ seconds: number; cpuMs: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const ending = runsEnded(count);
  await inngest.send(Array.from({ length: count }, (_, i) => ({ name: event, data: { i } })));
  await ending;
  const { user, system } = process.cpuUsage(cpu);
  return { seconds: (performance.now() - started) / 1000, cpuMs: (user + system) / 1000 };
}

async function sequential(count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const [eventId] = (await inngest.send({ name: "bench/none", data: { i } })).ids;
    await runsEnded(1, () => eventId);
    times.push(ended.get(eventId)! - started);
  }
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const lines = [
  ["(a) no step", "bench/none"],
  ["(b) one step", "bench/one"],
  ["(c) two steps", "bench/two"],
  ["(d) no step, concurrency key", "bench/keyed"],
];

try {
  // Warm-up, not shown: one pass of everything (JIT, prepared statements, first garbage collections).
  for (const [, event] of lines) await batch(event, RUNS);
  await sequential(20);
  console.log(`one executor, maxInFlight ${IN_FLIGHT}, ${RUNS} events per line`);
  for (const [label, event] of lines) {
    const { seconds, cpuMs } = await batch(event, RUNS);
    const perRun = (cpuMs / RUNS).toFixed(2);
    console.log(`${label.padEnd(30)} ${(RUNS / seconds).toFixed(0).padStart(5)} runs/s  (${seconds.toFixed(2)} s; ${perRun} ms CPU/run in this process)`);
  }
  const latencies = await sequential(SEQUENTIAL);
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(`send→completed, ${SEQUENTIAL} sequential no-step runs: p50 ${fmt(percentile(latencies, 50))}, p95 ${fmt(percentile(latencies, 95))}`);
} finally {
  await executor.stop();
  await listener.end().catch(() => {});
  await closePools().catch(() => {});
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
