// Module writes exactly once under faults (issue 31), on a production server as `npm start` runs it: a vault
// deposit whose request fails after its writes committed (FAULT_AFTER_COMMIT), retried with the same key; and a
// governance deployment whose instance is killed (kill -9) after its commit and before its answer, retried on a
// new instance once the claim's heartbeat has lapsed. One record of each write, one row, the first resource answered.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPublicClient, erc20Abi, http, type Address } from "viem";
import { buildApp, Client, freshDatabase, logDir, startChain, startInstance, until, type Instance } from "./cluster";

let database: Awaited<ReturnType<typeof freshDatabase>>;
let chain: Awaited<ReturnType<typeof startChain>>;
let instance: Instance | undefined;
const sql = <T = any>(text: string, values: unknown[] = []) => database.sql.query(text, values).then((r) => r.rows as T[]);

beforeAll(async () => {
  await buildApp();
  database = await freshDatabase(inject("databaseUrl"));
  chain = await startChain();
  console.log(`[faults] logs in ${logDir}`);
}, 900_000);

afterAll(async () => {
  await instance?.stop();
  await chain?.stop();
  await database?.drop();
});

const start = (name: string, env: Record<string, string> = {}) =>
  startInstance(name, { databaseUrl: database.url, chainRpcUrl: chain.rpcUrl, env: { RATE_LIMIT_GENERAL_PER_MINUTE: "1000000", BILLING_QUOTAS: "off", ...env } });

async function setUp(client: Client) {
  const reg = await client.ok("POST", "/auth/register", {
    body: { email: `modules${Date.now()}@example.com`, password: "correct horse 1", company_name: "Module Faults", full_name: "Fault Tester" },
  });
  const key = (await client.ok("POST", "/v1/api_keys", { token: reg.access_token, body: { name: "faults", environment: "test" } })).secret as string;
  const token = await client.ok("POST", "/v1/tokens", {
    token: key,
    body: { name: "Fault Votes", symbol: "FVT", standard: "ERC20", network: "polygon_amoy", initial_supply: "1000", decimals: 0, features: { mintable: true, burnable: false, pausable: false, votes: true } },
  });
  await until("token deployed", async () => (await client.ok("GET", `/v1/tokens/${token.id}`, { token: key })).status === "deployed", 120_000);
  return { tenant: reg.tenant.id as string, key, token: token.id as string };
}

describe("module writes exactly once on a production server", () => {
  it("a vault deposit that fails after its commit, retried with its key: one deposit, on chain once", { timeout: 600_000 }, async () => {
    instance = await start("modules1", { FAULT_AFTER_COMMIT: "vault.approve_asset" });
    const client = new Client([instance]);
    const { tenant, key, token } = await setUp(client);
    const vault = await client.ok("POST", "/v1/vaults", { token: key, body: { asset: token, name: "Fault Vault", symbol: "vFLT" } });
    const active = await until("vault active", async () => {
      const v = await client.ok("GET", `/v1/vaults/${vault.id}`, { token: key });
      return v.status === "active" && v;
    }, 120_000);
    const deposit = { token: key, body: { assets: "100" }, headers: { "idempotency-key": "fault-deposit" } };
    const first = await client.request("POST", `/v1/vaults/${vault.id}/deposit`, deposit);
    expect(first.status).toBe(500);
    const retry = await client.request("POST", `/v1/vaults/${vault.id}/deposit`, deposit);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    const done = await until("deposit succeeded", async () => {
      const op = await client.ok("GET", `/v1/vaults/${vault.id}/operations/${retry.body.id}`, { token: key });
      if (op.status === "failed") throw new Error(op.failure_reason);
      return op.status === "succeeded" && op;
    }, 120_000);
    const [ops] = await sql(`SELECT count(*)::int AS n FROM vault_operations WHERE vault_id = $1`, [vault.id]);
    const records = await sql(`SELECT kind, count(*)::int AS n FROM transactions WHERE tenant_id = $1 AND kind LIKE 'vault.%' GROUP BY kind ORDER BY kind`, [tenant]);
    const onChain = await createPublicClient({ transport: http(chain.rpcUrl) }).readContract({ address: active.address as Address, abi: erc20Abi, functionName: "totalSupply" });
    console.log("[faults] deposit failing after its commit:", JSON.stringify({ first: first.status, retry: retry.status, operations: ops.n, records, shares: done.shares }));
    expect(ops.n).toBe(1);
    expect(records).toEqual([{ kind: "vault.approve_asset", n: 1 }, { kind: "vault.deploy", n: 1 }, { kind: "vault.deposit", n: 1 }]);
    expect(onChain.toString()).toBe(done.shares);
    await instance.stop();
  });

  it("kill -9 after a governance deployment committed, before its answer: the retry on a new instance answers it, deployed once", { timeout: 600_000 }, async () => {
    instance = await start("modules2", { FAULT_AFTER_COMMIT: "governance.deploy_timelock", FAULT_AFTER_COMMIT_HANG: "1" });
    const client = new Client([instance]);
    const { tenant, key, token } = await setUp(client);
    const body = { name: "Fault DAO", token, voting_delay: 1, voting_period: 20, min_delay: 0 };
    const request = { token: key, body, headers: { "idempotency-key": "fault-governance" } };
    const hanging = client.request("POST", "/v1/governance", request).catch((error: Error) => error);
    await until("the deployment committed", async () => (await sql(`SELECT count(*)::int AS n FROM governance_instances WHERE tenant_id = $1`, [tenant]))[0].n === 1, 60_000, 50);
    await instance.kill9();
    expect(await hanging).toBeInstanceOf(Error); // no answer: the instance died
    instance = await start("modules3");
    client.instances = [instance];
    const retry = await client.request("POST", "/v1/governance", request); // waits for the dead claim's heartbeat to lapse, then takes it over
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    const [row] = await sql(`SELECT id FROM governance_instances WHERE tenant_id = $1`, [tenant]);
    expect(retry.body.id).toBe(row.id);
    await until("governance active", async () => (await client.ok("GET", `/v1/governance/${row.id}`, { token: key })).status === "active", 180_000);
    const records = await sql(`SELECT kind, count(*)::int AS n FROM transactions WHERE tenant_id = $1 AND kind LIKE 'governance.deploy%' GROUP BY kind ORDER BY kind`, [tenant]);
    const [rows] = await sql(`SELECT count(*)::int AS n FROM governance_instances WHERE tenant_id = $1`, [tenant]);
    console.log("[faults] kill -9 after a governance deployment committed:", JSON.stringify({ retry: retry.status, instances: rows.n, records }));
    expect(rows.n).toBe(1);
    expect(records).toEqual([{ kind: "governance.deploy_governor", n: 1 }, { kind: "governance.deploy_timelock", n: 1 }]);
  });
});
