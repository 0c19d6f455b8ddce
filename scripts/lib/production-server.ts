// How `npm start` and the benchmarks run the production server (scripts/serve.ts): under this Node, with tsx.
import { spawn, type StdioOptions } from "node:child_process";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");

// AsyncLocalStorage (Next.js keeps its request stores in it) on V8's context frames instead of promise hooks:
// every promise the server makes costs less (Node 24's default; measured ~2.5× on promise-heavy code).
const NODE_FLAGS = ["--experimental-async-context-frame"];

export function spawnProductionServer(host: string, port: number, env: NodeJS.ProcessEnv, stdio: StdioOptions) {
  return spawn(process.execPath, [...NODE_FLAGS, "--import", "tsx", join(root, "scripts/serve.ts")], {
    cwd: root,
    env: { ...env, NODE_ENV: "production", HOST: host, PORT: String(port) },
    stdio,
  });
}
