// npm run bench:api — requests/s of an authenticated API call (GET /v1/networks: proxy, API-key check,
// rate limit, JSON) versus a bare route handler returning constant JSON (GET /api/health), both on
// `next start` in the same run, 50 connections, alternating rounds (medians). Uses PostgreSQL at BENCH_DATABASE_URL (default: a
// `tp_bench_api` database on 127.0.0.1:5432). Spreads requests over many tenants so no 429 skews the result.
import { randomBytes, createHash } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { benchDatabase, startNext } from "./harness";

const PORT = Number(process.env.BENCH_PORT ?? 3210);
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TENANTS = 1500;

/** Inserts tenants with one test key each, straight into the tables (a benchmark fixture, not a flow). */
async function seedKeys(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("DELETE FROM rate_limit_windows");
  const run = randomBytes(4).toString("hex");
  const secrets = Array.from({ length: TENANTS }, () => `sk_test_${randomBytes(24).toString("base64url").slice(0, 32)}`);
  await client.query(
    `INSERT INTO tenants (id, company_name) SELECT 'ten_bench' || $1 || i, 'bench' FROM generate_series(0, $2 - 1) i`,
    [run, TENANTS],
  );
  await client.query(
    `INSERT INTO api_keys (id, tenant_id, name, environment, secret_hash, secret_last4, publishable)
     SELECT 'key_bench' || $1 || i, 'ten_bench' || $1 || i, 'bench', 'test', h, right(h, 4), 'pk_test_bench' || $1 || i
     FROM unnest($2::text[]) WITH ORDINALITY AS t(h, i0), LATERAL (SELECT i0 - 1 AS i) x`,
    [run, secrets.map((s) => createHash("sha256").update(s).digest("hex"))],
  );
  await client.end();
  return secrets;
}

function load(path: string, secrets?: string[]) {
  let i = 0;
  return new Promise<autocannon.Result>((ok, fail) =>
    autocannon(
      {
        url: `http://127.0.0.1:${PORT}${path}`,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: [
          {
            setupRequest: (req) =>
              secrets ? { ...req, headers: { ...req.headers, authorization: `Bearer ${secrets[i++ % secrets.length]}` } } : req,
          },
        ],
      },
      (err, result) => (err ? fail(err) : ok(result)),
    ),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const line = (name: string, rps: number, p50: number, p99: number) =>
  `${name.padEnd(34)} ${rps.toFixed(0).padStart(6)} req/s   p50 ${p50} ms   p99 ${p99} ms`;

const url = await benchDatabase();
const secrets = await seedKeys(url);
const server = await startNext(PORT, { DATABASE_URL: url, DATABASE_POOL_SIZE: "20", LOCAL_CHAIN_RPC_URL: "http://127.0.0.1:1", BILLING_QUOTAS: "off" });
try {
  // Warm-up: JIT and Next's lazily loaded modules; then alternate the two routes so drift on a shared
  // machine hits both alike, and compare medians.
  await load("/api/health");
  await load("/v1/networks", secrets.slice(0, 200));
  const bare: autocannon.Result[] = [];
  const authed: autocannon.Result[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bare.push(await load("/api/health"));
    authed.push(await load("/v1/networks", secrets));
  }
  const errors = [...bare, ...authed].reduce((n, r) => n + r.non2xx + r.errors, 0);
  const summary = (rs: autocannon.Result[]) => ({
    rps: median(rs.map((r) => r.requests.average)),
    p50: median(rs.map((r) => r.latency.p50)),
    p99: median(rs.map((r) => r.latency.p99)),
  });
  const b = summary(bare);
  const a = summary(authed);
  console.log(`\n${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s, next start (medians)`);
  console.log(line("bare handler  GET /api/health", b.rps, b.p50, b.p99));
  console.log(line("authenticated GET /v1/networks", a.rps, a.p50, a.p99));
  console.log(`rounds (authenticated/bare): ${bare.map((r, i) => (authed[i].requests.average / r.requests.average).toFixed(2)).join(", ")}`);
  console.log(`ratio authenticated/bare: ${(a.rps / b.rps).toFixed(2)} (goal ≥ 0.5, p99 < 20 ms); non-2xx or errors: ${errors}`);
} finally {
  server.kill("SIGTERM");
}
