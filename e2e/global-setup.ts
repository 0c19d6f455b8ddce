// Builds the app (`npm run build` into its own dist dir) and starts it the way `npm start` does
// (scripts/dev.ts --prod): a fresh embedded PostgreSQL in a temp directory, a local chain, the app and the
// database on free ports, explicit test secrets (npm start refuses to generate them). Nothing collides
// with a developer's `npm run dev`. The tests read the URL from E2E_BASE_URL.
// Beside it, the same build under the stock `next start` (scripts/dev.ts --prod --next-start: the server
// Vercel runs) on its own database and chain, for the "next-start" project (the API spec); its URL is
// E2E_NEXT_START_URL. E2E_NEXT_START=0 skips it.
// The build is redone only when a source file is newer than it (or with E2E_BUILD=1).
//   E2E_BASE_URL=http://…  use an app that is already running (no build, no start); with
//   E2E_CHAIN_RPC_URL=…    its local chain, so the test can watch a deployment take a few blocks' time
//   E2E_SKIP_BUILD=1       reuse the last e2e build whatever changed since
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../scripts/lib/ports";
import { ensureBuild, testDistDir } from "../scripts/lib/app-build";

const root = resolve(import.meta.dirname, "..");
const distDir = testDistDir;
const log = (msg: string) => console.log(`[e2e] ${msg}`);

/** Until scripts/dev.ts prints its banner: the database, the chain and the app all answer. */
async function waitUntilUp(child: ChildProcess, output: () => string) {
  for (let i = 0; i < 360; i++) {
    if (child.exitCode !== null) throw new Error(`the app exited early:\n${output().slice(-4000)}`);
    if (output().includes("Token Platform is ready")) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the app did not start:\n${output().slice(-4000)}`);
}

export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) {
    log(`using the running app at ${process.env.E2E_BASE_URL}`);
    return;
  }
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" };
  const started = Date.now();
  // tsconfig.json already lists .next-e2e's type globs, so the build leaves it unchanged.
  await ensureBuild(join(mkdtempSync(join(tmpdir(), "tp-e2e-build-")), "build.log"), log, distDir);

  const launches = await Promise.allSettled([
    startServer("npm start", ["scripts/dev.ts", "--prod"], env),
    ...(process.env.E2E_NEXT_START === "0" ? [] : [startServer("next start", ["scripts/dev.ts", "--prod", "--next-start"], env)]),
  ]);
  const servers = launches.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failed = launches.find((s) => s.status === "rejected");
  if (failed) {
    await Promise.all(servers.map((server) => server.stop())); // one that started is stopped again
    throw failed.reason;
  }
  const [app, stock] = servers;
  log(`app on ${app.base}${stock ? `, next start on ${stock.base}` : ""}, ready ${Math.round((Date.now() - started) / 1000)} s after start`);
  process.env.E2E_BASE_URL = app.base;
  if (stock) process.env.E2E_NEXT_START_URL = stock.base;
  // The test holds blocks back for a moment to watch a token deploy (evm_setAutomine on the local chain).
  if (app.chain) process.env.E2E_CHAIN_RPC_URL = app.chain;

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}

/** scripts/dev.ts with these arguments on free ports, a fresh embedded database and its own local chain. */
async function startServer(label: string, args: string[], env: NodeJS.ProcessEnv) {
  const workDir = mkdtempSync(join(tmpdir(), "tp-e2e-"));
  chmodSync(workDir, 0o755); // as root, PostgreSQL runs as the `postgres` user, which must reach its cluster
  const port = await freePort();
  const appEnv: NodeJS.ProcessEnv = {
    ...env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: workDir, // the embedded cluster goes to DATA_DIR/postgres
    EMBEDDED_DB_PORT: String(await freePort()),
    LOCAL_CHAIN_PORT: "0",
    AUTH_SECRET: "e2e-auth-secret-only-for-browser-tests-0123456789",
    ENCRYPTION_KEY: "e2e-encryption-key-only-for-browser-tests-0123456789",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
    // Production defaults refuse both; the browser tests deliver a webhook to a local receiver and
    // deploy on a test network served by the local chain.
    WEBHOOK_ALLOW_LOOPBACK: "1",
    ALLOW_LOCAL_CHAIN: "1",
    BILLING_TEST_NETWORKS: "1", // a test stand: crypto checkout on the local chain (e2e/billing.spec.ts)
    // Each test is its own client behind one proxy hop (e2e/helpers.ts sends X-Forwarded-For), as users reach
    // a deployment through its load balancer: the per-IP sign-in limit (10 a minute) counts per test, not for
    // the whole run from 127.0.0.1.
    TRUSTED_PROXY: "1",
  };
  // The embedded defaults, whatever the developer's shell has set.
  for (const name of ["DATABASE_URL", "LOCAL_CHAIN_RPC_URL", "EMBEDDED_DB_NAME", "NEXTAUTH_URL", "INNGEST_SIGNING_KEY", "INNGEST_EVENT_KEY"]) delete appEnv[name];
  let output = "";
  const child = spawn(join(root, "node_modules/.bin/tsx"), args, { cwd: root, env: appEnv, stdio: ["ignore", "pipe", "pipe"], detached: true });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const stop = async () => {
    writeFileSync(join(workDir, "app.log"), output);
    const exited = new Promise((r) => child.once("exit", r));
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {}
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    try {
      process.kill(-child.pid!, "SIGKILL"); // the whole group: next's workers and the embedded database included
    } catch {}
    if (process.env.E2E_KEEP_LOGS) log(`${label}: logs kept in ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(child, () => output);
  } catch (error) {
    await stop();
    throw new Error(`${label}: ${(error as Error).message}`);
  }
  const chain = /^ +chain +(http:\/\/\S+)/m.exec(output)?.[1];
  return { base: `http://127.0.0.1:${port}`, chain, stop };
}
