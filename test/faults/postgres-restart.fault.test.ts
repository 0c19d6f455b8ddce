// PostgreSQL restarts in the middle of a burst of writes (npm run test:faults). The test runs on a
// PostgreSQL of its own (an embedded cluster it starts, stops and starts again; never a server others use),
// with its own executor in this process driving the wallet runs and the log watcher, as `npm start` does.
// 200 mints of 1 unit go through the API in-process, each with its own idempotency_key; a client that gets
// 503 waits Retry-After and sends the same request again, as a client should. Required: no answer other than
// 201 or 503 (the 503s in the envelope, with Retry-After), the pools reconnect, every mint ends as one
// confirmed record (total supply 200: each ran once), the wallet's nonces are contiguous, and the log watcher
// delivers every Transfer log of the burst once.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Address } from "viem";

vi.hoisted(() => {
  process.env.RATE_LIMIT_GENERAL_PER_MINUTE = "100000"; // the limit is not what this test is about
  process.env.DATABASE_CONNECT_TIMEOUT_MS = "3000";
});

import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/scripts/lib/embedded-postgres";
import { freePort } from "@/scripts/lib/ports";
import { applyMigrations } from "@/lib/db/migrate";
import { db, pool } from "@/lib/db";
import { watchLogs } from "@/lib/chain/watch/subscriptions";
import type { LocalExecutor } from "@/lib/jobs";
import { api, chain, deployToken, ERC20_FEATURES, eventually, NETWORK, read, tenant, type TestTenant } from "@/lib/tokens/testing";

const MINTS = 200;
const WORKERS = 20;
const RESTART_AFTER_ACCEPTED = 60;
const DOWN_FOR_MS = 3_000;
const HOLDER: Address = "0x00000000000000000000000000000000000000d5";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dir: string;
let port: number;
let server: EmbeddedPostgres;
let executor: LocalExecutor;
const settings = { fsync: "off", full_page_writes: "off" }; // a throwaway cluster; the restart is a clean shutdown

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tp-restart-pg-"));
  chmodSync(dir, 0o755); // as root, PostgreSQL runs as `postgres`, which must reach its cluster
  port = await freePort();
  server = await startEmbeddedPostgres({ dir: join(dir, "cluster"), port, settings });
  await server.ensureDatabase("restart");
  await applyMigrations(server.url("restart"));
  // Nothing in this process has touched the database yet: the pools open on this cluster.
  process.env.DATABASE_URL = server.url("restart");
  const { startAppExecutor: startLocalExecutor } = await import("@/inngest/executor");
  executor = await startLocalExecutor({ instanceId: "restart-fault", leaseMs: 5_000 });
}, 180_000);

afterAll(async () => {
  await executor?.stop().catch(() => {});
  const { closePools } = await import("@/lib/db");
  await closePools().catch(() => {});
  await server?.stop().catch(() => {});
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function restartPostgres() {
  const stopping = Date.now();
  await server.stop(); // fast shutdown: open connections are terminated (57P01), new ones refused
  await sleep(DOWN_FOR_MS);
  server = await startEmbeddedPostgres({ dir: join(dir, "cluster"), port, settings });
  return Date.now() - stopping;
}

describe("PostgreSQL restarts during a burst of 200 mints", () => {
  it("answers 503 + Retry-After during the gap (never 500), then every accepted mint confirms exactly once with contiguous nonces, and the log watcher resumes", { timeout: 420_000 }, async () => {
    const t: TestTenant = await tenant();
    const token = await deployToken(t, { name: "Restart", symbol: "RST", standard: "ERC20", decimals: 0, initial_supply: "0", features: ERC20_FEATURES });
    await watchLogs({ network: NETWORK, address: token.address, event: "event Transfer(address indexed from, address indexed to, uint256 value)" });

    const counts = { sent: 0, accepted: 0, unavailable: 0, replayed: 0, other: 0, restartMs: 0, confirmed: 0, duplicates: 0, nonceGaps: 0, logEvents: 0 };
    const accepted = new Map<number, string>(); // mint index → transaction id
    const unexpected: string[] = [];
    let next = 0;
    let restart: Promise<number> | undefined;

    const mintOne = async (i: number) => {
      for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
        counts.sent++;
        const res = await api(t, "POST", `/v1/tokens/${token.id}/mint`, { to: HOLDER, amount: "1", idempotency_key: `restart-mint-${i}` });
        if (res.status === 201) {
          // A retry whose first try committed before the gap cut its answer: replayed, not run again.
          if (res.headers.get("idempotent-replayed") === "true") counts.replayed++;
          // A retry of an accepted request replays the same record.
          if (accepted.has(i) && accepted.get(i) !== res.body.id) unexpected.push(`mint ${i}: a second record ${res.body.id}`);
          accepted.set(i, res.body.id);
          counts.accepted = accepted.size;
          if (!restart && accepted.size >= RESTART_AFTER_ACCEPTED) restart = restartPostgres();
          return;
        }
        if (res.status === 503 && res.body?.error?.type === "api_error" && res.body.error.code === "service_unavailable" && Number(res.headers.get("retry-after")) > 0) {
          counts.unavailable++;
          await sleep(Number(res.headers.get("retry-after")) * 1000);
          continue;
        }
        counts.other++;
        unexpected.push(`mint ${i}: ${res.status} ${JSON.stringify(res.body)}`);
        return;
      }
      unexpected.push(`mint ${i}: no 201 within 180 s`);
    };
    const worker = async () => {
      while (next < MINTS) await mintOne(next++);
    };
    try {
      await Promise.all(Array.from({ length: WORKERS }, worker));
      counts.restartMs = restart ? await restart : 0;

      // Every accepted mint ends confirmed; the executor resumed the wallet's run after the gap.
      const ids = [...accepted.values()];
      await eventually(async () => (await db.transaction.count({ where: { id: { in: ids }, status: { in: ["confirmed", "failed"] } } })) === ids.length, "every accepted mint to end", 180_000, 250);
      const records = await db.transaction.findMany({ where: { fromAddress: t.wallet }, orderBy: { nonce: "asc" } });
      const mints = records.filter((r) => r.kind === "token.mint");
      counts.confirmed = mints.filter((r) => ids.includes(r.id) && r.status === "confirmed").length;
      counts.duplicates = mints.length - ids.length; // records no 201 answered for: a request that ran twice
      const nonces = records.filter((r) => r.nonce !== null).map((r) => r.nonce!);
      counts.nonceGaps = nonces.filter((n, k) => n !== nonces[0] + k).length;

      // The log watcher went through the gap too: each Transfer log of the burst arrives once as a chain/log event.
      const logEvents = async () =>
        Number((await pool.query(
          "SELECT count(*) FROM job_events WHERE name = 'chain/log' AND payload->'data'->>'address' = $1 AND payload->'data'->>'event' = 'Transfer'",
          [token.address],
        )).rows[0].count);
      await eventually(async () => (await logEvents()) >= MINTS, "a chain/log event per Transfer", 150_000, 500).catch(() => {});
      counts.logEvents = await logEvents();
    } finally {
      console.log(`[postgres restart] ${JSON.stringify(counts)}`);
    }

    expect(unexpected).toEqual([]);
    expect(counts.unavailable, "the restart was felt as 503s").toBeGreaterThan(0);
    expect(restart, "the burst outlasted the restart point").toBeDefined();
    expect(accepted.size).toBe(MINTS);
    expect(counts.confirmed).toBe(MINTS);
    expect(counts.duplicates).toBe(0);
    expect(counts.nonceGaps).toBe(0);
    expect(await read<bigint>(token, "totalSupply")).toBe(BigInt(MINTS)); // each mint ran exactly once on chain
    expect(await chain().getTransactionCount({ address: t.wallet })).toBe(nonceAfter(await db.transaction.findMany({ where: { fromAddress: t.wallet } })));
    expect(counts.logEvents).toBe(MINTS);
  });
});

/** The nonce after the wallet's highest recorded one. */
function nonceAfter(records: { nonce: number | null }[]) {
  return Math.max(...records.map((r) => r.nonce ?? -1)) + 1;
}
