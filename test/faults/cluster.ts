// Several production servers (scripts/serve.ts, as `npm start` runs it) on one PostgreSQL database and one
// local chain, for the fault tests: each instance runs its own local executor on the shared database, as
// Vercel's many instances would share one. An instance can be killed with SIGKILL (no clean-up at all) and
// started again. The chain runs in a process of its own (scripts/chain.ts); a fault proxy may sit between
// the instances and it.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { applyMigrations } from "@/lib/db/migrate";
import { ensureBuild, testDistDir } from "@/scripts/lib/app-build";
import { spawnProductionServer } from "@/scripts/lib/production-server";
import { freePort } from "@/scripts/lib/ports";

export const logDir = mkdtempSync(join(tmpdir(), "tp-faults-"));
const log = (msg: string) => console.log(`[cluster] ${msg}`);

export const buildApp = () => ensureBuild(join(logDir, "build.log"), log);

/** A fresh database with every migration, on the test run's PostgreSQL server (not the run's own database). */
export async function freshDatabase(testDatabaseUrl: string) {
  const name = `tp_faults_${Date.now().toString(36)}_${process.pid}`;
  const admin = new URL(testDatabaseUrl);
  admin.pathname = "/postgres";
  const adminQuery = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  await applyMigrations(url.toString());
  const sql = new pg.Pool({ connectionString: url.toString(), max: 4 });
  return {
    url: url.toString(),
    sql,
    drop: async () => {
      await sql.end().catch(() => {});
      if (process.env.FAULTS_KEEP_DATABASE) return console.log(`[cluster] database kept: ${url}`);
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export { startChainProcess as startChain } from "../../scripts/lib/chain-process";

export interface Instance {
  name: string;
  url: string;
  pid: number;
  output(): string;
  /** SIGKILL: no handler runs, nothing is flushed or handed back. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
  alive(): boolean;
}

export interface ClusterOptions {
  databaseUrl: string;
  chainRpcUrl: string;
  /** Extra environment for every instance (e.g. RATE_LIMIT_GENERAL_PER_MINUTE, JOBS_LEASE_MS). */
  env?: Record<string, string>;
}

/** Starts one production server; resolves once GET /api/health answers. */
export async function startInstance(name: string, options: ClusterOptions): Promise<Instance> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_DIST_DIR: testDistDir,
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: options.databaseUrl,
    LOCAL_CHAIN_RPC_URL: options.chainRpcUrl,
    // As `npm start` runs without Inngest keys: the embedded executor drives the functions in every instance.
    INNGEST_DEV_EXECUTOR: "1",
    ALLOW_LOCAL_CHAIN: "1",
    WEBHOOK_ALLOW_LOOPBACK: "1",
    // The same secrets in every instance, as a deployment shares them.
    AUTH_SECRET: "faults-auth-secret-only-for-fault-tests-0123456789",
    ENCRYPTION_KEY: "faults-encryption-key-only-for-fault-tests-0123456789",
    // FAULTS_LOG_LEVEL=info keeps the instances' logs (saved under logDir when they stop).
    LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? "silent",
    DATABASE_POOL_SIZE: "6",
    ...options.env,
  };
  for (const variable of ["INNGEST_SIGNING_KEY", "INNGEST_EVENT_KEY", "TRUSTED_PROXY", "LOCAL_BUNDLER_URL", "NODE_ENV", "VITEST", "VITEST_WORKER_ID", "VITEST_POOL_ID"]) {
    delete env[variable];
  }
  const child: ChildProcess = spawnProductionServer("127.0.0.1", port, env, ["ignore", "pipe", "pipe"]);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  for (let i = 0; ; i++) {
    if (!alive()) throw new Error(`instance ${name} exited before answering:\n${output.slice(-4000)}`);
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok) break;
    } catch {}
    if (i > 400) {
      child.kill("SIGKILL"); // not left running after the test gave up on it
      throw new Error(`instance ${name} did not answer /api/health:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  const save = () => writeFileSync(join(logDir, `${name}-${child.pid}.log`), output);
  return {
    name,
    url,
    pid: child.pid!,
    output: () => output,
    alive,
    async kill9() {
      child.kill("SIGKILL");
      await exited;
      save();
    },
    async stop() {
      if (alive()) {
        child.kill("SIGTERM");
        const done = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 10_000))]);
        if (!done) child.kill("SIGKILL");
        await exited;
      }
      save();
    },
  };
}

export async function startCluster(count: number, options: ClusterOptions): Promise<Instance[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => startInstance(`app${i + 1}`, options)));
}

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
  instance: string;
}

/**
 * Sends a request to the instances in turn (round robin). With `retry`, a request that got no answer
 * (the instance died) or a 5xx goes to the next live instance, up to `retry` times, as a client with a
 * load balancer in front would; pass an Idempotency-Key with writes so a retry cannot do them twice.
 */
export class Client {
  private next = 0;
  readonly counts = { sent: 0, answered: 0, noAnswer: 0, status5xx: 0, retried: 0 };
  constructor(public instances: Instance[]) {}

  async request(method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string>; retry?: number } = {}): Promise<Answer> {
    const retries = options.retry ?? 0;
    for (let attempt = 0; ; attempt++) {
      const live = this.instances.filter((i) => i.alive());
      const instance = live[this.next++ % live.length];
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers["content-type"] = "application/json";
      this.counts.sent++;
      try {
        const response = await fetch(instance.url + path, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(60_000),
        });
        const text = await response.text();
        this.counts.answered++;
        if (response.status >= 500) this.counts.status5xx++;
        const answer = { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers, instance: instance.name };
        if (response.status < 500 || attempt >= retries) return answer;
      } catch (error) {
        this.counts.noAnswer++;
        if (attempt >= retries) throw error;
      }
      this.counts.retried++;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async ok(method: string, path: string, options: Parameters<Client["request"]>[2] = {}) {
    const answer = await this.request(method, path, options);
    if (answer.status >= 300) throw new Error(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)} (${answer.instance})`);
    return answer.body;
  }
}

/** Runs `work` for each item with at most `concurrency` at once; resolves to the results in order. */
export async function pooled<T, R>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until<T>(what: string, check: () => Promise<T | false | null | undefined>, timeoutMs: number, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}
