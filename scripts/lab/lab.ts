// The chain lab: three local chains with real networks' chain ids and block times, each behind a fault proxy
// (./fault-proxy.ts) and with its own alto, and the product as `npm start` runs it
// (scripts/serve.ts through spawnProductionServer), configured only through the production variables of each
// network: RPC_URL_<NETWORK> (the proxy), BUNDLER_URL_<NETWORK>, CONFIRMATIONS_<NETWORK>, and the base
// contract settings a non-local network needs (PLATFORM_SIGNER_KEY, TREX_BASE_…, BILLING_USDC_…). Never
// LOCAL_CHAIN_RPC_URL or ALLOW_LOCAL_CHAIN. `npm run lab` and the lab tests (test/lab/) start it with startLab().
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { createPublicClient, getContractAddress, http, parseEther, type Address, type Hex } from "viem";
import { applyMigrations } from "../../lib/db/migrate";
import { localAccounts, LOCAL_PLATFORM_ACCOUNT_INDEX } from "@/lib/chain/local/accounts";
import { connectBase } from "@/lib/connect/local/setup";
import { ALTO_EXECUTOR_ACCOUNT_INDEX, ALTO_UTILITY_ACCOUNT_INDEX } from "@/lib/connect/user-ops/bundler";
import { localTrexBase } from "@/lib/trex/suite/base";
import { vrfSetupAddress } from "../../lib/vrf/base";
import { localConsumerFactory } from "../../lib/oracles/base";
import { localStablecoin } from "@/lib/billing/crypto/stablecoins";
import { ensureBuild } from "../lib/app-build";
import { spawnProductionServer } from "../lib/production-server";
import { startEmbeddedPostgres } from "../lib/embedded-postgres";
import { freePort } from "../lib/ports";
import { startFaultProxy, type Faults, type FaultProxy } from "./fault-proxy";

const root = resolve(import.meta.dirname, "../..");

export interface LabNetwork {
  name: string;
  chainId: number;
  blockMs: number;
  confirmations: number;
  /** What the network's RPC does by default (the proxy's faults at start). */
  faults: Faults;
  /** MAX_IN_FLIGHT_<NETWORK>: what an operator sets under a per-sender pending cap. */
  maxInFlight?: number;
  /** Other <SETTING>_<NETWORK> variables, by setting (e.g. MAX_FEE_PER_GAS_GWEI: "6"). */
  settings?: Record<string, string>;
}

/**
 * The lab's networks. Confirmations are the lab's choice (a few block times each), not finality. polygon_amoy's
 * fee cap (6 gwei) sits between its usual fees (~1 gwei) and a 10× spike, and its bump schedule is +12.5% every
 * 2 blocks (test/lab/fees.lab.test.ts).
 */
export const LAB_NETWORKS: LabNetwork[] = [
  {
    name: "polygon_amoy", chainId: 80002, blockMs: 2_000, confirmations: 3, faults: { maxPendingPerSender: 16 }, maxInFlight: 16,
    settings: { MAX_FEE_PER_GAS_GWEI: "6", FEE_BUMP_BLOCKS: "2", FEE_BUMP_PERCENT: "12.5" },
  },
  { name: "base_sepolia", chainId: 84532, blockMs: 2_000, confirmations: 2, faults: {} },
  { name: "arbitrum_sepolia", chainId: 421614, blockMs: 250, confirmations: 4, faults: { noMempool: true } },
];

export interface LabChain {
  network: LabNetwork;
  /** The node itself (the lab's own calls: funding, halting, base fee). */
  nodeUrl: string;
  proxy: FaultProxy;
  bundlerUrl: string | null;
  /** Why alto did not start, when it did not. */
  bundlerError: string | null;
}

export interface Lab {
  appUrl: string;
  databaseUrl: string;
  chains: LabChain[];
  env: Record<string, string>;
  /** Seconds each part took to come up. */
  timings: Record<string, number>;
  appOutput(): string;
  stop(): Promise<void>;
}

const say = (log: (msg: string) => void, started: number, what: string) => log(`${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

/** A child process of the lab: its output kept (the last 20 KB) and shown when it fails. */
function child(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const proc: ChildProcess = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  proc.stdout!.on("data", keep);
  proc.stderr!.on("data", keep);
  const exited = new Promise<void>((done) => proc.once("exit", () => done()));
  return {
    proc,
    output: () => output,
    alive: () => proc.exitCode === null && proc.signalCode === null,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill("SIGTERM");
      if (!(await Promise.race([exited.then(() => true), sleep(8_000).then(() => false)]))) proc.kill("SIGKILL");
      await exited;
    },
  };
}

async function startChain(network: LabNetwork) {
  const node = child(process.execPath, ["--import", "tsx", join(root, "scripts/lab/chain.ts")], {
    ...process.env, LAB_CHAIN_ID: String(network.chainId), LAB_BLOCK_MS: String(network.blockMs), LOCAL_CHAIN_PORT: "0",
  });
  for (let waited = 0; ; waited += 100) {
    const ready = /lab chain ready: (\S+)/.exec(node.output());
    if (ready) return { url: ready[1], stop: node.stop };
    if (!node.alive() || waited > 180_000) throw new Error(`the ${network.name} lab chain did not start:\n${node.output()}`);
    await sleep(100);
  }
}

/**
 * alto for one chain, talking to the node directly as a bundler service does. Not in safe mode: alto's ERC-7562
 * checks run geth's JavaScript tracer, which the local node (EDR) does not have (bundlers on chains without a
 * tracer run the same way); our validators' ERC-7562 storage rule is tested on opcode traces instead.
 */
async function startAlto(network: LabNetwork, nodeUrl: string) {
  const port = await freePort();
  const accounts = localAccounts();
  const poll = String(Math.min(network.blockMs, 1_000));
  const alto = child(process.execPath, [
    "--require", join(root, "lib/connect/local/alto-parent-guard.cjs"),
    join(root, "node_modules/@pimlico/alto/esm/cli/alto.js"),
    "--entrypoints", connectBase().entryPoint,
    "--executor-private-keys", accounts[ALTO_EXECUTOR_ACCOUNT_INDEX].privateKey,
    "--utility-private-key", accounts[ALTO_UTILITY_ACCOUNT_INDEX].privateKey,
    "--rpc-url", nodeUrl,
    "--port", String(port),
    "--safe-mode", "false",
    "--block-time", poll,
    "--refilling-wallets", "false",
    "--utility-wallet-monitor", "false",
    "--log-level", "warn",
  ], { ...process.env, ALTO_PARENT_PID: String(process.pid) });
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 60_000; waited += 200) {
    if (!alto.alive()) break;
    try {
      const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_supportedEntryPoints", params: [] }), signal: AbortSignal.timeout(2_000) });
      if (response.ok) return { url, error: null, stop: alto.stop };
    } catch {}
    await sleep(200);
  }
  await alto.stop();
  return { url: null, error: alto.output().trim().split("\n").slice(-15).join("\n"), stop: async () => {} };
}

/** A fresh database: on LAB_DATABASE_SERVER_URL / TEST_DATABASE_SERVER_URL when set, else a throwaway embedded cluster. */
async function startDatabase() {
  const serverUrl = process.env.LAB_DATABASE_SERVER_URL ?? process.env.TEST_DATABASE_SERVER_URL;
  let server = { url: serverUrl ?? "", stop: async () => {} };
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), "tp-lab-pg-"));
    chmodSync(dir, 0o755);
    const embedded = await startEmbeddedPostgres({ dir: join(dir, "cluster"), port: await freePort(), settings: { fsync: "off", synchronous_commit: "off" } });
    server = { url: embedded.url("postgres"), stop: async () => (await embedded.stop(), rmSync(dir, { recursive: true, force: true })) };
  }
  const name = `tp_lab_${Date.now().toString(36)}_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  await applyMigrations(url.toString());
  return {
    url: url.toString(),
    stop: async () => {
      if (!process.env.LAB_KEEP_DATABASE) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await server.stop();
    },
  };
}

/** The production variables of the lab's networks, as an operator would set them for real ones. */
export function productionEnv(chains: LabChain[]): Record<string, string> {
  const env: Record<string, string> = {
    // The platform signer owns the T-REX factory the lab chains got at start (the local account that deployed it).
    PLATFORM_SIGNER_KEY: localAccounts()[LOCAL_PLATFORM_ACCOUNT_INDEX].privateKey,
  };
  for (const { network, proxy, bundlerUrl } of chains) {
    const N = network.name.toUpperCase();
    env[`RPC_URL_${N}`] = proxy.url;
    if (bundlerUrl) env[`BUNDLER_URL_${N}`] = bundlerUrl;
    env[`CONFIRMATIONS_${N}`] = String(network.confirmations);
    if (network.maxInFlight) env[`MAX_IN_FLIGHT_${N}`] = String(network.maxInFlight);
    for (const [setting, value] of Object.entries(network.settings ?? {})) env[`${setting}_${N}`] = value;
    // Base contracts at the addresses the lab chains got them (the same start-up as the local chain's).
    env[`TREX_BASE_${N}`] = JSON.stringify(localTrexBase());
    env[`PRICE_CONSUMER_FACTORY_${N}`] = localConsumerFactory();
    env[`VRF_CONSUMER_FACTORY_${N}`] = getContractAddress({ from: vrfSetupAddress(), nonce: 1n }); // lib/vrf/base: its second creation
    env[`BILLING_USDC_${N}`] = localStablecoin("USDC");
    env[`BILLING_USDT_${N}`] = localStablecoin("USDT");
  }
  return env;
}

async function startApp(databaseUrl: string, labEnv: Record<string, string>, distDir: string, extraEnv: Record<string, string>) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: databaseUrl,
    INNGEST_DEV_EXECUTOR: "1", // as `npm start` runs without Inngest keys
    WEBHOOK_ALLOW_LOOPBACK: "1", // the lab's webhook receivers live on this machine
    AUTH_SECRET: process.env.AUTH_SECRET ?? "lab-auth-secret-only-for-the-chain-lab-0123456789",
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? "lab-encryption-key-only-for-the-chain-lab-0123456789",
    LOG_LEVEL: process.env.LAB_LOG_LEVEL ?? "warn",
    ...labEnv,
    ...extraEnv,
  };
  // Never the local-chain shortcut: every network is configured as a real one.
  for (const name of ["LOCAL_CHAIN_RPC_URL", "LOCAL_BUNDLER_URL", "ALLOW_LOCAL_CHAIN", "INNGEST_SIGNING_KEY", "INNGEST_EVENT_KEY", "NODE_ENV", "VITEST", "VITEST_WORKER_ID", "VITEST_POOL_ID"]) delete env[name];
  const app = spawnProductionServer("127.0.0.1", port, env, ["ignore", "pipe", "pipe"]);
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-50_000));
  app.stdout!.on("data", keep);
  app.stderr!.on("data", keep);
  const exited = new Promise<void>((done) => app.once("exit", () => done()));
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 200) {
    if (app.exitCode !== null || app.signalCode !== null) throw new Error(`the app exited before answering:\n${output.slice(-4000)}`);
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok) break;
    } catch {}
    if (waited > 120_000) throw new Error(`the app did not answer /api/health:\n${output.slice(-4000)}`);
    await sleep(200);
  }
  return {
    url,
    output: () => output,
    async stop() {
      if (app.exitCode !== null || app.signalCode !== null) return;
      app.kill("SIGTERM");
      if (!(await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]))) app.kill("SIGKILL");
      await exited;
    },
  };
}

export interface LabOptions {
  log?: (msg: string) => void;
  networks?: LabNetwork[];
  distDir?: string;
  /** More of the app's environment (npm run bench:lab: no API rate limit, no quotas). */
  appEnv?: Record<string, string>;
}

export async function startLab(options: LabOptions = {}): Promise<Lab> {
  const log = options.log ?? ((msg: string) => console.log(`[lab] ${msg}`));
  const networks = options.networks ?? LAB_NETWORKS;
  const distDir = options.distDir ?? process.env.NEXT_DIST_DIR ?? ".next-lab";
  const started = Date.now();
  const timings: Record<string, number> = {};
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const part of stops.reverse()) await part().catch(() => {});
  };
  try {
    const mark = (name: string, since: number) => (timings[name] = (Date.now() - since) / 1000);
    let since = Date.now();
    const buildLog = join(tmpdir(), `tp-lab-build-${process.pid}.log`);
    const [database] = await Promise.all([startDatabase(), ensureBuild(buildLog, log, distDir)]);
    stops.push(database.stop);
    mark("database and build", since);
    say(log, started, `database ${database.url.replace(/\/\/[^@]*@/, "//")} and the build in ${distDir} ready`);

    since = Date.now();
    const chains: LabChain[] = [];
    for (const network of networks) {
      // One after the other: each start deploys the base contracts (CPU-bound), two cores are shared.
      const node = await startChain(network);
      stops.push(node.stop);
      const proxy = await startFaultProxy(node.url, { faults: network.faults });
      stops.push(proxy.stop);
      chains.push({ network, nodeUrl: node.url, proxy, bundlerUrl: null, bundlerError: null });
      say(log, started, `${network.name}: chain id ${network.chainId}, a block every ${network.blockMs} ms at ${node.url}, RPC (fault proxy) ${proxy.url}`);
    }
    mark("chains", since);

    since = Date.now();
    const altos = await Promise.all(chains.map((c) => startAlto(c.network, c.nodeUrl)));
    altos.forEach((alto, i) => {
      stops.push(alto.stop);
      chains[i].bundlerUrl = alto.url;
      chains[i].bundlerError = alto.error;
      say(log, started, alto.url ? `${chains[i].network.name}: alto at ${alto.url}` : `${chains[i].network.name}: alto did not start:\n${alto.error}`);
    });
    mark("bundlers", since);

    since = Date.now();
    const env = productionEnv(chains);
    const app = await startApp(database.url, env, distDir, options.appEnv ?? {});
    stops.push(app.stop);
    mark("app", since);
    timings.total = (Date.now() - started) / 1000;
    say(log, started, `the product (npm start's server) answers at ${app.url}`);
    return { appUrl: app.url, databaseUrl: database.url, chains, env, timings, appOutput: app.output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Sends `amount` of the chain's native coin from a funded Hardhat account (0) to `to`, and waits for it to mine. */
export async function fund(nodeUrl: string, to: Address, amount = parseEther("100")): Promise<void> {
  const client = createPublicClient({ transport: http(nodeUrl) });
  const hash = (await client.request({
    method: "eth_sendTransaction" as never,
    params: [{ from: localAccounts()[0].address, to, value: `0x${amount.toString(16)}` }] as never,
  })) as Hex;
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 100 });
  if (receipt.status !== "success") throw new Error(`funding ${to} failed (${hash})`);
}
