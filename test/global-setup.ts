// Once per `npm test` run: a throwaway PostgreSQL database with every migration applied, a real local
// chain (Hardhat EDR over HTTP), and a local executor running the app's Inngest functions (the one
// transaction path included) — the same parts `npm run dev` starts. Everything is torn down at the end.
// The database is created on TEST_DATABASE_SERVER_URL when set (e.g. the machine's server in CI), else
// on a throwaway embedded PostgreSQL cluster in a temp directory, so tests need no server installed.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "../lib/db/migrate";
import "../lib/composition"; // the domains registered with lib/chain (the executor below runs the chain path)
import { startLocalChain } from "@/lib/chain/local/node";
import { startLocalBundler } from "@/lib/connect/user-ops/bundler";
import { registerTracing } from "@/lib/observability/tracing";
import { startSpanCollector } from "@/lib/observability/testing/span-collector";
import { startEmbeddedPostgres } from "../scripts/lib/embedded-postgres";
import { freePort } from "../scripts/lib/ports";
import { testEnv } from "./env";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    localChainRpcUrl: string;
    localBundlerUrl: string;
    spanCollectorUrl: string;
  }
}

/** The server to create the test database on: the configured one, or a throwaway embedded cluster. */
async function testServer() {
  if (process.env.TEST_DATABASE_SERVER_URL) return { url: process.env.TEST_DATABASE_SERVER_URL, stop: async () => {} };
  const dir = mkdtempSync(join(tmpdir(), "tp-test-pg-"));
  chmodSync(dir, 0o755); // as root, PostgreSQL runs as the `postgres` user, which must reach its cluster
  // A throwaway cluster need not survive a crash: no fsync.
  const server = await startEmbeddedPostgres({ dir: join(dir, "cluster"), port: await freePort(), settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" } });
  return {
    url: server.url("postgres"),
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const server = await testServer();
  const name = `tp_test_${Date.now().toString(36)}_${process.pid}`;
  await adminQuery(server.url, `CREATE DATABASE ${name}`);
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  await applyMigrations(url.toString());
  const chain = await startLocalChain({ port: 0 });
  const bundler = await startLocalBundler({ rpcUrl: chain.rpcUrl }); // alto, for Connect user operations

  Object.assign(process.env, testEnv(url.toString(), chain.rpcUrl, bundler.url));
  // The executor below is traced to a local collector, so a test can follow a trace through whichever process
  // ran its jobs. The variables are removed again: test workers (forked after this) start untraced.
  const spans = await startSpanCollector();
  Object.assign(process.env, { OTEL_EXPORTER_OTLP_ENDPOINT: spans.url, OTEL_EXPORTER_OTLP_PROTOCOL: "http/json", OTEL_BSP_SCHEDULE_DELAY: "200" });
  await registerTracing();
  for (const name of ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_PROTOCOL", "OTEL_BSP_SCHEDULE_DELAY"]) delete process.env[name];
  const { startAppExecutor: startLocalExecutor } = await import("../inngest/executor");
  const executor = await startLocalExecutor({ instanceId: "test-global" });

  project.provide("databaseUrl", url.toString());
  project.provide("localChainRpcUrl", chain.rpcUrl);
  project.provide("localBundlerUrl", bundler.url);
  project.provide("spanCollectorUrl", spans.url);
  return async () => {
    await executor.stop();
    await spans.close();
    await bundler.stop();
    await chain.stop();
    const { closePools } = await import("../lib/db");
    await closePools().catch(() => {});
    await adminQuery(server.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await server.stop();
  };
}
