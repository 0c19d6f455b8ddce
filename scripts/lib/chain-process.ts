// The local chain in its own process (scripts/chain.ts), with the platform's base contracts, as a node runs
// beside a deployment: the benchmarks and the multi-instance fault tests start it so that its JSON-RPC does
// not share an event loop with the load they drive.
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { freePort } from "./ports";

const root = resolve(import.meta.dirname, "../..");

export async function startChainProcess() {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "scripts/chain.ts")], {
    cwd: root,
    env: { ...process.env, LOCAL_CHAIN_PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const rpcUrl = await new Promise<string>((ready, fail) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /local chain ready: (\S+)/.exec(out);
      if (match) ready(match[1]);
    });
    child.once("exit", (code) => fail(new Error(`the local chain exited (${code}) before it was ready`)));
  });
  return {
    pid: child.pid!,
    rpcUrl,
    stop: () => new Promise<void>((done) => (child.exitCode !== null ? done() : (child.once("exit", () => done()), child.kill("SIGTERM")))),
  };
}
