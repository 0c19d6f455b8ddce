// Issue 32, "What must hold" 5: one network's limits never slow another's, and GET /v1/networks shows a degraded
// network as such. base_sepolia's RPC answers 429 with Retry-After to every request for a minute while mints
// are sent on all three chains: the mints on polygon_amoy and arbitrum_sepolia confirm as fast as before,
// GET /v1/networks shows base_sepolia degraded (rate-limited, in words) and the other two operational, and
// base_sepolia's own mints wait and confirm once its RPC answers again.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { auditWallet, chainOf, closeSql, deployToken, latencies, median, mints, newTenant, ok, setFaults, statsOf, totalSupply, until, waitFinal, NETWORKS } from "./helpers";

const LIMITED = "base_sepolia";
const OTHERS = NETWORKS.filter((n) => n !== LIMITED);
const STORM_MS = 60_000;

afterAll(async () => {
  await setFaults(LIMITED, {});
  await closeSql();
});

describe("the lab: one network rate-limited", () => {
  it("base_sepolia's RPC answers 429 to everything: the other chains' mints confirm with unchanged latency, and GET /v1/networks shows it degraded, the others operational", async () => {
    const tenant = await newTenant("isolation");
    // GET /v1/networks is polled by another tenant: the minting tenant's API limit (100 a minute) is the mints'.
    const observer = await newTenant("isolation-observer");
    const networks = async () => Object.fromEntries(((await ok("GET", "/v1/networks", { token: observer.key })).data as any[]).map((n) => [n.name, n]));
    const polled = async () => (await sleep(1_500), networks()); // ~35 a minute
    const tokens = Object.fromEntries(await Promise.all(NETWORKS.map(async (n) => [n, await deployToken(tenant, n, `I${n.slice(0, 3).toUpperCase()}`)] as const)));
    // Earlier files' faults (flaky-rpc) may still count in the 5-minute window: start from three operational networks.
    await until("every lab network operational", polled, (shown) => NETWORKS.every((n) => shown[n].status === "operational"), 330_000);
    const before = await latencies(tenant, tokens, OTHERS, 3, 0);

    await statsOf(LIMITED, true);
    await setFaults(LIMITED, { rate429: 1, retryAfterSeconds: 2 });
    const stormStarted = Date.now();
    let lifted = false;
    try {
      const stranded = await mints(tenant, tokens[LIMITED].id, 5, tenant.wallet);
      const [during, shown] = await Promise.all([
        latencies(tenant, tokens, OTHERS, 100, STORM_MS - 5_000),
        until(`${LIMITED} shown degraded`, polled, (s) => s[LIMITED].status !== "operational", 30_000),
      ]);
      console.log(`[lab] GET /v1/networks during the storm: ${NETWORKS.map((n) => `${n} ${shown[n].status} (${shown[n].status_reason ?? "-"}; ${shown[n].rpc_calls} calls, error rate ${shown[n].rpc_error_rate})`).join("; ")}`);
      expect(shown[LIMITED]).toMatchObject({ status: "degraded", available: true });
      expect(shown[LIMITED].status_reason).toMatch(/(^none of the last \d+ RPC calls was served \(for [\d.]+ s\): they|^\d+% of the \d+ RPC calls in the last (minute|5 minutes)) were rate-limited \(429\)$/);
      expect(shown[LIMITED].rpc_rate_limited).toBeGreaterThan(0);
      const after = await networks(); // at the storm's end, the others still operational
      for (const n of OTHERS) expect(after[n], n).toMatchObject({ status: "operational", status_reason: null });
      expect(after[LIMITED].status).toBe("degraded");
      expect((await statsOf(LIMITED)).answered429).toBeGreaterThan(0);
      expect(await waitFinal(stranded, 1_000).catch(() => null)).toBeNull(); // nothing of base_sepolia's went through

      await setFaults(LIMITED, {});
      lifted = true;
      const stormSeconds = (Date.now() - stormStarted) / 1000;
      for (const network of OTHERS) {
        const [p50Before, p50During] = [median(before[network]), median(during[network])];
        console.log(`[lab] ${network} while ${LIMITED} answered 429 for ${stormSeconds.toFixed(0)} s: confirmation latency p50 ${p50Before.toFixed(2)} s before, ${p50During.toFixed(2)} s during (${before[network].length} and ${during[network].length} mints)`);
        // "Unchanged": within half again the p50 before, or one block time, whichever is larger (as for a halted chain).
        expect(p50During).toBeLessThanOrEqual(Math.max(p50Before * 1.5, p50Before + chainOf(network).blockMs / 1000));
      }
      const records = await waitFinal(stranded, 180_000);
      expect(records.map((r) => r.status)).toEqual(Array(5).fill("confirmed"));
      expect(await totalSupply(LIMITED, tokens[LIMITED].address)).toBe(5n);
      expect(await auditWallet(tenant.wallet, LIMITED)).toMatchObject({ failed: [], gaps: [], duplicates: [], wrong: [], eventsNotOnce: [] });
    } finally {
      if (!lifted) await setFaults(LIMITED, {});
    }
  });
});
