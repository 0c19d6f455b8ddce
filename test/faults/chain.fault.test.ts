// The chain path under faults (npm run test:faults): a TCP proxy between the app and a second local chain
// that serves base_sepolia as a "real" network. Each write is a mint of 1, so the token's total supply
// counts how many times the calls really ran. The wallet's runs are driven here the way the executor
// drives them: short runs, repeated, a failed run retried after a pause.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, encodeDeployData, encodeFunctionData, http, type Address } from "viem";
import { db } from "@/lib/db";
import { newTenant } from "@/test/client";
import { artifact } from "@/lib/chain/artifacts";
import { startLocalChain, type LocalChain } from "@/lib/chain/local/node";
import { recordChainWrite } from "@/lib/chain/intake";
import { runWallet } from "@/lib/chain/eoa/run";
import { tenantWallet } from "@/lib/chain/eoa/wallets";
import { startFaultProxy, type FaultProxy } from "./proxy";

const NETWORK = "base_sepolia";
const ERC20 = artifact("PlatformERC20");
let chain: LocalChain;
let proxy: FaultProxy;
const direct = () => createPublicClient({ transport: http(chain.rpcUrl) });
const rpc = (method: string, params: unknown[] = []) => direct().request({ method: method as never, params: params as never });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  chain = await startLocalChain({ port: 0, chainId: 84532 });
  proxy = await startFaultProxy(chain.rpcUrl);
  process.env.RPC_URL_BASE_SEPOLIA = proxy.url;
  process.env.CONFIRMATIONS_BASE_SEPOLIA = "1";
  process.env.FINALITY_BLOCKS_BASE_SEPOLIA = "0"; // no reorg watch after the confirmation (lib/chain/records/reorg.test.ts has it)
});
afterAll(async () => {
  delete process.env.RPC_URL_BASE_SEPOLIA;
  await proxy.stop();
  await chain.stop();
});

async function wallet() {
  const t = await newTenant();
  const w = await tenantWallet(t.auth.tenant.id, false);
  await rpc("hardhat_setBalance", [w.address, "0x3635C9ADC5DEA00000"]); // no funder on a "real" network
  return { tenantId: t.auth.tenant.id, key: { from: w.address, chainKey: NETWORK }, address: w.address as Address };
}

/** Runs the wallet like the executor would until `done`; returns how many runs failed on the way. */
async function drive(key: { from: string; chainKey: string }, done: () => Promise<boolean>, timeoutMs: number, budgetMs = 2_000) {
  const deadline = Date.now() + timeoutMs;
  let failedRuns = 0;
  while (Date.now() < deadline) {
    try {
      await runWallet(key, NETWORK, budgetMs);
    } catch {
      failedRuns++;
      await sleep(250);
    }
    if (await done()) return failedRuns;
  }
  throw new Error(`not done after ${timeoutMs} ms`);
}

const openCount = (from: string) => db.transaction.count({ where: { fromAddress: from, chainKey: NETWORK, status: { in: ["pending", "submitted"] } } });

async function deployToken(w: Awaited<ReturnType<typeof wallet>>) {
  const data = encodeDeployData({ abi: ERC20.abi, bytecode: ERC20.bytecode, args: ["Fault", "FLT", 0, 0n, w.address, { mintable: true, burnable: false, pausable: false }] } as never);
  const record = await recordChainWrite({ tenantId: w.tenantId, livemode: false, network: NETWORK, kind: "token.deploy", data, request: {} });
  await drive(w.key, async () => (await openCount(w.address)) === 0, 60_000);
  const deployed = await db.transaction.findUniqueOrThrow({ where: { id: record.id } });
  expect(deployed.status).toBe("confirmed");
  return deployed.contractAddress as Address;
}

const mint = (w: Awaited<ReturnType<typeof wallet>>, token: Address, i: number) =>
  recordChainWrite({
    tenantId: w.tenantId, livemode: false, network: NETWORK, kind: "token.mint", to: token, request: { i },
    data: encodeFunctionData({ abi: ERC20.abi, functionName: "mint", args: ["0x00000000000000000000000000000000000000cc", 1n] } as never),
  });

const totalSupply = (token: Address) => direct().readContract({ address: token, abi: ERC20.abi, functionName: "totalSupply" } as never) as Promise<bigint>;

async function expectExactlyOnce(ids: string[], token: Address, from: Address, firstNonce: number) {
  const records = await db.transaction.findMany({ where: { id: { in: ids } } });
  expect(records.filter((r) => r.status === "confirmed")).toHaveLength(ids.length);
  expect(records.map((r) => r.nonce!).sort((a, b) => a - b)).toEqual(Array.from({ length: ids.length }, (_, i) => firstNonce + i));
  expect(new Set(records.map((r) => r.hash)).size).toBe(ids.length);
  expect(await totalSupply(token)).toBe(BigInt(ids.length)); // each call ran exactly once
  expect(await direct().getTransactionCount({ address: from })).toBe(firstNonce + ids.length);
  // no filler was needed: nothing ended while holding a nonce
  expect(await db.transaction.count({ where: { fromAddress: from, kind: "nonce.fill" } })).toBe(0);
}

describe("chain path under faults", () => {
  it("every connection to the chain dropped for 30 s during 200 submissions: all 200 confirm exactly once, nonces contiguous", { timeout: 240_000 }, async () => {
    proxy.set({});
    const w = await wallet();
    const token = await deployToken(w);
    const ids: string[] = [];
    let submitted = false;
    const driving = drive(w.key, async () => submitted && (await openCount(w.address)) === 0, 200_000);
    for (let i = 0; i < 100; i++) ids.push((await mint(w, token, i)).id);
    while ((await db.transaction.count({ where: { id: { in: ids }, status: "confirmed" } })) < 20) await sleep(20);
    proxy.set({ down: true });
    const downAt = Date.now();
    for (let i = 100; i < 200; i++) ids.push((await mint(w, token, i)).id);
    await sleep(30_000 - (Date.now() - downAt));
    expect(proxy.stats.refused).toBeGreaterThan(0);
    expect(await db.transaction.count({ where: { id: { in: ids }, status: "failed" } })).toBe(0);
    proxy.set({});
    submitted = true;
    const failedRuns = await driving;
    expect(failedRuns).toBeGreaterThan(0); // the outage was felt
    await expectExactlyOnce(ids, token, w.address, 1);
  });

  it("10% of responses lost and the rest delayed up to 2 s: total supply rises by exactly 200", { timeout: 300_000 }, async () => {
    proxy.set({});
    const w = await wallet();
    const token = await deployToken(w);
    proxy.set({ loseResponses: 0.1, maxDelayMs: 2_000 });
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) ids.push((await mint(w, token, i)).id);
    await drive(w.key, async () => (await openCount(w.address)) === 0, 280_000, 10_000);
    proxy.set({});
    expect(proxy.stats.lostResponses).toBeGreaterThan(0);
    await expectExactlyOnce(ids, token, w.address, 1);
  });

  it("mining paused longer than every retry budget: nothing fails, nothing runs twice; all confirm when mining resumes", { timeout: 120_000 }, async () => {
    proxy.set({});
    const w = await wallet();
    const token = await deployToken(w);
    await rpc("evm_setAutomine", [false]);
    process.env.FEE_BUMP_BLOCKS_BASE_SEPOLIA = "0"; // nothing is mined: a replacement at every pass
    try {
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) ids.push((await mint(w, token, i)).id);
      // Many short runs, each giving up at its budget, while nothing is mined for 20 s.
      const pausedUntil = Date.now() + 20_000;
      await drive(w.key, async () => Date.now() > pausedUntil, 40_000, 1_000);
      const paused = await db.transaction.findMany({ where: { id: { in: ids } } });
      expect(paused.filter((r) => r.status === "submitted")).toHaveLength(20);
      expect(paused.some((r) => r.hashes.length > 1)).toBe(true); // stuck ones were replaced with higher fees
      expect(await totalSupply(token)).toBe(0n);

      await rpc("evm_setAutomine", [true]);
      await rpc("evm_mine");
      await drive(w.key, async () => (await openCount(w.address)) === 0, 60_000);
      await expectExactlyOnce(ids, token, w.address, 1);
    } finally {
      delete process.env.FEE_BUMP_BLOCKS_BASE_SEPOLIA;
      await rpc("evm_setAutomine", [true]);
    }
  });
});
