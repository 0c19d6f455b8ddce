// Issue 32, "What must hold" 2, in the lab: a 10× base-fee spike on polygon_amoy (2 s blocks; the product runs
// with MAX_FEE_PER_GAS_GWEI_POLYGON_AMOY=6, FEE_BUMP_BLOCKS_POLYGON_AMOY=2, FEE_BUMP_PERCENT_POLYGON_AMOY=12.5).
// The base fee is held at 1 gwei, mints are sent (~2.2 gwei), then every block's base fee is 10 gwei:
// - the pending mints are replaced no sooner than 2 blocks after they were sent, at the larger of +12.5% and
//   the network's fees, clamped to the cap, and no further (stuck.reason fee_cap, deferred false);
// - new mints are deferred unsigned (stuck.reason fee_cap, deferred true), nothing broadcast underpriced;
// - an operator's cancel of the lowest stuck one goes out above the cap and ends it `cancelled`;
// - when fees fall back to 1 gwei the wallet's queue resumes by itself: everything else confirms.
import { afterAll, describe, expect, it } from "vitest";
import { formatGwei, parseGwei } from "viem";
import { sleep } from "@/test/faults/cluster";
import { auditWallet, chainOf, closeSql, deployToken, mints, newTenant, nodeRpc, ok, sql, totalSupply, until, waitFinal } from "./helpers";

const NETWORK = "polygon_amoy";
const CAP = parseGwei("6");
const hex = (n: bigint) => `0x${n.toString(16)}`;

/** Holds every next block's base fee at `level` (re-set faster than blocks come) until stopped. */
function baseFeePinner(level: bigint) {
  let current = level;
  let running = true;
  const loop = (async () => {
    while (running) {
      await nodeRpc(NETWORK, "hardhat_setNextBlockBaseFeePerGas", [hex(current)]).catch(() => {});
      await sleep(200);
    }
  })();
  return { set: (next: bigint) => (current = next), stop: async () => ((running = false), await loop) };
}

interface FeeRow {
  id: string;
  status: string;
  nonce: number | null;
  hashes: string[];
  max_fee_per_gas: string | null;
  fee_cap_reached_at: Date | null;
  error_code: string | null;
}
const rows = (ids: string[]) =>
  sql<FeeRow>("SELECT id, status, nonce, hashes, max_fee_per_gas, fee_cap_reached_at, error_code FROM transactions WHERE id = ANY($1) ORDER BY nonce NULLS LAST, created_at", [ids]);
const head = async () => BigInt(await nodeRpc(NETWORK, "eth_blockNumber"));


afterAll(() => closeSql());

describe("the lab: fees (polygon_amoy, cap 6 gwei, +12.5% every 2 blocks)", () => {
  it("a 10× base-fee spike: pending mints replaced up to the cap, new ones deferred with stuck.reason, a cancel above the cap, the queue resumes when fees fall", async () => {
    const tenant = await newTenant("fees");
    const token = await deployToken(tenant, NETWORK, "FEE");
    const pinner = baseFeePinner(parseGwei("1"));
    let mining = true;
    try {
      await until("base fee at 1 gwei", async () => BigInt((await nodeRpc(NETWORK, "eth_getBlockByNumber", ["latest", false])).baseFeePerGas), (fee) => fee === parseGwei("1"), 30_000);
      // Sent while blocks wait: they are in the pool, unmined, when the spike comes.
      await nodeRpc(NETWORK, "evm_setIntervalMining", [0]);
      mining = false;
      const pending = await mints(tenant, token.id, 4, tenant.wallet);
      const sent = await until("4 mints sent", () => rows(pending), (r) => r.every((x) => x.hashes.length === 1));
      const firstFees = sent.map((r) => BigInt(r.max_fee_per_gas!));
      for (const fee of firstFees) expect(fee).toBeLessThan(parseGwei("3"));

      pinner.set(parseGwei("10"));
      const spikeHead = await head();
      await nodeRpc(NETWORK, "evm_setIntervalMining", [chainOf(NETWORK).blockMs]);
      mining = true;
      // Watch each record's signatures against the head: when its replacement appears, and what it pays.
      const replacedAt = new Map<string, bigint>();
      const capped = await until(
        "the pending mints replaced up to the cap",
        async () => {
          const [now, at] = await Promise.all([rows(pending), head()]);
          for (const r of now) if (r.hashes.length > 1 && !replacedAt.has(r.id)) replacedAt.set(r.id, at);
          return now;
        },
        (r) => r.every((x) => x.fee_cap_reached_at !== null),
        90_000,
      );
      for (const r of capped) {
        expect(r.status).toBe("submitted");
        // 2.2 gwei, then the larger of +12.5% and what the network asks (13 gwei), clamped to the cap: 6 gwei.
        expect(r.hashes).toHaveLength(2);
        expect(BigInt(r.max_fee_per_gas!)).toBe(CAP);
        expect(replacedAt.get(r.id)! - spikeHead).toBeGreaterThanOrEqual(2n); // not before FEE_BUMP_BLOCKS blocks unmined
      }
      const shownCapped = await ok("GET", `/v1/transactions/${capped[0].id}`, { token: tenant.key });
      expect(shownCapped).toMatchObject({ status: "submitted", replacements: 1, fee_cap_reached: true, stuck: { reason: "fee_cap", deferred: false, max_fee_per_gas: CAP.toString() } });

      // At the cap, new sends are deferred: no nonce, no signature, nothing broadcast.
      const deferredIds = await mints(tenant, token.id, 2, tenant.wallet);
      await sleep(6_000); // three blocks at the spike
      for (const r of await rows(deferredIds)) expect(r).toMatchObject({ status: "pending", nonce: null, hashes: [] });
      const shownDeferred = await ok("GET", `/v1/transactions/${deferredIds[0]}`, { token: tenant.key });
      expect(shownDeferred).toMatchObject({ status: "pending", fee_cap_reached: true, stuck: { reason: "fee_cap", deferred: true, max_fee_per_gas: null } });
      expect(BigInt(shownDeferred.stuck.network_max_fee_per_gas)).toBeGreaterThan(CAP);
      expect(await rows(pending)).toEqual(capped.map((r) => expect.objectContaining({ hashes: r.hashes }))); // no further replacement

      // An operator's cancel of the lowest stuck one: its no-op pays what the network asks, above the cap.
      const lowest = capped[0];
      const cancel = await ok("POST", `/v1/transactions/${lowest.id}/cancel`, { token: tenant.key });
      expect(cancel.id).toBe(lowest.id);
      const [cancelled] = await waitFinal([lowest.id], 60_000);
      expect(cancelled).toMatchObject({ status: "failed", error_code: "cancelled" });
      const noop = await nodeRpc(NETWORK, "eth_getTransactionByHash", [cancelled.hash]);
      expect(BigInt(noop.maxFeePerGas)).toBeGreaterThan(CAP);
      console.log(`[lab] ${NETWORK} spike: first fees ${firstFees.map((f) => formatGwei(f)).join(", ")} gwei; replaced at the cap ${[...replacedAt.values()].map((b) => b - spikeHead).join(", ")} blocks into the spike; cancel no-op at ${formatGwei(BigInt(noop.maxFeePerGas))} gwei`);

      // Fees fall: the capped ones mine, the deferred ones are signed and sent by themselves.
      pinner.set(parseGwei("1"));
      const rest = [...pending.filter((id) => id !== lowest.id), ...deferredIds];
      const final = await waitFinal(rest, 120_000);
      expect(final.map((r) => [r.status, r.error_code])).toEqual(rest.map(() => ["confirmed", null]));
      const after = await ok("GET", `/v1/transactions/${deferredIds[0]}`, { token: tenant.key });
      expect(after).toMatchObject({ status: "confirmed", stuck: null, fee_cap_reached: false });
      expect(await totalSupply(NETWORK, token.address)).toBe(BigInt(rest.length));
      const audit = await auditWallet(tenant.wallet, NETWORK);
      // The cancelled record's nonce is held on chain by its no-op, not by a confirmed record.
      expect(audit).toMatchObject({ duplicates: [], wrong: [], eventsNotOnce: [], gaps: [cancelled.nonce], confirmed: rest.length + 1 });
    } finally {
      await pinner.stop();
      if (!mining) await nodeRpc(NETWORK, "evm_setIntervalMining", [chainOf(NETWORK).blockMs]);
    }
  });
});
