// Shared by the benchmarks: a PostgreSQL database with migrations, and the production server (built if needed).
import { spawn, type ChildProcess } from "node:child_process";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import pg from "pg";
import { applyMigrations } from "../../lib/db/migrate";
import { spawnProductionServer } from "../lib/production-server";
import { ensureBuild } from "../lib/app-build";
import { startChainProcess as startChainOnly } from "../lib/chain-process";
import { localChainDefinition } from "@/lib/chain/local/node";
import { LOCAL_CHAIN_ID, localAccounts } from "@/lib/chain/local/accounts";

export const root = resolve(import.meta.dirname, "../..");

/** BENCH_DATABASE_URL, default a fresh database per benchmark script on 127.0.0.1:5432, migrated (tp_bench_chain, tp_bench_api…): two benchmarks at once never drop each other's. */
export async function benchDatabase() {
  const script = basename(process.argv[1] ?? "bench").replace(/\.[cm]?[jt]s$/, "").replace(/\W/g, "_");
  const url = process.env.BENCH_DATABASE_URL ?? `postgresql://postgres@127.0.0.1:5432/tp_bench_${script}`;
  const admin = new pg.Client({ connectionString: new URL("/postgres", url).toString() });
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  await applyMigrations(url);
  return url;
}

export async function startNext(port: number, env: Record<string, string>): Promise<ChildProcess> {
  // The build the tests share, redone when a source is newer (a stale build would measure old code).
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  await ensureBuild(join(tmpdir(), `bench-build-${process.pid}.log`), (line) => console.log(line), distDir);
  // As `npm start` runs it (scripts/dev.ts --prod): the production server, scripts/serve.ts.
  const child = spawnProductionServer(
    "127.0.0.1",
    port,
    {
      ...process.env,
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret!!",
      ENCRYPTION_KEY: "bench-encryption-key-bench-encryption-key",
      LOG_LEVEL: "silent",
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
      ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
    },
    ["ignore", "ignore", "inherit"],
  );
  // Up to 3 minutes: on a machine shared with builds, the server's start alone has taken over a minute.
  for (let i = 0; i < 720; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL"); // not left behind holding the port
  throw new Error("the production server (scripts/serve.ts) did not come up");
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** The local chain in its own process (scripts/lib/chain-process.ts), with its viem definition and accounts. */
export async function startChainProcess() {
  const chain = await startChainOnly();
  return { ...chain, chain: localChainDefinition(LOCAL_CHAIN_ID, chain.rpcUrl), accounts: localAccounts() };
}
