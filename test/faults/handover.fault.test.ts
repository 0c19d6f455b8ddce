// A clean stop hands the wallet's run back (npm run test:faults): as in a rolling deploy, a second production
// server (scripts/serve.ts, as `npm start` runs it) is up when the first is stopped with SIGTERM while its wallet
// run follows a burst. The first leaves no lease behind, and the second finishes the burst within seconds, not
// after the lease (30 s here, the default). Mining is paused meanwhile, so the burst is mid-way (sent, not mined).
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { createPublicClient, http, type Address } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { buildApp, Client, freshDatabase, pooled, startChain, startInstance, until, type ClusterOptions, type Instance } from "./cluster";

const ERC20 = artifact("PlatformERC20");
const LEASE_MS = 30_000;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let chain: Awaited<ReturnType<typeof startChain>>;
const instances: Instance[] = [];
const sql = <T = any>(text: string, values: unknown[] = []) => database.sql.query(text, values).then((r) => r.rows as T[]);
const chainClient = () => createPublicClient({ transport: http(chain.rpcUrl) });
const step = (what: string) => console.log(`[handover] ${new Date().toISOString().slice(11, 23)} ${what}`);
const rpc = (method: string, params: unknown[] = []) => chainClient().request({ method: method as never, params: params as never });

beforeAll(async () => {
  await buildApp();
  database = await freshDatabase(inject("databaseUrl"));
  chain = await startChain();
}, 900_000);

afterAll(async () => {
  await rpc("evm_setAutomine", [true]).catch(() => {});
  await Promise.all(instances.map((i) => i.stop()));
  await chain?.stop();
  await database?.drop();
});

async function instance(name: string) {
  const options: ClusterOptions = { databaseUrl: database.url, chainRpcUrl: chain.rpcUrl, env: { JOBS_LEASE_MS: String(LEASE_MS), RATE_LIMIT_GENERAL_PER_MINUTE: "100000" } };
  const started = await startInstance(name, options);
  instances.push(started);
  return started;
}

const mints = (client: Client, key: string, tokenId: string, label: string, count: number) =>
  pooled(Array.from({ length: count }, (_, i) => i), 20, (i) =>
    client.ok("POST", `/v1/tokens/${tokenId}/mint`, { token: key, body: { to: `0x${(0xfb000000 + i).toString(16).padStart(40, "0")}`, amount: "1" }, headers: { "idempotency-key": `${label}-${i}` } }),
  );

it("SIGTERM mid-burst: no lease is left held, and the next instance confirms the burst within seconds", async () => {
  const first = await instance("first");
  step("first instance up");
  const client = new Client([first]);
  const reg = await client.ok("POST", "/auth/register", { body: { email: `handover${Date.now()}@example.com`, password: "correct horse 1", company_name: "Handover", full_name: "Hand Over" } });
  const key = (await client.ok("POST", "/v1/api_keys", { token: reg.access_token, body: { name: "handover", environment: "test" } })).secret as string;
  const created = await client.ok("POST", "/v1/tokens", {
    token: key,
    body: { name: "Handover", symbol: "HND", standard: "ERC20", network: "polygon_amoy", initial_supply: "0", decimals: 0, features: { mintable: true, burnable: false, pausable: false } },
  });
  const token = await until("token deployed", async () => {
    const t = await client.ok("GET", `/v1/tokens/${created.id}`, { token: key });
    return t.status === "deployed" && t;
  }, 60_000);

  step("token deployed");
  // The burst is sent and followed by the first instance's wallet run, and not mined.
  await rpc("evm_setAutomine", [false]);
  await mints(client, key, created.id, "before", 40);
  await until("the burst sent", async () => {
    const [{ n }] = await sql(`SELECT count(*)::int AS n FROM transactions WHERE tenant_id = $1 AND kind = 'token.mint' AND status = 'submitted'`, [reg.tenant.id]);
    return n === 40;
  }, 30_000, 50);

  const second = await instance("second");
  step("burst sent, not mined; second instance up: SIGTERM to the first");
  let t = Date.now();
  await first.stop(); // SIGTERM (SIGKILL after 10 s)
  const stopMs = Date.now() - t;
  const held = await sql<{ function_id: string }>(`SELECT id, function_id, locked_by FROM job_runs WHERE status = 'running' AND locked_by LIKE '%-' || $1 || '-%' AND locked_until > now()`, [first.pid]);

  step(`first stopped in ${stopMs} ms; runs left leased: ${JSON.stringify(held.map((r) => r.function_id))}`);
  client.instances = [second];
  await mints(client, key, created.id, "after", 20);
  step("20 more mints sent to the second: mining resumes");
  t = Date.now();
  await rpc("evm_setAutomine", [true]);
  await rpc("evm_mine");
  await until("every mint confirmed", async () => {
    const [{ open }] = await sql(`SELECT count(*)::int AS open FROM transactions WHERE tenant_id = $1 AND status IN ('pending', 'submitted')`, [reg.tenant.id]);
    if (open) await rpc("evm_mine"); // what the second instance sent after the first block
    return open === 0;
  }, 60_000, 100);
  const confirmMs = Date.now() - t;
  console.log(`[handover] first instance stopped in ${stopMs} ms, runs left held: ${held.length}; the second confirmed all 60 in ${confirmMs} ms (lease ${LEASE_MS} ms)`);

  expect(held.filter((r) => r.function_id.endsWith("process-wallet"))).toEqual([]);
  expect(confirmMs).toBeLessThan(5_000);
  // Exactly once: 60 mints on chain, the wallet's nonces contiguous.
  const records = await sql<{ status: string; nonce: number; from_address: string }>(`SELECT status, nonce, from_address FROM transactions WHERE tenant_id = $1 AND kind = 'token.mint'`, [reg.tenant.id]);
  expect(records.filter((r) => r.status === "confirmed")).toHaveLength(60);
  const nonces = records.map((r) => r.nonce).sort((a, b) => a - b);
  expect(new Set(nonces).size).toBe(60);
  expect(nonces[59] - nonces[0]).toBe(59);
  expect(await chainClient().getTransactionCount({ address: records[0].from_address as Address })).toBe(nonces[59] + 1);
  expect(await chainClient().readContract({ address: token.address, abi: ERC20.abi, functionName: "totalSupply" } as never)).toBe(60n);
  // Nothing else was left leased either (the chain's log watcher included), and the stop ended by itself, within
  // scripts/serve.ts's grace (8 s) and before the SIGKILL that follows 10 s after a SIGTERM.
  expect(held).toEqual([]);
  expect(stopMs).toBeLessThan(8_000);
}, 900_000);
