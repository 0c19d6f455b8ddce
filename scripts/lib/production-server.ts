// How `npm start` and the benchmarks run the production server (scripts/serve.ts): under this Node, with tsx.
import { spawn, type StdioOptions } from "node:child_process";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");

export function spawnProductionServer(host: string, port: number, env: NodeJS.ProcessEnv, stdio: StdioOptions) {
  return spawn(process.execPath, ["--import", "tsx", join(root, "scripts/serve.ts")], {
    cwd: root,
    env: { ...env, NODE_ENV: "production", HOST: host, PORT: String(port) },
    stdio,
  });
}
