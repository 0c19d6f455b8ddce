// `npm run dev` (next dev) and `npm start` (scripts/serve.ts, after `npm run build`): the whole product on one
// machine. Starts the database (embedded unless DATABASE_URL is set) and applies migrations, starts the
// local chain, then runs Next.js with that environment. Once every part answers it prints one banner
// saying where everything is; a part that cannot start stops the others with one line naming the part
// and the fix (exit 1). Ctrl-C stops everything.
// `--prod --next-start` runs the stock `next start` (the server Vercel runs) instead of scripts/serve.ts, with
// the same database, chain and environment: the end-to-end API tests run against both (playwright.config.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createPublicClient, http } from "viem";
import { ensureLocalSecrets, requireProductionSecrets } from "./lib/secrets";
import { startDatabase } from "./lib/database";
import { portIsFree } from "./lib/ports";
import { StartupError } from "./lib/startup-error";
import { spawnProductionServer } from "./lib/production-server";
import "../lib/composition/base-contracts"; // what the local chain installs at start
import { startLocalChain } from "@/lib/chain/local/node";
import { forgetLocalChainState } from "@/lib/chain/local/reset";
import { startDevBundler } from "@/lib/connect/local/dev-bundler";
import { LOCAL_GATEWAY_SIGNER } from "../lib/confidential/local-gateway";

const startedAt = performance.now();
const root = resolve(import.meta.dirname, "..");
const prod = process.argv.includes("--prod");
const stockServer = prod && process.argv.includes("--next-start");
const host = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(process.env.DATA_DIR ?? join(root, ".data"));
const log = (msg: string) => console.log(`[dev] ${msg}`);
// `next dev` compiles a route on its first request, which takes a while on a small machine.
const APP_READY_TIMEOUT_MS = 300_000;

// What has been started, stopped in reverse order (Ctrl-C, a failed part, or the app exiting).
const running: (() => Promise<unknown>)[] = [];
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const stopPart of running.reverse()) await stopPart().catch(() => {});
  process.exit(code);
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

try {
  await start();
} catch (error) {
  // A Ctrl-C during start-up also ends the parts under way: that is no failure to report.
  if (!stopping) console.error(`[dev] ${error instanceof StartupError ? error.message : `start-up failed: ${(error as Error).stack ?? error}`}`);
  await stop(1);
}

async function start() {
  if (prod || process.env.NODE_ENV === "production") requireProductionSecrets();
  if (!(await portIsFree(port, host))) throw new StartupError(`the app port ${host}:${port} is taken: set PORT=…`);

  const database = await startDatabase(dataDir, log);
  running.push(database.close);
  const chain = await startChain();
  running.push(chain.stop);
  const bundler = await startDevBundler(chain.rpcUrl, log);
  running.push(bundler.stop);
  const reset = await forgetLocalChainState(database.url, chain.fresh, chain.blockNumber);
  if (reset.tokens || reset.transactions || reset.subscriptions) {
    log(`the local chain starts empty: marked ${reset.tokens} token(s) and ${reset.transactions} transaction(s) of the previous run as failed; ${reset.subscriptions} log subscription(s) follow the new chain`);
  }

  const secrets = prod || process.env.NODE_ENV === "production" ? {} : ensureLocalSecrets(dataDir);
  const env: NodeJS.ProcessEnv = { NEXT_TELEMETRY_DISABLED: "1", ...process.env, ...secrets, DATABASE_URL: database.url, PORT: String(port), LOCAL_CHAIN_RPC_URL: chain.rpcUrl, ...bundler.env };
  // Production runs with NODE_ENV=production; without Inngest keys, our own executor still runs the functions.
  if (prod && !process.env.INNGEST_SIGNING_KEY) env.INNGEST_DEV_EXECUTOR = "1";
  if (!prod) env.WEBHOOK_ALLOW_LOOPBACK ??= "1"; // webhooks to a receiver on this machine (lib/webhooks/addresses.ts)
  // Confidential decrypt requests answered by the local test gateway (its key is public: never in production).
  if (!prod) env.CONFIDENTIAL_GATEWAY_SIGNER ??= LOCAL_GATEWAY_SIGNER;
  // Production runs scripts/serve.ts: Next.js for the pages, the API's routes straight to their handlers.
  const next = stockServer
    ? // Idle connections kept open past a load balancer's usual 60 s, as scripts/serve.ts does.
      spawn(join(root, "node_modules/.bin/next"), ["start", "-p", String(port), "-H", host, "--keepAliveTimeout", "65000"], { cwd: root, env: { ...env, NODE_ENV: "production" }, stdio: "inherit" })
    : prod
    ? spawnProductionServer(host, port, env, "inherit")
    : spawn(join(root, "node_modules/.bin/next"), ["dev", "-p", String(port), "-H", host], { cwd: root, env, stdio: "inherit" });
  running.push(() => stopChild(next));
  const base = `http://${host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host}:${port}`;
  await waitForApp(base, next);
  next.on("exit", (code) => stop(code ?? 0));

  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(
    [
      `[dev] Token Platform is ready (started in ${seconds} s)`,
      `  console   ${base}/sign-up  (sign in at ${base}/sign-in)`,
      `  API       ${base}/v1`,
      `  docs      ${base}/docs`,
      `  OpenAPI   ${base}/v1/openapi.json`,
      `  chain     ${chain.description}`,
      `  bundler   ${bundler.description}`,
      ...configuredRpcUrls().map((line) => `            ${line}`),
      `  database  ${database.description}`,
      `  Ctrl-C stops everything.`,
    ].join("\n"),
  );
}

/** The local chain, answering eth_blockNumber: started here, or yours at LOCAL_CHAIN_RPC_URL. */
async function startChain() {
  const ownUrl = process.env.LOCAL_CHAIN_RPC_URL;
  const chainPort = Number(process.env.LOCAL_CHAIN_PORT ?? 8545);
  const notStarted = `the local chain did not start on 127.0.0.1:${chainPort} (port taken?): set LOCAL_CHAIN_PORT=… or LOCAL_CHAIN_RPC_URL=…`;
  if (!ownUrl && chainPort !== 0 && !(await portIsFree(chainPort))) throw new StartupError(notStarted);
  const chain = ownUrl
    ? { rpcUrl: ownUrl, stop: async () => {} }
    : await startLocalChain({ port: chainPort }).catch((error: Error) => {
        throw new StartupError(`${notStarted} (${error.message})`);
      });
  try {
    const blockNumber = await createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0, timeout: 10_000 }) }).getBlockNumber();
    const description = ownUrl
      ? `${new URL(ownUrl).origin} (LOCAL_CHAIN_RPC_URL), for every network without RPC_URL_<NETWORK>`
      : `${chain.rpcUrl} (local Hardhat chain, started here), for every network without RPC_URL_<NETWORK>`;
    // A chain started here is new (its only blocks are the platform's start-up contracts); a node of
    // LOCAL_CHAIN_RPC_URL is new when it has no block yet.
    return { ...chain, fresh: !ownUrl || blockNumber === 0n, blockNumber, description };
  } catch {
    await chain.stop();
    throw new StartupError(
      ownUrl
        ? `the chain at LOCAL_CHAIN_RPC_URL (${new URL(ownUrl).origin}) does not answer eth_blockNumber: start it, or unset LOCAL_CHAIN_RPC_URL to start one here`
        : notStarted,
    );
  }
}

/** RPC_URL_<NETWORK> variables, by origin only: their paths often carry a provider key. */
function configuredRpcUrls() {
  return Object.entries(process.env)
    .filter(([name, value]) => /^RPC_URL_[A-Z0-9_]+$/.test(name) && value)
    .map(([name, value]) => `${name} from env: ${URL.canParse(value!) ? new URL(value!).origin : "(not a URL)"}`);
}

/** Polls GET /api/health until the app answers 200; fails if Next.js exits or never answers. */
async function waitForApp(base: string, next: ChildProcess) {
  const deadline = Date.now() + APP_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (next.exitCode !== null || next.signalCode !== null) {
      throw new StartupError(`the app (${stockServer ? "next start" : prod ? "scripts/serve.ts" : "next dev"}) exited with ${next.exitCode ?? next.signalCode} before answering: see its output above${prod ? " (run `npm run build` first?)" : ""}`);
    }
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(30_000) })).ok) return;
    } catch {}
    await sleep(250);
  }
  throw new StartupError(`the app did not answer GET ${base}/api/health within ${APP_READY_TIMEOUT_MS / 1000} s: see its output above`);
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  if (!(await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]))) child.kill("SIGKILL");
}
