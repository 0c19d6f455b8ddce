// Data survives an app restart, on the embedded database and on PostgreSQL: the real `npm run dev`
// stack is started, used over HTTP, stopped, started again and used with the same credentials.
import { afterAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { freePort } from "../scripts/lib/ports";

const root = resolve(import.meta.dirname, "..");
// The embedded cluster lives in here (DATA_DIR/postgres), never in the developer's .data.
const dataDir = mkdtempSync(join(tmpdir(), "tp-restart-"));
chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the `postgres` user, which must reach its cluster

async function startApp(env: Record<string, string | undefined>) {
  const port = await freePort();
  const child = spawn(join(root, "node_modules/.bin/tsx"), ["scripts/dev.ts"], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir, NEXT_DIST_DIR: ".next-restart-test", LOG_LEVEL: "info", LOCAL_CHAIN_PORT: "0", LOCAL_CHAIN_RPC_URL: undefined },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  child.on("exit", () => writeFileSync(join(dataDir, `app-${port}.log`), output));
  const base = `http://127.0.0.1:${port}`;
  // dev.ts prints its banner once the database, the chain and the app all answer.
  for (let i = 0; i < 480 && !output.includes("Token Platform is ready"); i++) {
    if (child.exitCode !== null) throw new Error(`app exited early:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  if (!output.includes("Token Platform is ready")) throw new Error(`app did not start:\n${output}`);
  const banner = output.slice(output.indexOf("Token Platform is ready"));
  expect(banner).toContain(`API       ${base}/v1`);
  expect((await fetch(`${base}/v1/networks`)).status).toBe(401);
  return { base, child, banner };
}

async function stopApp(child: ChildProcess) {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  try {
    process.kill(-child.pid!, "SIGKILL"); // the whole group: next's own workers included
  } catch {}
}

const post = (base: string, path: string, body: object, token?: string) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

const get = (base: string, path: string, token: string) =>
  fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => ({ status: r.status, body: await r.json() }));

async function roundTrip(env: Record<string, string | undefined>) {
  const email = `restart${Date.now()}@example.com`;
  const first = await startApp(env);
  let secret: string;
  let tokenId: string;
  try {
    const reg = await post(first.base, "/auth/register", { email, password: "restart pass 1", company_name: "R", full_name: "R" });
    expect(reg.status).toBe(201);
    const key = await post(first.base, "/v1/api_keys", { name: "survives" }, reg.body.access_token);
    expect(key.status).toBe(201);
    secret = key.body.secret;
    // a token on the embedded local chain, deployed through the app's own executor
    const token = await post(first.base, "/v1/tokens", { name: "Gone", symbol: "GON", standard: "ERC20", network: "polygon_amoy" }, secret);
    expect(token.status).toBe(201);
    tokenId = token.body.id;
    let status = token.body.status;
    for (let i = 0; i < 300 && status === "deploying"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await get(first.base, `/v1/tokens/${tokenId}`, secret)).body.status;
    }
    expect(status).toBe("deployed");
  } finally {
    await stopApp(first.child);
  }
  const second = await startApp(env);
  try {
    const login = await post(second.base, "/auth/login", { email, password: "restart pass 1" });
    expect(login.status).toBe(200);
    expect((await get(second.base, "/v1/networks", secret)).status).toBe(200);
    // Next.js itself routes these: unknown paths and wrong methods still answer in the envelope
    const unknown = await get(second.base, `/v1/tokens/${tokenId}/no-such-thing`, secret);
    expect(unknown).toMatchObject({ status: 404, body: { error: { type: "invalid_request_error", code: "route_not_found", status: 404 } } });
    expect((await post(second.base, "/auth/nope", {})).body.error.code).toBe("route_not_found");
    const wrongMethod = await fetch(`${second.base}/v1/networks`, { method: "DELETE", headers: { authorization: `Bearer ${secret}` } });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET");
    expect((await wrongMethod.json()).error.code).toBe("method_not_allowed");
    // the new local chain is empty: the token says so instead of pointing at a contract that vanished
    const token = await get(second.base, `/v1/tokens/${tokenId}`, secret);
    expect(token.body.status).toBe("failed");
    expect(token.body.failure_reason).toMatch(/local development chain was restarted/);
  } finally {
    await stopApp(second.child);
  }
  return [first.banner, second.banner];
}

afterAll(async () => {
  if (!process.env.KEEP_TEST_LOGS) rmSync(dataDir, { recursive: true, force: true });
});

describe("restart", () => {
  it("keeps data on the embedded database", { timeout: 240_000 }, async () => {
    const port = await freePort();
    const banners = await roundTrip({ DATABASE_URL: undefined, EMBEDDED_DB_NAME: "restart_test", EMBEDDED_DB_PORT: String(port) });
    expect(existsSync(join(dataDir, "postgres/PG_VERSION"))).toBe(true);
    for (const banner of banners) expect(banner).toMatch(new RegExp(`database +embedded PostgreSQL 17\\.\\d+, data in ${dataDir}/postgres, 127\\.0\\.0\\.1:${port} database restart_test`));
  });

  it("keeps data on PostgreSQL", { timeout: 240_000 }, async () => {
    // A database of its own on the suite's server: the app it starts resets the records of its (new) local
    // chain and runs an executor, which must not touch the other test files' records.
    const server = new URL(inject("databaseUrl"));
    const name = `restart_${Date.now()}`;
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    try {
      const banners = await roundTrip({ DATABASE_URL: url.toString() });
      for (const banner of banners) {
        expect(banner).toContain(`database  PostgreSQL at ${url.host} (DATABASE_URL)`);
        if (url.password) expect(banner).not.toContain(url.password);
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
  });
});
