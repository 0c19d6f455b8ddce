// Once per `npm test` run: a throwaway PostgreSQL database with every migration applied, a real local
// chain (Hardhat EDR over HTTP), and a local executor running the app's Inngest functions (the one
// transaction path included) — the same parts `npm run dev` starts. Everything is torn down at the end.
import pg from "pg";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "../lib/db/migrate";
import { startLocalChain } from "../lib/chain/local-node";
import { testEnv } from "./env";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    localChainRpcUrl: string;
  }
}

const serverUrl = process.env.TEST_DATABASE_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const name = `tp_test_${Date.now().toString(36)}_${process.pid}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await applyMigrations(url.toString());
  const chain = await startLocalChain({ port: 0 });

  Object.assign(process.env, testEnv(url.toString(), chain.rpcUrl));
  const { startLocalExecutor } = await import("../lib/jobs");
  const executor = await startLocalExecutor({ instanceId: "test-global" });

  project.provide("databaseUrl", url.toString());
  project.provide("localChainRpcUrl", chain.rpcUrl);
  return async () => {
    await executor.stop();
    await chain.stop();
    const { pool } = await import("../lib/db");
    await pool.end().catch(() => {});
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
