// npm run bench:chain — the one transaction path against the chain's own limit, in one run on one local
// chain, in alternating rounds (medians; the machines here drift ±30% within a minute):
//  - raw pipelined: N mints signed with consecutive nonces, sent as one JSON-RPC batch, then all receipts
//    (the physical limit) vs the API with N mints in flight (POST /mint × N at once → all confirmed);
//  - raw sequential: one send + receipt at a time vs the API one mint at a time (POST, then GET
//    /v1/transactions/{id} until the client sees it confirmed);
//  - the API with 1,000 in flight (throughput must hold);
//  then once deploy latency (raw vs POST /v1/tokens → deployed); then the same app restarted with quotas on
//  (the bench tenant on growth) and off, in paired rounds of the two API figures (BENCH_PAIRED_ROUNDS, default
//  BENCH_ROUNDS): each round's on/off ratio, and their range as the noise. Also the CPU per mint of the app, the
//  database, the chain and this client, and checks that every wallet nonce is used once. The chain runs in
//  its own process, as a node beside a deployment.
// BENCH_PAIR=tracing pairs tracing on (an OTLP/HTTP exporter to a local collector that counts the spans) against
// off instead, both with quotas on.
// BENCH_DATABASE=embedded runs the app on a throwaway embedded PostgreSQL instead of 127.0.0.1:5432.
import { createWalletClient, createPublicClient, http, encodeFunctionData, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, request as httpRequest } from "node:http";
import pg from "pg";
import { artifact } from "../../lib/chain/artifacts";
import { applyMigrations } from "../../lib/db/migrate";
import { startEmbeddedPostgres } from "../lib/embedded-postgres";
import { freePort } from "../lib/ports";
import { benchDatabase, startChainProcess, startNext, percentile } from "./harness";
import { startSpanCollector } from "../../lib/observability/testing/span-collector";

const PORT = Number(process.env.BENCH_PORT ?? 3211);
const N = Number(process.env.BENCH_TXS ?? 200);
const N_SEQ = Number(process.env.BENCH_SEQUENTIAL_TXS ?? 50);
const N_MANY = Number(process.env.BENCH_MANY_TXS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PAIRED_ROUNDS = Number(process.env.BENCH_PAIRED_ROUNDS ?? ROUNDS);
const base = `http://127.0.0.1:${PORT}`;
const ERC20 = artifact("PlatformERC20");
const features = { mintable: true, burnable: true, pausable: true };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** CPU time (user + system) a process has used so far, from /proc. */
function cpuMs(pid: number | string) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100/s)
  } catch {
    return 0; // ended meanwhile
  }
}
const serverCpuMs = () => cpuMs(server.pid!);
/** The PostgreSQL server's processes (backends come and go: an upper bound on what this run cost it). */
const databaseCpuMs = () =>
  readdirSync("/proc")
    .filter((pid) => /^\d+$/.test(pid) && (() => { try { return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres"; } catch { return false; } })())
    .reduce((sum, pid) => sum + cpuMs(pid), 0);
/** This process: the benchmark's own client. */
const clientCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

// The load generator's requests: node:http on kept-alive connections. fetch (undici) cost this process
// about 1.7 ms of CPU per request, on the machine's two cores shared with the app, the database and the chain.
// It keeps every connection it opened: Node's Agent closes free ones past 256 (maxFreeSockets), so each
// 1,000 round opened 744 new connections while it was measured.
const agent = new Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: Infinity });
function api(method: string, path: string, token: string | null, body?: unknown): Promise<any> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}) };
  if (payload !== undefined) Object.assign(headers, { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) });
  return new Promise((resolve, reject) => {
    const req = httpRequest(base + path, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const json = JSON.parse(Buffer.concat(chunks).toString());
        if (res.statusCode! >= 300) reject(new Error(`${method} ${path} → ${res.statusCode} ${JSON.stringify(json)}`));
        else resolve(json);
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(payload);
  });
}

async function database() {
  if (process.env.BENCH_DATABASE !== "embedded") return { url: await benchDatabase(), label: "PostgreSQL on 127.0.0.1:5432", stop: async () => {} };
  const dir = mkdtempSync(join(tmpdir(), "tp-bench-pg-"));
  const embedded = await startEmbeddedPostgres({ dir, port: await freePort() });
  await embedded.ensureDatabase("tp_bench");
  const url = embedded.url("tp_bench");
  await applyMigrations(url);
  return { url, label: `embedded PostgreSQL ${embedded.version}`, stop: async () => (await embedded.stop(), rmSync(dir, { recursive: true, force: true })) };
}

const chain = await startChainProcess();
const db = await database();
// What the paired rounds compare: billing quotas (default) or tracing, each "on" against "off".
const PAIR = process.env.BENCH_PAIR === "tracing" ? "tracing" : "quotas";
const collector = PAIR === "tracing" ? await startSpanCollector() : null;
const serverEnv = (setting: "on" | "off") => ({
  ...(PAIR === "quotas" ? { BILLING_QUOTAS: setting } : { BILLING_QUOTAS: "on" }),
  ...(PAIR === "tracing" && setting === "on" ? { OTEL_EXPORTER_OTLP_ENDPOINT: collector!.url, OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" } : {}),
  DATABASE_URL: db.url,
  LOCAL_CHAIN_RPC_URL: chain.rpcUrl,
  INNGEST_DEV_EXECUTOR: "1",
  ALLOW_LOCAL_CHAIN: "1",
  RATE_LIMIT_GENERAL_PER_MINUTE: "1000000",
  // Quotas on: the intake's check-and-count statement runs for every write (the bench tenant is on a plan with room).
  DATABASE_POOL_SIZE: "20",
});
// The main rounds run as users run: quotas on, no tracing.
let server = await startNext(PORT, { ...serverEnv("off"), BILLING_QUOTAS: "on" });
/** The same app again, with the paired setting on or off (one server at a time: its wallet runs are the only ones). */
async function restartWith(setting: "on" | "off") {
  await new Promise<void>((resolve) => {
    server.once("exit", () => resolve());
    server.kill("SIGTERM");
  });
  server = await startNext(PORT, serverEnv(setting));
}

const sql = new pg.Client({ connectionString: db.url });
try {
  await sql.connect();
  // raw viem: one account of the chain, its own token
  const account = privateKeyToAccount(chain.accounts[1].privateKey);
  const wallet = createWalletClient({ account, chain: chain.chain, transport: http(chain.rpcUrl) });
  const batched = createPublicClient({ chain: chain.chain, transport: http(chain.rpcUrl, { batch: { batchSize: 10_000, wait: 0 } }) });
  const reader = createPublicClient({ chain: chain.chain, transport: http(chain.rpcUrl) });
  let t = performance.now();
  const deployHash = await wallet.deployContract({ abi: ERC20.abi, bytecode: ERC20.bytecode, args: ["Raw", "RAW", 18, 0n, account.address, features] } as never);
  const rawToken = (await reader.waitForTransactionReceipt({ hash: deployHash, pollingInterval: 10 })).contractAddress as Address;
  const rawDeployMs = performance.now() - t;
  const mintData = encodeFunctionData({ abi: ERC20.abi, functionName: "mint", args: [account.address, 1n] } as never);
  const fees = await reader.estimateFeesPerGas();

  const rawChainCpu: number[] = [];
  const rawPipelined = async () => {
    const chain0 = cpuMs(chain.pid);
    const t0 = performance.now();
    const nonce = await reader.getTransactionCount({ address: account.address, blockTag: "pending" });
    const signed = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        account.signTransaction({ chainId: chain.chain.id, type: "eip1559", to: rawToken, data: mintData, nonce: nonce + i, gas: 100_000n, ...fees }),
      ),
    );
    const hashes = await Promise.all(signed.map((serializedTransaction) => batched.sendRawTransaction({ serializedTransaction })));
    await Promise.all(hashes.map((hash: Hex) => batched.getTransactionReceipt({ hash })));
    const tps = N / ((performance.now() - t0) / 1000);
    rawChainCpu.push((cpuMs(chain.pid) - chain0) / N);
    return tps;
  };
  const rawSequential = async () => {
    const t0 = performance.now();
    for (let i = 0; i < N_SEQ; i++) {
      const hash = await wallet.sendTransaction({ to: rawToken, data: mintData });
      await reader.waitForTransactionReceipt({ hash, pollingInterval: 5 });
    }
    return N_SEQ / ((performance.now() - t0) / 1000);
  };

  // through the API
  const auth = await api("POST", "/auth/register", null, { email: `bench${Date.now()}@example.com`, password: "bench pass 123", company_name: "Bench", full_name: "Bench" });
  const key = (await api("POST", "/v1/api_keys", auth.access_token, { name: "bench" })).secret as string;
  const deployed = async (name: string) => {
    const token = await api("POST", "/v1/tokens", key, { name, symbol: "BEN", standard: "ERC20", network: "polygon_amoy", initial_supply: "0", decimals: 18, features });
    let status = token.status;
    while (status === "deploying") {
      await sleep(5);
      status = (await api("GET", `/v1/tokens/${token.id}`, key)).status;
    }
    if (status !== "deployed") throw new Error(`deploy ended ${status}`);
    return token.id as string;
  };
  /** Waits until none of these records is open. */
  const allEnded = async (ids: string[]) => {
    for (;;) {
      const { rows } = await sql.query("SELECT count(*)::int AS open FROM transactions WHERE id = ANY($1) AND status IN ('pending','submitted')", [ids]);
      if (rows[0].open === 0) return;
      await sleep(10);
    }
  };
  /** Mints on the warm-up token, `n` at once, until all are confirmed: a fresh server's code loaded and compiled. */
  const warmUp = async (n: number) => {
    const sent = await Promise.all(Array.from({ length: n }, () => api("POST", `/v1/tokens/${warm}/mint`, key, { to: account.address, amount: "1" })));
    await allEnded(sent.map((m) => m.id));
  };
  // Warm-up, not measured: the first deploy and mints of a fresh server load code and fill caches, and its hot
  // paths are compiled only after some hundreds of requests (the first measured round was ~25% slower). It
  // also opens the connections of the most requests in flight, which the client keeps, as a client's pool does.
  const warm = await deployed("Warm");
  await warmUp(Math.max(N, N_MANY));
  await sleep(1000);
  t = performance.now();
  const tokenId = await deployed("Bench");
  const apiDeployMs = performance.now() - t;

  const latencies: number[] = [];
  const cpuPerMint: number[] = [];
  const intakeCpu: number[] = [];
  const otherCpu = { database: [] as number[], chain: [] as number[], client: [] as number[] };
  const inFlight = async (n: number, record = true) => {
    const cpu0 = serverCpuMs();
    const database0 = databaseCpuMs();
    const chain0 = cpuMs(chain.pid);
    const client0 = clientCpuMs();
    const t0 = performance.now();
    const sent: { id: string; at: number }[] = await Promise.all(
      Array.from({ length: n }, async () => {
        const at = Date.now();
        return { id: (await api("POST", `/v1/tokens/${tokenId}/mint`, key, { to: account.address, amount: "1" })).id, at };
      }),
    );
    const intake = serverCpuMs() - cpu0; // an upper bound: the wallet's run already works meanwhile
    const ids = sent.map((s) => s.id);
    await allEnded(ids);
    const tps = n / ((performance.now() - t0) / 1000);
    const { rows } = await sql.query("SELECT id, status, extract(epoch FROM confirmed_at) * 1000 AS at FROM transactions WHERE id = ANY($1)", [ids]);
    const failed = rows.filter((r) => r.status !== "confirmed").length;
    if (failed) throw new Error(`${failed} mints did not confirm`);
    if (record) {
      const sentAt = new Map(sent.map((s) => [s.id, s.at]));
      for (const r of rows) latencies.push(Number(r.at) - sentAt.get(r.id)!);
      cpuPerMint.push((serverCpuMs() - cpu0) / n);
      otherCpu.database.push((databaseCpuMs() - database0) / n);
      otherCpu.chain.push((cpuMs(chain.pid) - chain0) / n);
      otherCpu.client.push((clientCpuMs() - client0) / n);
      intakeCpu.push(intake / n);
    }
    return tps;
  };
  /** Where one mint's time goes, one at a time (ms, medians over the rounds): see the profile line below. */
  const phases = { post: [] as number[], toConfirmed: [] as number[], seen: [] as number[], gets: [] as number[] };
  const oneAtATime = async (record = true) => {
    const t0 = performance.now();
    const mints: { id: string; sent: number; answered: number; seen: number; gets: number }[] = [];
    for (let i = 0; i < N_SEQ; i++) {
      const sent = Date.now();
      const { id } = await api("POST", `/v1/tokens/${tokenId}/mint`, key, { to: account.address, amount: "1" });
      const answered = Date.now();
      let gets = 1;
      while ((await api("GET", `/v1/transactions/${id}`, key)).status !== "confirmed") (await sleep(2), gets++);
      mints.push({ id, sent, answered, seen: Date.now(), gets });
    }
    const tps = N_SEQ / ((performance.now() - t0) / 1000);
    if (record) {
      // The app's clock (created at intake, confirmed_at when ended) against this client's: one machine.
      const { rows } = await sql.query(
        "SELECT id, extract(epoch FROM created_at) * 1000 AS created, extract(epoch FROM confirmed_at) * 1000 AS confirmed FROM transactions WHERE id = ANY($1)",
        [mints.map((m) => m.id)],
      );
      const at = new Map(rows.map((r) => [r.id, r]));
      for (const m of mints) {
        const r = at.get(m.id)!;
        phases.post.push(m.answered - m.sent);
        phases.toConfirmed.push(Number(r.confirmed) - Number(r.created));
        phases.seen.push(m.seen - Number(r.confirmed));
        phases.gets.push(m.gets);
      }
    }
    return tps;
  };

  await rawPipelined(); // the raw side's warm-up
  const rows = { rawPipelined: [] as number[], api200: [] as number[], rawSequential: [] as number[], api1: [] as number[], apiMany: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    rows.rawPipelined.push(await rawPipelined());
    rows.api200.push(await inFlight(N));
    rows.rawSequential.push(await rawSequential());
    rows.api1.push(await oneAtATime());
    rows.apiMany.push(await inFlight(N_MANY, false));
  }

  // Quotas on, in the same run: the bench tenant on a plan with room (growth, by hand as an admin activation would),
  // then rounds of the two API figures that pass the intake most, alternating as above.
  await sql.query(
    `INSERT INTO subscriptions (tenant_id, plan, status, source, current_period_start, current_period_end, updated_at)
     VALUES ($1, 'growth', 'active', 'admin', now(), now() + interval '30 days', now())
     ON CONFLICT (tenant_id) DO UPDATE SET plan = 'growth', status = 'active', source = 'admin', current_period_start = now(), current_period_end = now() + interval '30 days'`,
    [auth.tenant.id],
  );
  // Quotas on against off, paired: each round restarts the app with one setting then the other (in alternating
  // order), each warmed up as the first server was (until its mints are confirmed, so a round starts from an idle
  // wallet), so the drift of a long run (a growing database) falls on both alike. Each round's on/off ratio compares
  // neighbours in time; their spread is the noise the comparison has to beat. The first burst after a restart is
  // timed: a server stopped cleanly hands its wallet run back (scripts/serve.ts), so it does not wait for a lease.
  const paired = { on: { api200: [] as number[], api1: [] as number[] }, off: { api200: [] as number[], api1: [] as number[] } };
  const firstBurstMs: number[] = [];
  for (let round = 0; round < PAIRED_ROUNDS; round++) {
    for (const setting of round % 2 ? (["off", "on"] as const) : (["on", "off"] as const)) {
      await restartWith(setting);
      t = performance.now();
      await warmUp(N);
      firstBurstMs.push(performance.now() - t);
      await warmUp(N_MANY);
      await sleep(1000);
      paired[setting].api200.push(await inFlight(N, false));
      paired[setting].api1.push(await oneAtATime(false));
    }
  }
  const withQuotas = paired.on;
  const { rows: counted } = await sql.query("SELECT coalesce(sum(writes + local_writes), 0)::int AS n FROM billing_chain_writes WHERE tenant_id = $1", [auth.tenant.id]);

  // Every transaction of the tenant wallet: nonces 0..n-1, each once, distinct hashes.
  const { rows: nonceRows } = await sql.query(
    `SELECT count(*)::int AS n, count(DISTINCT nonce)::int AS nonces, min(nonce) AS lo, max(nonce) AS hi, count(DISTINCT hash)::int AS hashes
     FROM transactions WHERE from_address = (SELECT from_address FROM transactions WHERE token_id = $1 LIMIT 1) AND status = 'confirmed'`,
    [tokenId],
  );
  const w = nonceRows[0];
  const contiguous = w.nonces === w.n && w.hashes === w.n && w.hi - w.lo + 1 === w.n && w.lo === 0;
  const minted = await reader.readContract({ address: (await api("GET", `/v1/tokens/${tokenId}`, key)).address, abi: ERC20.abi, functionName: "totalSupply" } as never);

  const line = (label: string, xs: number[]) => `${label.padEnd(46)} ${median(xs).toFixed(1).padStart(7)} tx/s   rounds ${xs.map((x) => x.toFixed(1)).join(", ")}`;
  console.log(`\nlocal Hardhat chain over HTTP, app on ${db.label}, ${ROUNDS} alternating rounds (medians)`);
  console.log(line(`raw pipelined: ${N} signed, one batch, receipts`, rows.rawPipelined));
  console.log(line(`API ${N} in flight → all confirmed`, rows.api200));
  console.log(line(`raw sequential: send + receipt ×${N_SEQ}`, rows.rawSequential));
  console.log(line(`API one at a time: POST, GET until confirmed ×${N_SEQ}`, rows.api1));
  console.log(line(`API ${N_MANY} in flight → all confirmed`, rows.apiMany));
  const about = PAIR === "quotas" ? `bench tenant on growth; ${counted[0].n} writes counted by the intake in all` : `quotas on; ${collector!.count()} spans received by the local OTLP collector`;
  console.log(`${PAIR} on vs off, paired rounds of a restarted app (${about}):`);
  console.log(line(`  ${PAIR} on: API ${N} in flight → all confirmed`, withQuotas.api200));
  console.log(line(`  ${PAIR} off: API ${N} in flight → all confirmed`, paired.off.api200));
  console.log(line(`  ${PAIR} on: API one at a time ×${N_SEQ}`, withQuotas.api1));
  console.log(line(`  ${PAIR} off: API one at a time ×${N_SEQ}`, paired.off.api1));
  const ratios = (on: number[], off: number[]) => on.map((x, i) => x / off[i]);
  const spread = (xs: number[]) => `median ${median(xs).toFixed(2)}, rounds ${xs.map((x) => x.toFixed(2)).join(", ")} (range ${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
  console.log(`  on/off per round at ${N} in flight: ${spread(ratios(withQuotas.api200, paired.off.api200))}`);
  console.log(`  on/off per round one at a time: ${spread(ratios(withQuotas.api1, paired.off.api1))} (goal: 1 within the range)`);
  console.log(`  first burst of ${N} after each restart → confirmed: ${firstBurstMs.map((x) => (x / 1000).toFixed(1)).join(", ")} s (a wallet run left leased would add its lease, 30 s)`);
  console.log(
    `one at a time, per mint (medians): POST answered ${median(phases.post).toFixed(1)} ms; record created → confirmed (app) ${median(phases.toConfirmed).toFixed(1)} ms; ` +
      `confirmed → seen by the client's GET ${median(phases.seen).toFixed(1)} ms; ${median(phases.gets)} GETs per mint`,
  );
  console.log(`request → confirmed at ${N} in flight: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms (goal p50 < 1000 ms)`);
  console.log(`app CPU per mint: ${median(cpuPerMint).toFixed(2)} ms in all; during intake ≤ ${median(intakeCpu).toFixed(2)} ms per request (goal < 2 ms)`);
  console.log(`other CPU per mint at ${N} in flight: database ${median(otherCpu.database).toFixed(2)} ms, local chain ${median(otherCpu.chain).toFixed(2)} ms (${median(rawChainCpu).toFixed(2)} per raw pipelined tx), this client ${median(otherCpu.client).toFixed(2)} ms`);
  console.log(`ratio API/raw at ${N} in flight: ${(median(rows.api200) / median(rows.rawPipelined)).toFixed(2)} of pipelined (goal ≥ 0.45); one at a time: ${(median(rows.api1) / median(rows.rawSequential)).toFixed(2)} of sequential (goal ≥ 0.4); ${N_MANY} in flight: ${(median(rows.apiMany) / median(rows.api200)).toFixed(2)} of ${N} in flight (goal ≥ 1)`);
  console.log(`wallet: ${w.n} confirmed, nonces ${contiguous ? "0.." + w.hi + " contiguous, hashes distinct" : `NOT contiguous: ${JSON.stringify(w)}`}; token supply ${minted} = ${ROUNDS * (N + N_SEQ + N_MANY) + PAIRED_ROUNDS * 2 * (N + N_SEQ)} mints of the bench token`);
  console.log(`deploy latency: raw ${rawDeployMs.toFixed(0)} ms, API POST /v1/tokens → deployed ${apiDeployMs.toFixed(0)} ms, ratio ${(apiDeployMs / rawDeployMs).toFixed(1)}× (goal ≤ 3×)`);
} finally {
  await sql.end().catch(() => {});
  server.kill("SIGTERM");
  await chain.stop();
  await db.stop();
  await collector?.close();
}
