// npm run bench:chain — the one transaction path against the raw chain, in one run on one local chain:
//  1. throughput: N mints sent by viem directly (sequential send + receipt) vs N mints POSTed to the API
//     (all at once) until every transaction record is confirmed, in alternating rounds; median tx/s each
//     and the ratio (goal ≥ 0.5); plus p50/p95 request → confirmed latency of the API mints.
//  2. latency: raw deploy (send + receipt) vs POST /v1/tokens → status `deployed` (goal ≤ 3×).
import { createWalletClient, createPublicClient, http, encodeFunctionData, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { readFileSync } from "node:fs";
import pg from "pg";
import { startLocalChain } from "../../lib/chain/local-node";
import { artifacts } from "../../lib/chain/artifacts";
import { benchDatabase, startNext, percentile } from "./harness";

const PORT = Number(process.env.BENCH_PORT ?? 3211);
const N = Number(process.env.BENCH_TXS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const base = `http://127.0.0.1:${PORT}`;
const { PlatformERC20 } = artifacts;
const features = { mintable: true, burnable: true, pausable: true };

/** CPU time (user + system) the app server has used so far, from /proc. */
function serverCpuMs() {
  const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100/s)
}

async function api(method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const chain = await startLocalChain({ port: 0 });
const url = await benchDatabase();
const server = await startNext(PORT, {
  DATABASE_URL: url,
  LOCAL_CHAIN_RPC_URL: chain.rpcUrl,
  INNGEST_DEV_EXECUTOR: "1",
  RATE_LIMIT_GENERAL_PER_MINUTE: "100000",
  DATABASE_POOL_SIZE: "20",
});
try {
  // raw viem: one account, deploy then sequential mints
  const account = privateKeyToAccount(chain.accounts[1].privateKey);
  const wallet = createWalletClient({ account, chain: chain.chain, transport: http(chain.rpcUrl) });
  const reader = createPublicClient({ chain: chain.chain, transport: http(chain.rpcUrl) });
  let t = performance.now();
  const deployHash = await wallet.deployContract({ abi: PlatformERC20.abi, bytecode: PlatformERC20.bytecode, args: ["Raw", "RAW", 18, 0n, account.address, features] } as never);
  const raw = (await reader.waitForTransactionReceipt({ hash: deployHash, pollingInterval: 10 })).contractAddress as Address;
  const rawDeployMs = performance.now() - t;
  const mintData = encodeFunctionData({ abi: PlatformERC20.abi, functionName: "mint", args: [account.address, 1n] } as never);
  const rawRound = async () => {
    const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      const hash = await wallet.sendTransaction({ to: raw, data: mintData });
      await reader.waitForTransactionReceipt({ hash, pollingInterval: 10 });
    }
    return N / ((performance.now() - t0) / 1000);
  };

  // through the API
  const auth = await api("POST", "/auth/register", null, { email: `bench${Date.now()}@example.com`, password: "bench pass 123", company_name: "Bench", full_name: "Bench" });
  const key = (await api("POST", "/v1/api_keys", auth.access_token, { name: "bench" })).secret as string;
  // warm-up: the first deploy and mints of a fresh server load code and fill caches
  const warm = await api("POST", "/v1/tokens", key, { name: "Warm", symbol: "WRM", standard: "ERC20", network: "polygon_amoy", features });
  while ((await api("GET", `/v1/tokens/${warm.id}`, key)).status === "deploying") await new Promise((r) => setTimeout(r, 10));
  await Promise.all(Array.from({ length: 20 }, () => api("POST", `/v1/tokens/${warm.id}/mint`, key, { to: account.address, amount: "1" })));
  await new Promise((r) => setTimeout(r, 1000));

  t = performance.now();
  const token = await api("POST", "/v1/tokens", key, { name: "Bench", symbol: "BEN", standard: "ERC20", network: "polygon_amoy", initial_supply: "0", decimals: 18, features });
  let status = token.status;
  while (status === "deploying") {
    await new Promise((r) => setTimeout(r, 10));
    status = (await api("GET", `/v1/tokens/${token.id}`, key)).status;
  }
  const apiDeployMs = performance.now() - t;
  if (status !== "deployed") throw new Error(`deploy ended ${status}`);

  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const latencies: number[] = [];
  const serverCpuPerTx: number[] = [];
  let confirmed = 0;
  const apiRound = async () => {
    const cpu0 = serverCpuMs();
    const t0 = performance.now();
    const mints = await Promise.all(
      Array.from({ length: N }, () => api("POST", `/v1/tokens/${token.id}/mint`, key, { to: account.address, amount: "1" })),
    );
    const ids = mints.map((m) => m.id);
    for (;;) {
      const { rows } = await db.query("SELECT count(*)::int AS open FROM transactions WHERE id = ANY($1) AND status IN ('pending','submitted')", [ids]);
      if (rows[0].open === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const tps = N / ((performance.now() - t0) / 1000);
    serverCpuPerTx.push((serverCpuMs() - cpu0) / N);
    const { rows } = await db.query(
      "SELECT status, extract(epoch FROM (confirmed_at - created_at)) * 1000 AS ms FROM transactions WHERE id = ANY($1)",
      [ids],
    );
    for (const r of rows) if (r.status === "confirmed") latencies.push(Number(r.ms));
    confirmed += rows.filter((r) => r.status === "confirmed").length;
    return tps;
  };

  if (process.env.X_PROBE) {
    for (let b = 0; b < 10; b++) { const c0 = serverCpuMs(); const t0 = performance.now(); await Promise.all(Array.from({ length: 10 }, async () => { for (let i = 0; i < 50; i++) await fetch(base + "/v1/networks", { headers: { authorization: `Bearer ${key}` } }).then((r) => r.text()); })); console.log("PROBE batch", b, ((serverCpuMs() - c0) / 500).toFixed(2), "ms/req", (500 / ((performance.now() - t0) / 1000)).toFixed(0), "req/s"); }
    for (let i = 0; i < 3; i++) { const c = serverCpuMs(); await new Promise((r) => setTimeout(r, 2000)); console.log("PROBE idle CPU over 2 s", serverCpuMs() - c, "ms"); }
    for (const enc of ["gzip, deflate", "identity"]) for (const path of ["/v1/networks", `/v1/tokens/${token.id}`]) {
      const c0 = serverCpuMs();
      await Promise.all(Array.from({ length: N }, () => fetch(base + path, { headers: { authorization: `Bearer ${key}`, "accept-encoding": enc } }).then((r) => r.text())));
      console.log("PROBE GET", enc, path.slice(0, 30), ((serverCpuMs() - c0) / N).toFixed(2), "ms/req");
      const c1 = serverCpuMs();
      for (let i = 0; i < 100; i++) await fetch(base + path, { headers: { authorization: `Bearer ${key}`, "accept-encoding": enc } }).then((r) => r.text());
      console.log("PROBE seq GET", enc, path.slice(0, 30), ((serverCpuMs() - c1) / 100).toFixed(2), "ms/req");
    }
  }
  // Alternate the two so drift on a shared machine hits both alike; compare medians.
  const rawTps: number[] = [];
  const apiTps: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rawTps.push(await rawRound());
    apiTps.push(await apiRound());
  }
  // Every transaction of the tenant wallet (deploys, warm-up and measured mints): nonces 0..n-1, each once.
  const { rows: nonceRows } = await db.query(
    "SELECT count(*)::int AS n, count(DISTINCT nonce)::int AS nonces, min(nonce) AS lo, max(nonce) AS hi, count(DISTINCT hash)::int AS hashes FROM transactions WHERE token_id = ANY($1)",
    [[warm.id, token.id]],
  );
  const w = nonceRows[0];
  const contiguous = w.nonces === w.n && w.hashes === w.n && w.hi - w.lo + 1 === w.n;
  await db.end();

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`\nlocal Hardhat chain over HTTP, ${ROUNDS} alternating rounds of ${N} mints each (medians)`);
  console.log(`raw viem  sequential send + receipt   ${median(rawTps).toFixed(1).padStart(7)} tx/s   rounds ${rawTps.map((x) => x.toFixed(1)).join(", ")}`);
  console.log(`API       POST /mint ×${N} → confirmed   ${median(apiTps).toFixed(1).padStart(7)} tx/s   rounds ${apiTps.map((x) => x.toFixed(1)).join(", ")}`);
  console.log(`          app server CPU per API mint: ${serverCpuPerTx.map((x) => x.toFixed(1)).join(", ")} ms`);
  console.log(`          ${confirmed}/${N * ROUNDS} confirmed; wallet nonces ${contiguous ? "contiguous, hashes distinct" : `NOT contiguous: ${JSON.stringify(w)}`}; request→confirmed p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms`);
  console.log(`ratio API/raw: ${(median(apiTps) / median(rawTps)).toFixed(2)} (goal ≥ 0.5); per round ${rawTps.map((r, i) => (apiTps[i] / r).toFixed(2)).join(", ")}`);
  console.log(`deploy latency: raw ${rawDeployMs.toFixed(0)} ms, API POST /v1/tokens → deployed ${apiDeployMs.toFixed(0)} ms, ratio ${(apiDeployMs / rawDeployMs).toFixed(1)}× (goal ≤ 3×)`);
} finally {
  server.kill("SIGTERM");
  await chain.stop();
}
