// npm run bench:chain — the one transaction path against the raw chain, in one run on one local chain:
//  1. throughput: N mints sent by viem directly (sequential send + receipt) vs N mints POSTed to the API
//     (all at once) until every transaction record is confirmed; tx/s each and the ratio (goal ≥ 0.5);
//     plus p50/p95 request → confirmed latency of the API mints.
//  2. latency: raw deploy (send + receipt) vs POST /v1/tokens → status `deployed` (goal ≤ 3×).
import { createWalletClient, createPublicClient, http, encodeFunctionData, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import pg from "pg";
import { startLocalChain } from "../../lib/chain/local-node";
import { artifacts } from "../../lib/chain/artifacts";
import { benchDatabase, startNext, percentile } from "./harness";

const PORT = Number(process.env.BENCH_PORT ?? 3211);
const N = Number(process.env.BENCH_TXS ?? 200);
const base = `http://127.0.0.1:${PORT}`;
const { PlatformERC20 } = artifacts;
const features = { mintable: true, burnable: true, pausable: true };

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
  t = performance.now();
  for (let i = 0; i < N; i++) {
    const hash = await wallet.sendTransaction({ to: raw, data: mintData });
    await reader.waitForTransactionReceipt({ hash, pollingInterval: 10 });
  }
  const rawTps = N / ((performance.now() - t) / 1000);

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

  t = performance.now();
  const mints = await Promise.all(
    Array.from({ length: N }, () => api("POST", `/v1/tokens/${token.id}/mint`, key, { to: account.address, amount: "1" })),
  );
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const ids = mints.map((m) => m.id);
  for (;;) {
    const { rows } = await db.query("SELECT count(*)::int AS open FROM transactions WHERE id = ANY($1) AND status IN ('pending','submitted')", [ids]);
    if (rows[0].open === 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const apiTps = N / ((performance.now() - t) / 1000);
  const { rows } = await db.query(
    "SELECT status, extract(epoch FROM (confirmed_at - created_at)) * 1000 AS ms FROM transactions WHERE id = ANY($1)",
    [ids],
  );
  await db.end();
  const confirmed = rows.filter((r) => r.status === "confirmed");
  const latencies = confirmed.map((r) => Number(r.ms));

  console.log(`\nlocal Hardhat chain over HTTP, ${N} mints each`);
  console.log(`raw viem  sequential send + receipt   ${rawTps.toFixed(1).padStart(7)} tx/s`);
  console.log(`API       POST /mint ×${N} → confirmed   ${apiTps.toFixed(1).padStart(7)} tx/s   (${confirmed.length}/${N} confirmed; request→confirmed p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms)`);
  console.log(`ratio API/raw: ${(apiTps / rawTps).toFixed(2)} (goal ≥ 0.5)`);
  console.log(`deploy latency: raw ${rawDeployMs.toFixed(0)} ms, API POST /v1/tokens → deployed ${apiDeployMs.toFixed(0)} ms, ratio ${(apiDeployMs / rawDeployMs).toFixed(1)}× (goal ≤ 3×)`);
} finally {
  server.kill("SIGTERM");
  await chain.stop();
}
