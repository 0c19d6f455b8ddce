// npm run bench:load — a realistic mix against the production server (scripts/serve.ts, as `npm start` runs it)
// with its embedded executor, on PostgreSQL (BENCH_DATABASE_URL, default a `tp_bench_load` database on
// 127.0.0.1:5432, created afresh) and a local chain in its own process:
//  1. the mix, BENCH_SECONDS (60) at BENCH_CONNECTIONS (50) closed-loop connections over several tenants:
//     80% reads (a token, a balance, a transaction, list pages), 15% writes (mints, transfers), 5% management
//     (webhook endpoints and API keys made and deleted), with webhooks delivered to a local receiver;
//     throughput, p50/p95/p99 and errors per class, 5xx counted apart (must be zero);
//  2. the bare handler (GET /api/health) at the same connections in the same run, before and after the mix;
//  3. the confirmed-write rate of the mix against raw pipelined transactions measured in the same run;
//  4. a soak: BENCH_SOAK_SECONDS (600) at BENCH_SOAK_RATE (20) requests/s of the same mix, printing the
//     server's resident memory and the database's open connections at the start, along the way and at the end.
// Exit code 1 on any 5xx, a webhook lost, or connections beyond the pools' sizes.
import { Worker } from "node:worker_threads";
import { readFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { createPublicClient, createWalletClient, encodeFunctionData, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import pg from "pg";
import { artifact } from "../../lib/chain/artifacts";
import { benchDatabase, percentile, startChainProcess, startNext } from "./harness";

const PORT = Number(process.env.BENCH_PORT ?? 3213);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const BARE_SECONDS = Number(process.env.BENCH_BARE_SECONDS ?? 10);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const SOAK_RATE = Number(process.env.BENCH_SOAK_RATE ?? 20);
const TENANTS = Number(process.env.BENCH_TENANTS ?? 6);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
const RAW_TXS = 200;
const base = `http://127.0.0.1:${PORT}`;
const ERC20 = artifact("PlatformERC20");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
process.env.BENCH_DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/tp_bench_load";

// node:http on kept-alive connections: fetch costs the load generator far more CPU per request (scripts/bench/chain.ts).
const agent = new Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: Infinity });
interface Answer {
  status: number;
  body: any;
}
function call(method: string, path: string, token: string | null, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (payload !== undefined) Object.assign(headers, { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) });
  return new Promise((resolve, reject) => {
    const req = httpRequest(base + path, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString();
        let json: unknown = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {}
        resolve({ status: res.statusCode!, body: json });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(payload);
  });
}
async function ok(method: string, path: string, token: string | null, body?: unknown) {
  const answer = await call(method, path, token, body);
  if (answer.status >= 300) throw new Error(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The webhook receiver in a thread of its own, as a real receiver runs elsewhere; it reports each webhook-id. */
async function startReceiverThread() {
  const worker = new Worker(
    `const { parentPort } = require("node:worker_threads");
     const server = require("node:http").createServer((req, res) => {
       req.resume();
       req.on("end", () => { parentPort.postMessage({ id: String(req.headers["webhook-id"]) }); res.writeHead(200).end(); });
     });
     server.keepAliveTimeout = 30000;
     server.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: server.address().port }));`,
    { eval: true },
  );
  const port = await new Promise<number>((resolve) => worker.once("message", (m: { port: number }) => resolve(m.port)));
  const received = new Map<string, number>();
  worker.on("message", (m: { id?: string }) => m.id && received.set(m.id, (received.get(m.id) ?? 0) + 1));
  return { worker, url: `http://127.0.0.1:${port}/hooks`, received };
}

interface Tenant {
  id: string;
  key: string;
  session: string;
  token: string;
  tokenAddress: Address;
  wallet: string;
  transactions: string[];
  endpoints: string[];
  apiKeys: string[];
}

type Klass = "read" | "write" | "manage";
interface Sample {
  klass: Klass;
  ms: number;
  status: number; // 0: no answer
  /** For a 5xx: the request and the envelope's code (the server's log has the cause). */
  what?: string;
}

const recipient = () => `0x${Math.floor(Math.random() * 2 ** 32).toString(16).padStart(40, "0")}`;
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];

/** One request of the mix for a random tenant: 80% reads, 15% writes, 5% management. */
async function mixed(tenants: Tenant[], receiverUrl: string): Promise<Sample> {
  const t = pick(tenants);
  const roll = Math.random() * 100;
  let klass: Klass;
  let run: () => Promise<Answer>;
  let label = "";
  const labelled = (method: string, path: string, token: string | null, body?: unknown) => ((label = `${method} ${path}`), call(method, path, token, body));
  if (roll < 80) {
    klass = "read";
    const r = roll / 80;
    if (r < 0.25) run = () => labelled("GET", `/v1/tokens/${t.token}`, t.key);
    else if (r < 0.5) run = () => labelled("GET", `/v1/tokens/${t.token}/balance?address=${t.wallet}&nft_token_id=0`, t.key);
    else if (r < 0.75) run = () => labelled("GET", `/v1/transactions/${pick(t.transactions)}`, t.key);
    else if (r < 0.875) run = () => labelled("GET", `/v1/transactions?limit=20`, t.key);
    else run = () => labelled("GET", `/v1/tokens?limit=20`, t.key);
  } else if (roll < 95) {
    klass = "write";
    const op = roll < 90 ? "mint" : "transfer";
    run = async () => {
      const answer = await labelled("POST", `/v1/tokens/${t.token}/${op}`, t.key, { to: recipient(), amount: "1" });
      if (answer.status === 201 && t.transactions.length < 500) t.transactions.push(answer.body.id);
      return answer;
    };
  } else {
    klass = "manage";
    const r = Math.random();
    if (r < 0.5) {
      run = async () => {
        if (t.endpoints.length >= 3) return labelled("DELETE", `/v1/webhook_endpoints/${t.endpoints.shift()}`, t.key);
        const answer = await labelled("POST", "/v1/webhook_endpoints", t.key, { url: receiverUrl, events: ["token.paused"] });
        if (answer.status === 201) t.endpoints.push(answer.body.id);
        return answer;
      };
    } else {
      run = async () => {
        if (t.apiKeys.length >= 3) return labelled("DELETE", `/v1/api_keys/${t.apiKeys.shift()}`, t.session);
        const answer = await labelled("POST", "/v1/api_keys", t.session, { name: "bench", environment: "test" });
        if (answer.status === 201) t.apiKeys.push(answer.body.id);
        return answer;
      };
    }
  }
  const started = performance.now();
  try {
    const answer = await run();
    const what = answer.status >= 500 ? `${label} → ${answer.status} ${answer.body?.error?.code ?? ""}` : undefined;
    return { klass, ms: performance.now() - started, status: answer.status, what };
  } catch {
    return { klass, ms: performance.now() - started, status: 0 };
  }
}

/** `connections` closed loops of `one` for `seconds`. */
async function closedLoop<T>(seconds: number, connections: number, one: () => Promise<T>) {
  const until = Date.now() + seconds * 1000;
  const results: T[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) results.push(await one());
    }),
  );
  return { results, seconds: (performance.now() - started) / 1000 };
}

function summary(samples: Sample[], seconds: number) {
  const ms = samples.map((s) => s.ms);
  const statuses: Record<string, number> = {};
  for (const s of samples) if (s.status >= 300 || s.status === 0) statuses[s.status || "no answer"] = (statuses[s.status || "no answer"] ?? 0) + 1;
  return {
    count: samples.length,
    rps: samples.length / seconds,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    errors: samples.filter((s) => s.status >= 400 || s.status === 0).length,
    fivexx: samples.filter((s) => s.status >= 500).length,
    statuses,
    fivexxRequests: samples.flatMap((s) => (s.what ? [s.what] : [])),
  };
}
const row = (label: string, s: ReturnType<typeof summary>) =>
  `${label.padEnd(34)} ${s.rps.toFixed(1).padStart(7)} req/s  p50 ${s.p50.toFixed(1).padStart(6)} ms  p95 ${s.p95.toFixed(1).padStart(6)} ms  p99 ${s.p99.toFixed(1).padStart(6)} ms  ` +
  `errors ${s.errors} (5xx ${s.fivexx})${Object.keys(s.statuses).length ? ` ${JSON.stringify(s.statuses)}` : ""}` +
  (s.fivexxRequests.length ? `\n    5xx: ${s.fivexxRequests.join("; ")}` : "");

/** Resident memory of a process, MB (VmRSS). */
function rssMb(pid: number) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : NaN;
}

const chain = await startChainProcess();
const url = await benchDatabase();
const receiver = await startReceiverThread();
const server = await startNext(PORT, {
  DATABASE_URL: url,
  LOCAL_CHAIN_RPC_URL: chain.rpcUrl,
  INNGEST_DEV_EXECUTOR: "1",
  ALLOW_LOCAL_CHAIN: "1",
  WEBHOOK_ALLOW_LOOPBACK: "1",
  // Several tenants at 50 connections go far past 100 requests a minute each.
  RATE_LIMIT_GENERAL_PER_MINUTE: "100000000",
  DATABASE_POOL_SIZE: String(POOL_SIZE),
  // Not silent: an unhandled error (a 5xx's cause) goes to stderr, shown here; request lines go to stdout, dropped.
  LOG_LEVEL: "error",
});
const sql = new pg.Client({ connectionString: url });
let failed = false;
try {
  await sql.connect();
  const connectionsOpen = async () =>
    (await sql.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")).rows[0].n as number;

  // Tenants: a key, a session (API keys are managed with it), a deployed token with supply in the tenant
  // wallet (transfers spend it), a webhook endpoint at the receiver, and some transactions to read.
  console.log(`setting up ${TENANTS} tenants…`);
  const tenants: Tenant[] = [];
  for (let i = 0; i < TENANTS; i++) {
    const reg = await ok("POST", "/auth/register", null, { email: `load${Date.now()}${i}@example.com`, password: "bench pass 123", company_name: `Load ${i}`, full_name: "Load" });
    const key = (await ok("POST", "/v1/api_keys", reg.access_token, { name: "load", environment: "test" })).secret as string;
    const token = await ok("POST", "/v1/tokens", key, {
      name: `Load ${i}`, symbol: `LD${i}`, standard: "ERC20", network: "polygon_amoy", initial_supply: "1000000000", decimals: 0,
      features: { mintable: true, burnable: false, pausable: false },
    });
    await ok("POST", "/v1/webhook_endpoints", key, { url: receiver.url, events: ["token.minted", "token.transferred", "transaction.confirmed"] });
    tenants.push({ id: reg.tenant.id, key, session: reg.access_token, token: token.id, tokenAddress: "0x" as Address, wallet: "", transactions: [], endpoints: [], apiKeys: [] });
  }
  for (const t of tenants) {
    for (;;) {
      const token = await ok("GET", `/v1/tokens/${t.token}`, t.key);
      if (token.status === "deployed") {
        t.tokenAddress = token.address;
        break;
      }
      if (token.status === "failed") throw new Error(`token deploy failed: ${token.failure_reason}`);
      await sleep(50);
    }
    t.wallet = (await sql.query("SELECT from_address FROM transactions WHERE token_id = $1 LIMIT 1", [t.token])).rows[0].from_address;
    for (let k = 0; k < 5; k++) t.transactions.push((await ok("POST", `/v1/tokens/${t.token}/mint`, t.key, { to: recipient(), amount: "1" })).id);
  }

  // Raw pipelined: N mints signed with consecutive nonces, one JSON-RPC batch, all receipts (the chain's own limit).
  const account = privateKeyToAccount(chain.accounts[1].privateKey);
  const wallet = createWalletClient({ account, chain: chain.chain, transport: http(chain.rpcUrl) });
  const batched = createPublicClient({ chain: chain.chain, transport: http(chain.rpcUrl, { batch: { batchSize: 10_000, wait: 0 } }) });
  const reader = createPublicClient({ chain: chain.chain, transport: http(chain.rpcUrl) });
  const features = { mintable: true, burnable: true, pausable: true };
  const deployHash = await wallet.deployContract({ abi: ERC20.abi, bytecode: ERC20.bytecode, args: ["Raw", "RAW", 18, 0n, account.address, features] } as never);
  const rawToken = (await reader.waitForTransactionReceipt({ hash: deployHash, pollingInterval: 10 })).contractAddress as Address;
  const mintData = encodeFunctionData({ abi: ERC20.abi, functionName: "mint", args: [account.address, 1n] } as never);
  const rawPipelined = async () => {
    const fees = await reader.estimateFeesPerGas();
    const t0 = performance.now();
    const nonce = await reader.getTransactionCount({ address: account.address, blockTag: "pending" });
    const signed = await Promise.all(
      Array.from({ length: RAW_TXS }, (_, i) => account.signTransaction({ chainId: chain.chain.id, type: "eip1559", to: rawToken, data: mintData, nonce: nonce + i, gas: 100_000n, ...fees })),
    );
    const hashes = await Promise.all(signed.map((serializedTransaction) => batched.sendRawTransaction({ serializedTransaction })));
    await Promise.all(hashes.map((hash: Hex) => batched.getTransactionReceipt({ hash })));
    return RAW_TXS / ((performance.now() - t0) / 1000);
  };

  // Warm-up (not measured): JIT, lazily loaded modules, the client's connections.
  console.log("warming up…");
  await rawPipelined();
  await closedLoop(5, CONNECTIONS, () => mixed(tenants, receiver.url));
  const health = async (): Promise<Sample> => {
    const started = performance.now();
    try {
      const answer = await call("GET", "/api/health", null);
      return { klass: "read", ms: performance.now() - started, status: answer.status };
    } catch {
      return { klass: "read", ms: performance.now() - started, status: 0 };
    }
  };
  await closedLoop(2, CONNECTIONS, health);

  // Measured: bare, raw, mix, raw, bare (the machine drifts; both baselines bracket the mix).
  const bare1 = await closedLoop(BARE_SECONDS, CONNECTIONS, health);
  const raw1 = await rawPipelined();
  const { rows: [{ mark }] } = await sql.query("SELECT max(id) AS mark FROM transactions");
  const eventsBefore = (await sql.query("SELECT max(id) AS mark FROM events")).rows[0].mark as string;
  console.log(`mix: ${SECONDS} s at ${CONNECTIONS} connections over ${TENANTS} tenants…`);
  const mixStart = Date.now();
  const mix = await closedLoop(SECONDS, CONNECTIONS, () => mixed(tenants, receiver.url));
  const mixEnd = Date.now();
  const raw2 = await rawPipelined();
  const bare2 = await closedLoop(BARE_SECONDS, CONNECTIONS, health);

  // The mix's writes: until all are final, then their rate from the mix's start to the last confirmation.
  let open = 1;
  while (open > 0 && Date.now() - mixEnd < 120_000) {
    open = (await sql.query("SELECT count(*)::int AS n FROM transactions WHERE id > $1 AND status IN ('pending', 'submitted')", [mark])).rows[0].n;
    if (open) await sleep(100);
  }
  const writes = (
    await sql.query(
      `SELECT count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed, count(*) FILTER (WHERE status <> 'confirmed')::int AS other,
         extract(epoch FROM max(confirmed_at) AT TIME ZONE 'UTC') * 1000 AS last
       FROM transactions WHERE id > $1 AND kind IN ('token.mint', 'token.transfer')`,
      [mark],
    )
  ).rows[0];
  const writeRate = writes.confirmed / ((Number(writes.last) - mixStart) / 1000);
  const rawRate = (raw1 + raw2) / 2;

  // Webhooks of the mix: each event to each subscribed endpoint (the tenants' main endpoints) once.
  const expectedEvents = async () =>
    (
      await sql.query(
        `SELECT count(*)::int AS n, array_agg(e.id) AS ids FROM events e JOIN webhook_endpoints w ON w.tenant_id = e.tenant_id AND e.type = ANY (w.events)
         WHERE e.id > $1 AND w.url = $2 AND w.status = 'enabled' AND 'transaction.confirmed' = ANY (w.events)`,
        [eventsBefore, receiver.url],
      )
    ).rows[0] as { n: number; ids: string[] | null };
  let expected = await expectedEvents();
  const deliveredOf = () => (expected.ids ?? []).filter((id) => receiver.received.has(id)).length;
  const webhookWait = Date.now();
  while (deliveredOf() < expected.n && Date.now() - webhookWait < 120_000) {
    await sleep(250);
    expected = await expectedEvents();
  }
  const delivered = deliveredOf();
  const duplicates = (expected.ids ?? []).reduce((n, id) => n + Math.max(0, (receiver.received.get(id) ?? 0) - 1), 0);

  const all = summary(mix.results, mix.seconds);
  const bare = summary([...bare1.results, ...bare2.results], bare1.seconds + bare2.seconds);
  console.log(`\nmixed load: ${SECONDS} s, ${CONNECTIONS} connections, ${TENANTS} tenants, production server (scripts/serve.ts), pool ${POOL_SIZE}`);
  console.log(row("all", all));
  for (const klass of ["read", "write", "manage"] as const) console.log(row(`  ${klass}`, summary(mix.results.filter((s) => s.klass === klass), mix.seconds)));
  console.log(row("bare handler GET /api/health", bare));
  console.log(`mix throughput / bare handler: ${(all.rps / bare.rps).toFixed(2)}; p50 ${(all.p50 / bare.p50).toFixed(1)}×, p99 ${(all.p99 / bare.p99).toFixed(1)}× the bare handler's`);
  console.log(
    `confirmed writes: ${writes.confirmed} (not confirmed: ${writes.other}) at ${writeRate.toFixed(1)}/s from the mix's start to the last confirmation; ` +
      `raw pipelined ${rawRate.toFixed(1)} tx/s (${raw1.toFixed(1)}, ${raw2.toFixed(1)}); ratio ${(writeRate / rawRate).toFixed(2)} ` +
      `(the mix offers writes at ${(summary(mix.results.filter((s) => s.klass === "write"), mix.seconds).rps).toFixed(1)}/s: bounded by the mix, not the chain)`,
  );
  console.log(`webhooks: ${delivered}/${expected.n} delivered to the receiver, ${duplicates} duplicates, ${expected.n - delivered} missing (waited ${((Date.now() - webhookWait) / 1000).toFixed(1)} s after the mix)`);
  if (all.fivexx || bare.fivexx) console.log(`FAIL: ${all.fivexx + bare.fivexx} answers were 5xx`);
  if (delivered < expected.n || writes.other) console.log("FAIL: webhooks missing or writes not confirmed");
  failed ||= all.fivexx + bare.fivexx > 0 || delivered < expected.n || writes.other > 0;

  // Soak: a lower, steady rate (open loop); memory and connections sampled along the way.
  if (SOAK_SECONDS > 0) {
    console.log(`\nsoak: ${SOAK_SECONDS} s at ${SOAK_RATE} requests/s of the same mix…`);
    const samples: { at: number; rss: number; connections: number }[] = [];
    const sample = async () => samples.push({ at: Math.round((Date.now() - soakStart) / 1000), rss: rssMb(server.pid!), connections: await connectionsOpen() });
    const soakStart = Date.now();
    await sample();
    const results: Sample[] = [];
    const inFlight = new Set<Promise<void>>();
    let nextSample = soakStart + 30_000;
    for (let i = 0; Date.now() - soakStart < SOAK_SECONDS * 1000; i++) {
      const due = soakStart + (i * 1000) / SOAK_RATE;
      if (due > Date.now()) await sleep(due - Date.now());
      const p: Promise<void> = mixed(tenants, receiver.url).then((s) => void results.push(s));
      inFlight.add(p);
      p.finally(() => inFlight.delete(p));
      if (Date.now() >= nextSample) {
        nextSample += 30_000;
        await sample();
      }
    }
    await Promise.all(inFlight);
    await sample();
    const soak = summary(results, (Date.now() - soakStart) / 1000);
    const first = samples[0];
    const last = samples.at(-1)!;
    const half = samples.slice(Math.floor(samples.length / 2));
    const maxConnections = Math.max(...samples.map((s) => s.connections));
    // The server's pools: the request pool, plus two side pools of half its size (lib/db.ts).
    const poolMax = POOL_SIZE + 2 * Math.max(2, Math.ceil(POOL_SIZE / 2));
    console.log(row("soak", soak));
    console.log(`resident memory: start ${first.rss.toFixed(0)} MB, end ${last.rss.toFixed(0)} MB, max ${Math.max(...samples.map((s) => s.rss)).toFixed(0)} MB; second half ${Math.min(...half.map((s) => s.rss)).toFixed(0)}–${Math.max(...half.map((s) => s.rss)).toFixed(0)} MB`);
    console.log(`open database connections: start ${first.connections}, end ${last.connections}, max ${maxConnections} (the server's pools allow ${poolMax})`);
    console.log(`samples (s: MB, connections): ${samples.map((s) => `${s.at}: ${s.rss.toFixed(0)}, ${s.connections}`).join("; ")}`);
    if (soak.fivexx) console.log(`FAIL: ${soak.fivexx} answers were 5xx during the soak`);
    if (maxConnections > poolMax) console.log("FAIL: more connections than the pools allow");
    failed ||= soak.fivexx > 0 || maxConnections > poolMax;
  }
} finally {
  await sql.end().catch(() => {});
  server.kill("SIGTERM");
  await receiver.worker.terminate();
  await chain.stop();
}
process.exitCode = failed ? 1 : 0;
