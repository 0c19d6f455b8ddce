// `npm run dev` (next dev) and `npm start` (next start, after `npm run build`): the whole product on one
// machine. Starts the database (embedded unless DATABASE_URL is set), applies migrations, fills in local
// secrets, then runs Next.js with that environment and stops everything on Ctrl-C.
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { ensureLocalSecrets } from "./lib/secrets";
import { startDatabase } from "./lib/database";

const root = resolve(import.meta.dirname, "..");
const prod = process.argv.includes("--prod");
const port = process.env.PORT ?? "3000";
const dataDir = process.env.DATA_DIR ?? join(root, ".data");
const log = (msg: string) => console.log(`[dev] ${msg}`);

const database = await startDatabase(process.env.EMBEDDED_DB_NAME ?? "token-platform", log);
const env: NodeJS.ProcessEnv = { NEXT_TELEMETRY_DISABLED: "1", ...process.env, ...ensureLocalSecrets(dataDir), DATABASE_URL: database.url, PORT: port };
if (database.embedded) {
  env.DATABASE_EMBEDDED = "1";
  // The embedded server multiplexes connections onto one session and mixes up concurrent extended-protocol
  // messages ("bind message supplies 3 parameters…"): one connection, queries queued by the pool.
  env.DATABASE_POOL_SIZE = "1";
}
// `next start` runs with NODE_ENV=production; without Inngest keys, our own executor still runs the functions.
if (prod && !process.env.INNGEST_SIGNING_KEY) env.INNGEST_DEV_EXECUTOR = "1";

const next = spawn(join(root, "node_modules/.bin/next"), [prod ? "start" : "dev", "-p", port, "-H", process.env.HOST ?? "127.0.0.1"], {
  cwd: root,
  env,
  stdio: "inherit",
});
log(`app on http://${process.env.HOST ?? "127.0.0.1"}:${port} (API at /v1, reference at /docs)`);

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  next.kill("SIGTERM");
  await database.close().catch(() => {});
  process.exit(code);
}
next.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
