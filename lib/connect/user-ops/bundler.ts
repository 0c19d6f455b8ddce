// The bundler of each network: BUNDLER_URL_<NETWORK> when set, else the local alto started next to the
// local chain (LOCAL_BUNDLER_URL, by `npm run dev` and by the tests) for the networks it serves.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { invalidRequest } from "@/lib/core/errors";
import { chainTarget } from "@/lib/chain/network/clients";
import { localAccounts } from "@/lib/chain/local/accounts";
import { connectBase } from "@/lib/connect/local/setup";

/** Local accounts alto signs with: 17 executes bundles, 18 is its utility wallet (19 is the platform signer). */
export const ALTO_EXECUTOR_ACCOUNT_INDEX = 17;
export const ALTO_UTILITY_ACCOUNT_INDEX = 18;

const envName = (network: string) => `BUNDLER_URL_${network.toUpperCase()}`;

/** The bundler URL of the network, or a 400 when none serves it here. */
export function bundlerUrl(network: string): string {
  const configured = process.env[envName(network)];
  if (configured) return configured;
  if (chainTarget(network).isLocal && process.env.LOCAL_BUNDLER_URL) return process.env.LOCAL_BUNDLER_URL;
  throw invalidRequest("bundler_unavailable", `No ERC-4337 bundler serves '${network}' here: set ${envName(network)}.`, "chain_id");
}

/** Same, null instead of an error (for listings). */
export function bundlerUrlOrNull(network: string): string | null {
  try {
    return bundlerUrl(network);
  } catch {
    return null;
  }
}

export interface LocalBundler {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * Starts alto against the local chain (which must already have the Connect base: lib/connect/local/setup.ts)
 * and resolves once it answers eth_supportedEntryPoints. Its output is kept and shown only if it fails.
 */
export async function startLocalBundler(options: { rpcUrl: string; port?: number; timeoutMs?: number }): Promise<LocalBundler> {
  const port = options.port || (await freePort());
  const accounts = localAccounts();
  const args = [
    "--require", path.join(ROOT, "lib/connect/local/alto-parent-guard.cjs"),
    path.join(ROOT, "node_modules/@pimlico/alto/esm/cli/alto.js"),
    "--entrypoints", connectBase().entryPoint,
    "--executor-private-keys", accounts[ALTO_EXECUTOR_ACCOUNT_INDEX].privateKey,
    "--utility-private-key", accounts[ALTO_UTILITY_ACCOUNT_INDEX].privateKey,
    "--rpc-url", options.rpcUrl,
    "--port", String(port),
    "--safe-mode", "false",
    // The local chain mines each transaction on arrival: poll fast, bundle at once.
    "--block-time", "100",
    "--block-number-cache-ttl", "100",
    "--min-bundle-interval", "20",
    "--max-bundle-interval", "100",
    "--refilling-wallets", "false",
    "--utility-wallet-monitor", "false",
    "--log-level", "warn",
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ALTO_PARENT_PID: String(process.pid) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    process.off("exit", killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    if (!(await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)]))) child.kill("SIGKILL");
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_supportedEntryPoints", params: [] }),
        signal: AbortSignal.timeout(2_000),
      });
      if (response.ok) return { url, stop };
    } catch {}
    await sleep(100);
  }
  await stop();
  throw new Error(`alto did not start on ${url}:\n${output.trim()}`);
}
