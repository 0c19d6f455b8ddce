// GET /v1/networks says how each network works here now (lib/chain/network/status), on real parts: a local
// chain that makes a block every second, the lab's fault proxy (scripts/lab/fault-proxy.ts) in front of it as a
// network's RPC_URL_<NETWORK>, and the product's own viem clients making the calls.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLocalChain, type LocalChain } from "@/lib/chain/local/node";
import { startFaultProxy, type FaultProxy } from "@/scripts/lab/fault-proxy";
import { call, newTenant } from "@/test/client";
import { publicClient } from "./clients";
import { classify } from "./status";
import { OUTCOMES, type OutcomeCounts } from "@/lib/observability/rpc-health";
import { createRequire } from "node:module";
import { createElement, type ReactElement } from "react";
import { healthAtAGlance } from "@/lib/console/health";
import { HealthPanel } from "@/app/(console)/_components/HealthPanel";

// react-dom ships no types here: its server renderer, typed by hand.
const { renderToStaticMarkup } = createRequire(import.meta.url)("react-dom/server") as { renderToStaticMarkup: (element: ReactElement) => string };

const BLOCK_MS = 1_000;
let chain: LocalChain;
const proxies: FaultProxy[] = [];
let apiKey: string;
let tenantId: string;

const rpc = async (method: string, params: unknown[] = []) => {
  const response = await fetch(chain.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return ((await response.json()) as { result: unknown }).result;
};

/** A network whose RPC_URL_<NETWORK> is a fresh fault proxy in front of the chain (a new URL: a new client and health record). */
async function served(network: string, faults: Parameters<FaultProxy["set"]>[0] = {}) {
  const proxy = await startFaultProxy(chain.rpcUrl, { faults });
  proxies.push(proxy);
  process.env[`RPC_URL_${network.toUpperCase()}`] = proxy.url;
  return proxy;
}

const networks = async () => {
  const res = await call("GET", "/v1/networks", { token: apiKey });
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.data as any[]).map((n) => [n.name, n]));
};

/** GET /v1/networks every second (the tenant's API limit is 100 a minute) until `network` matches; its last answer otherwise. */
async function until(network: string, done: (n: any) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const shown = (await networks())[network];
    if (done(shown) || Date.now() > deadline) return shown;
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

const USED = ["BASE_SEPOLIA", "POLYGON_AMOY", "ARBITRUM_SEPOLIA", "OPTIMISM_SEPOLIA"].map((n) => `RPC_URL_${n}`);
beforeAll(async () => {
  chain = await startLocalChain({ port: 0 });
  await rpc("evm_setAutomine", [false]);
  await rpc("evm_setIntervalMining", [BLOCK_MS]);
});
beforeEach(async () => {
  const tenant = await newTenant();
  [apiKey, tenantId] = [tenant.apiKey, tenant.auth.tenant.id as string];
});
afterEach(() => {
  for (const name of USED) delete process.env[name];
});
afterAll(async () => {
  await Promise.all(proxies.map((p) => p.stop()));
  await chain?.stop();
});

describe("GET /v1/networks: each network's status", () => {
  it("a network whose RPC answers 429 to most calls is degraded, with the reason and its figures; one on a healthy RPC stays operational", async () => {
    await served("base_sepolia", { rate429: 0.8, retryAfterSeconds: 0 });
    await served("polygon_amoy");
    // The product's calls, as its wallet runs and watchers make them (viem retries a 429 twice: each try counts).
    for (let i = 0; i < 15; i++) {
      await Promise.all(["base_sepolia", "polygon_amoy"].map((network) => publicClient(network).getBlockNumber({ cacheTime: 0 }).catch(() => null)));
    }
    const shown = await networks();
    expect(shown.base_sepolia).toMatchObject({ available: true, status: "degraded", rpc_timeouts: 0, rpc_connection_errors: 0 });
    expect(shown.base_sepolia.status_reason).toMatch(/^\d+% of the \d+ RPC calls in the last minute were rate-limited \(429\)$/);
    expect(shown.base_sepolia.rpc_rate_limited).toBeGreaterThan(10);
    expect(shown.base_sepolia.rpc_error_rate).toBeGreaterThan(0.5);

    expect(shown.polygon_amoy).toMatchObject({ available: true, status: "operational", status_reason: null, rpc_error_rate: 0, rpc_rate_limited: 0, block_time_seconds: 2 });
    expect(shown.polygon_amoy.rpc_calls).toBeGreaterThanOrEqual(15);
    expect(shown.polygon_amoy.head_block).toBeGreaterThan(0);

    // The console's home says it in the Health panel, for the tenant's mode's networks only.
    const health = await healthAtAGlance({ tenantId, livemode: false });
    expect(health.networks).toEqual([{ status: "degraded", reason: shown.base_sepolia.status_reason, networks: ["Base Sepolia"] }]);
    const panel = renderToStaticMarkup(createElement(HealthPanel, { health }));
    expect(panel).toContain(`Base Sepolia is <span class="badge badge-warning">degraded</span> here: ${shown.base_sepolia.status_reason}.`);
    expect(panel).toContain("1 thing needs attention");
    expect((await healthAtAGlance({ tenantId, livemode: true })).networks).toEqual([]);
  });

  it("a sudden storm of 429s after busy healthy traffic is degraded within seconds, not once it outweighs the minute", { timeout: 60_000 }, async () => {
    const proxy = await served("base_sepolia");
    // 300 distinct calls (viem would fold identical ones into one), served.
    const address = (i: number) => `0x${i.toString(16).padStart(40, "0")}` as const;
    for (let i = 0; i < 30; i++) await Promise.all(Array.from({ length: 10 }, (_, j) => publicClient("base_sepolia").getBalance({ address: address(i * 10 + j + 1) })));
    proxy.set({ rate429: 1, retryAfterSeconds: 2 });
    const stormed = Date.now();
    const calling = (async () => {
      while (Date.now() - stormed < 16_000) await publicClient("base_sepolia").getBlockNumber({ cacheTime: 0 }).catch(() => null);
    })();
    const shown = await until("base_sepolia", (n) => n.status !== "operational", 20_000);
    await calling;
    expect(shown.status).toBe("degraded");
    expect(shown.status_reason).toMatch(/^none of the last \d+ RPC calls was served \(for \d+(\.\d+)? s\): they were rate-limited \(429\)$/);
    expect((Date.now() - stormed) / 1000).toBeLessThan(20);
    proxy.set({});
    await publicClient("base_sepolia").getBlockNumber({ cacheTime: 0 });
    expect((await networks()).base_sepolia).toMatchObject({ status: "operational", status_reason: null }); // served again: over at once
  });

  it("a halted chain (no new block for 30 s on a network with 0.25 s blocks) is degraded by its head's age", { timeout: 90_000 }, async () => {
    await served("arbitrum_sepolia");
    const moving = await until("arbitrum_sepolia", (n) => n.head_block !== null, 5_000);
    expect(moving).toMatchObject({ status: "operational", block_time_seconds: 0.25 });
    await rpc("evm_setIntervalMining", [0]);
    try {
      const halted = await until("arbitrum_sepolia", (n) => n.status !== "operational", 45_000);
      expect(halted).toMatchObject({ status: "degraded", rpc_error_rate: 0 });
      expect(halted.status_reason).toMatch(/^no new block for \d+(\.\d+)? s; blocks normally every 0\.25 s$/);
      expect(halted.head_age_seconds).toBeGreaterThanOrEqual(30);
    } finally {
      await rpc("evm_setIntervalMining", [BLOCK_MS]);
    }
    expect(await until("arbitrum_sepolia", (n) => n.status === "operational", 10_000)).toMatchObject({ status: "operational", status_reason: null });
  });

  it("an RPC that never answers: GET /v1/networks still answers within about a second, then says degraded and down", { timeout: 60_000 }, async () => {
    await served("optimism_sepolia", { timeout: 1 });
    let started = Date.now();
    const first = (await networks()).optimism_sepolia;
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(first).toMatchObject({ available: true, head_block: null });
    started = Date.now();
    await networks(); // the read is still waiting: nobody waits for it again
    expect(Date.now() - started).toBeLessThan(500);

    const degraded = await until("optimism_sepolia", (n) => n.status !== "operational", 10_000);
    expect(degraded.status).toBe("degraded");
    expect(degraded.status_reason).toMatch(/^the RPC has answered no call for \d+(\.\d+)? s$/);
    const down = await until("optimism_sepolia", (n) => n.status === "down", 30_000);
    expect(down.status).toBe("down");
    expect(down.status_reason).toMatch(/the RPC (has answered no call for|answered none of the \d+ calls of the last minute)/);
  });

  it("a head read refused once, then the RPC answers the product's other calls: not reported as unanswered", { timeout: 30_000 }, async () => {
    const proxy = await served("optimism_sepolia", { reset: 1 });
    expect((await networks()).optimism_sepolia).toMatchObject({ head_block: null }); // the read was cut
    proxy.set({});
    const shown: any[] = [];
    for (let i = 0; i < 8; i++) {
      await publicClient("optimism_sepolia").getBlockNumber({ cacheTime: 0 }); // a wallet's run or the log watcher, say
      shown.push((await networks()).optimism_sepolia);
      await new Promise((r) => setTimeout(r, 1_000));
    }
    expect(shown.map((n) => n.status_reason).filter((reason) => /answered no call/.test(reason ?? ""))).toEqual([]);
    expect(shown.at(-1)).toMatchObject({ status: "operational", head_block: expect.any(Number) });
  });

  it("a 429 is an answer: an RPC rate-limiting everything with Retry-After 3 s is never reported as answering nothing", { timeout: 30_000 }, async () => {
    await served("optimism_sepolia", { rate429: 1, retryAfterSeconds: 3 });
    const reasons: (string | null)[] = [];
    for (let i = 0; i < 8; i++) {
      reasons.push((await networks()).optimism_sepolia.status_reason);
      await new Promise((r) => setTimeout(r, 1_000));
    }
    expect(reasons.filter((reason) => /answered no call|answered none/.test(reason ?? ""))).toEqual([]);
    expect((await networks()).optimism_sepolia.rpc_rate_limited).toBeGreaterThan(0);
  });

  it("a network nothing serves here is unavailable", async () => {
    const shown = await networks();
    expect(shown.ethereum).toMatchObject({
      available: false, rpc: null, status: "unavailable", status_reason: "no RPC serves this network on this deployment", head_block: null, rpc_calls: 0,
    });
    // The local chain serves test networks here (in development and tests): blocks come on demand, so a still head says nothing.
    expect(shown.sepolia).toMatchObject({ rpc: "local", status: "operational", block_time_seconds: null });
  });
});

describe("the thresholds", () => {
  const counts = (c: Partial<OutcomeCounts>): OutcomeCounts => ({ ...(Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as OutcomeCounts), ...c });
  const quiet = { recent: counts({}), window: counts({}), headAgeSeconds: null, blockSeconds: 2, unansweredSeconds: null, streak: null };

  it("10% of the last 5 minutes' calls failed (at least 20): degraded; JSON-RPC errors are answers", () => {
    expect(classify({ ...quiet, window: counts({ answered: 90, rate_limited: 8, timed_out: 2 }) })).toEqual({
      status: "degraded", reason: "10% of the 100 RPC calls in the last 5 minutes failed (8 rate-limited (429), 2 timed out)",
    });
    expect(classify({ ...quiet, window: counts({ answered: 91, rate_limited: 9 }) }).status).toBe("operational");
    expect(classify({ ...quiet, window: counts({ answered: 10, jsonrpc_error: 90 }) }).status).toBe("operational");
    expect(classify({ ...quiet, window: counts({ answered: 10, http_error: 9 }) }).status).toBe("operational"); // fewer than 20 calls
  });

  it("no answer at all in the last minute: down; only 429s: degraded (the provider answers)", () => {
    expect(classify({ ...quiet, recent: counts({ timed_out: 2, connection_error: 1 }) })).toEqual({
      status: "down", reason: "the RPC answered none of the 3 calls of the last minute: they failed (2 timed out, 1 connection error)",
    });
    expect(classify({ ...quiet, recent: counts({ rate_limited: 40 }) })).toEqual({
      status: "degraded", reason: "100% of the 40 RPC calls in the last minute were rate-limited (429)",
    });
  });

  it("every call failing since the last served one: degraded after 10 s (at least 3 calls); down after 20 s if none was even answered", () => {
    const busyMinute = counts({ answered: 300, rate_limited: 20 }); // a storm that began a moment ago hides in the minute's share
    expect(classify({ ...quiet, recent: busyMinute, streak: { seconds: 9, counts: counts({ rate_limited: 12 }) } }).status).toBe("operational");
    expect(classify({ ...quiet, recent: busyMinute, streak: { seconds: 12, counts: counts({ rate_limited: 12 }) } })).toEqual({
      status: "degraded", reason: "none of the last 12 RPC calls was served (for 12 s): they were rate-limited (429)",
    });
    expect(classify({ ...quiet, streak: { seconds: 30, counts: counts({ rate_limited: 2 }) } }).status).toBe("operational"); // 2 calls say little
    expect(classify({ ...quiet, streak: { seconds: 30, counts: counts({ rate_limited: 5 }) } }).status).toBe("degraded"); // 429s: the provider is there
    expect(classify({ ...quiet, recent: busyMinute, streak: { seconds: 21, counts: counts({ timed_out: 2, connection_error: 2 }) } })).toEqual({
      status: "down", reason: "none of the last 4 RPC calls was served (for 21 s): they failed (2 timed out, 2 connection errors)",
    });
  });

  it("a still head: degraded after 10 block times (at least 30 s), down after 100 (at least 5 min); never on a chain that mines on demand", () => {
    expect(classify({ ...quiet, headAgeSeconds: 29 }).status).toBe("operational");
    expect(classify({ ...quiet, headAgeSeconds: 58 })).toEqual({ status: "degraded", reason: "no new block for 58 s; blocks normally every 2 s" });
    expect(classify({ ...quiet, headAgeSeconds: 300 })).toEqual({ status: "down", reason: "no new block for 5 min; blocks normally every 2 s" });
    expect(classify({ ...quiet, blockSeconds: 12, headAgeSeconds: 100 }).status).toBe("operational");
    expect(classify({ ...quiet, blockSeconds: 12, headAgeSeconds: 130 }).status).toBe("degraded");
    expect(classify({ ...quiet, blockSeconds: null, headAgeSeconds: 3_600 }).status).toBe("operational");
  });
});
