// `npm run dev` (next dev) and `npm start` (next start, after `npm run build`): the whole product on one
// machine. Starts the database (embedded unless DATABASE_URL is set), applies migrations, fills in local
// secrets, then runs Next.js with that environment and stops everything on Ctrl-C.
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { ensureLocalSecrets } from "./lib/secrets";
import { startDatabase } from "./lib/database";
import { createPublicClient, http } from "viem";
import { startLocalChain } from "../lib/chain/local-node";
import { forgetLocalChainState } from "../lib/chain/local-reset";

const root = resolve(import.meta.dirname, "..");
const prod = process.argv.includes("--prod");
const port = process.env.PORT ?? "3000";
const dataDir = process.env.DATA_DIR ?? join(root, ".data");
const log = (msg: string) => console.log(`[dev] ${msg}`);

const database = await startDatabase(process.env.EMBEDDED_DB_NAME ?? "token-platform", log);
// LOCAL_CHAIN_RPC_URL points at a node you run yourself (e.g. `npx tsx scripts/chain.ts`); else one starts here.
const chain = process.env.LOCAL_CHAIN_RPC_URL
  ? { rpcUrl: process.env.LOCAL_CHAIN_RPC_URL, stop: async () => {} }
  : await startLocalChain({ port: Number(process.env.LOCAL_CHAIN_PORT ?? 8545) });
log(`local chain on ${chain.rpcUrl}: serves every network without RPC_URL_<NETWORK>`);
const blockNumber = await createPublicClient({ transport: http(chain.rpcUrl) }).getBlockNumber();
const reset = await forgetLocalChainState(database.url, blockNumber);
if (reset.tokens || reset.transactions) {
  log(`the local chain starts empty: marked ${reset.tokens} token(s) and ${reset.transactions} transaction(s) of the previous run as failed`);
}
const env: NodeJS.ProcessEnv = { NEXT_TELEMETRY_DISABLED: "1", ...process.env, ...ensureLocalSecrets(dataDir), DATABASE_URL: database.url, PORT: port, LOCAL_CHAIN_RPC_URL: chain.rpcUrl };
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
  await chain.stop().catch(() => {});
  await database.close().catch(() => {});
  process.exit(code);
}
next.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
