// Shared by quota-pool-2.test.ts and quota-pool-3.test.ts (each sets DATABASE_POOL_SIZE before the pool exists):
// with quotas on, concurrent transactional writes must never wait on the pool their own transaction holds a
// connection of (the quota guard reads on that transaction's client), so none answers 503 or 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/lib/db";
import { call } from "@/test/client";
import { deployToken, tenant, type TestTenant } from "@/lib/tokens/testing";

const NETWORK = "polygon_amoy";
const BENEFICIARY = "0x00000000000000000000000000000000000000b0";
let asset = "";

const KINDS: Record<string, (i: number) => [path: string, body: Record<string, unknown>]> = {
  "token deploy": (i) => ["/v1/tokens", { name: `Pool ${i}`, symbol: "POOL", standard: "ERC20", network: NETWORK, initial_supply: "1000" }],
  "vault create": (i) => ["/v1/vaults", { asset, network: NETWORK, name: `Pool vault ${i}`, symbol: "vPOOL" }],
  "vesting create": () => ["/v1/vesting", { token: asset, network: NETWORK, beneficiary: BENEFICIARY, duration_seconds: 10 }],
};

export function concurrentTransactionalWrites(size: number) {
  describe(`quota guard with a pool of ${size} connections`, () => {
    let t: TestTenant;
    beforeAll(async () => {
      delete process.env.BILLING_QUOTAS; // enforced, as on the default stack
      expect(pool.options.max).toBe(size);
      t = await tenant();
      // A plan with room for every write of the test: the guard still reads and counts.
      await pool.query(
        `INSERT INTO subscriptions (tenant_id, plan, status, source, current_period_start, current_period_end, updated_at)
         VALUES ($1, 'growth', 'active', 'admin', now(), now() + interval '30 days', now())
         ON CONFLICT (tenant_id) DO UPDATE SET plan = 'growth', status = 'active', current_period_end = now() + interval '30 days'`,
        [t.id],
      );
      asset = (await deployToken(t, { name: "Pool asset", symbol: "PAS", standard: "ERC20", initial_supply: "1000" })).address;
      // Then as a network with its own RPC (the same local chain): the guard applies (the local chain is free of quotas).
      process.env.RPC_URL_POLYGON_AMOY = process.env.LOCAL_CHAIN_RPC_URL;
    }, 60_000);
    afterAll(() => {
      delete process.env.RPC_URL_POLYGON_AMOY;
    });

    for (const [kind, request] of Object.entries(KINDS)) {
      it(`20 concurrent ${kind} requests: no 503, no 500`, async () => {
        const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => {
          const [path, body] = request(i);
          return call("POST", path, { token: t.apiKey, body });
        }));
        const statuses = answers.map((a) => a.status);
        expect(statuses.filter((s) => s === 503), JSON.stringify(answers.find((a) => a.status >= 500)?.body)).toHaveLength(0);
        expect(statuses.filter((s) => s >= 500)).toHaveLength(0);
        expect(statuses.every((s) => s === 201), JSON.stringify(answers.find((a) => a.status !== 201)?.body)).toBe(true);
      }, 120_000);
    }
  });
}
