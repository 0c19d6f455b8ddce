// Issue 32, "What must hold" 6: no mempool and per-sender limits.
// - arbitrum_sepolia's RPC refuses a nonce that leaves a gap ("nonce too high", as Arbitrum's sequencer does):
//   a burst of mints must go out in strict nonce order and all confirm, with no drift.
// - polygon_amoy's RPC keeps at most 16 pending transactions per sender (as Polygon's nodes do) and the
//   product runs with MAX_IN_FLIGHT_POLYGON_AMOY=16: a burst of 40 mints must never have more than 16 in
//   flight, and no error may reach a record.
import { afterAll, describe, expect, it } from "vitest";
import { auditWallet, closeSql, deployToken, mints, newTenant, setFaults, statsOf, totalSupply, waitFinal } from "./helpers";

const BURST = 40;

afterAll(async () => {
  await Promise.all(["arbitrum_sepolia", "polygon_amoy"].map((n) => setFaults(n, {})));
  await closeSql();
});

async function burst(network: string, symbol: string) {
  const tenant = await newTenant(symbol.toLowerCase());
  const token = await deployToken(tenant, network, symbol);
  await statsOf(network, true);
  const ids = await mints(tenant, token.id, BURST, tenant.wallet);
  const records = await waitFinal(ids, 300_000);
  const stats = await statsOf(network);
  const audit = await auditWallet(tenant.wallet, network);
  console.log(`[lab] ${network}: ${BURST} mints: ${JSON.stringify({ sends: stats.sends, refusedNonceGap: stats.refusedNonceGap, refusedPendingCap: stats.refusedPendingCap, audit: { ...audit, failed: audit.failed.length, firstFailed: audit.failed.slice(0, 2) } })}`);
  return { token, records, stats, audit };
}

describe("the lab: no mempool and per-sender limits", () => {
  it("no mempool (arbitrum_sepolia): a burst of 40 mints goes out in strict order, all confirmed, no nonce drift", async () => {
    const { token, records, audit } = await burst("arbitrum_sepolia", "NOMP");
    expect(records.filter((r) => r.status !== "confirmed").map((r) => `${r.status} ${r.error_code}: ${r.error_message}`)).toEqual([]);
    expect(await totalSupply("arbitrum_sepolia", token.address)).toBe(BigInt(BURST));
    expect(audit).toMatchObject({ failed: [], gaps: [], duplicates: [], wrong: [], eventsNotOnce: [], chainNonce: BURST + 1 });
  });

  // Issue 32, item 6: the run keeps at most MAX_IN_FLIGHT_<NETWORK> sent and unmined (eoa/broadcast.ts sendable); a
  // node's "no room now" answer (a full pool, a per-sender cap) is retried, never a record's failure; a filler is
  // never failed (it would hand its nonce to another filler, for ever).
  it("under a 16-pending cap (polygon_amoy, MAX_IN_FLIGHT_POLYGON_AMOY=16): at most 16 in flight, no error reaches a record", async () => {
    const { token, records, stats, audit } = await burst("polygon_amoy", "CAP");
    expect(stats.refusedPendingCap).toBe(0);
    expect(records.filter((r) => r.status !== "confirmed").map((r) => `${r.status} ${r.error_code}: ${r.error_message}`)).toEqual([]);
    expect(await totalSupply("polygon_amoy", token.address)).toBe(BigInt(BURST));
    expect(audit).toMatchObject({ failed: [], gaps: [], duplicates: [], wrong: [] });
  });
});
