// The lab's fault proxy itself (scripts/lab/fault-proxy.ts), in this process, in front of a real lab chain
// (arbitrum_sepolia's node: 250 ms blocks). Each fault, switched on alone, does what the lab relies on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, http, parseGwei, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { localAccounts } from "@/lib/chain/local/accounts";
import { startFaultProxy, setProxyFaults, proxyStats, type FaultProxy } from "@/scripts/lab/fault-proxy";
import { chainOf } from "./helpers";

const chain = chainOf("arbitrum_sepolia");
const node = createPublicClient({ transport: http(chain.nodeUrl) });
let proxy: FaultProxy;

beforeAll(async () => {
  proxy = await startFaultProxy(chain.nodeUrl);
});
afterAll(() => proxy.stop());

const call = (method: string, params: unknown[] = [], id: number = 1) => ({ jsonrpc: "2.0", id, method, params });
const post = (body: unknown, timeoutMs = 10_000) =>
  fetch(proxy.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
const rpc = async (method: string, params: unknown[] = []) => (await (await post(call(method, params))).json()) as { result?: any; error?: { message: string } };

/** Signed transfers of 1 wei from local account `index`, nonces from the chain's pending count on. */
async function signedTransfers(index: number, count: number, nonceOffset = 0): Promise<Hex[]> {
  const account = privateKeyToAccount(localAccounts()[index].privateKey);
  const nonce = (await node.getTransactionCount({ address: account.address, blockTag: "pending" })) + nonceOffset;
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      account.signTransaction({ chainId: chain.chainId, to: account.address, value: 1n, nonce: nonce + i, gas: 21_000n, maxFeePerGas: parseGwei("50"), maxPriorityFeePerGas: parseGwei("1"), type: "eip1559" }),
    ),
  );
}

describe("the lab's fault proxy", () => {
  it("passes JSON-RPC through, single calls and batches", async () => {
    proxy.set({});
    expect((await rpc("eth_chainId")).result).toBe(`0x${chain.chainId.toString(16)}`);
    const batch = (await (await post([call("eth_chainId", [], 1), call("eth_blockNumber", [], 2)])).json()) as { id: number; result: string }[];
    expect(batch.map((a) => a.id)).toEqual([1, 2]);
  });

  it("answers 429 with Retry-After", async () => {
    proxy.set({ rate429: 1, retryAfterSeconds: 3 });
    const response = await post(call("eth_blockNumber"));
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("3");
    proxy.set({});
  });

  it("times out: the request is never answered", async () => {
    proxy.set({ timeout: 1 });
    await expect(post(call("eth_blockNumber"), 500)).rejects.toThrow(/abort|timeout/i);
    proxy.set({});
  });

  it("resets the connection", async () => {
    proxy.set({ reset: 1 });
    await expect(post(call("eth_blockNumber"))).rejects.toThrow(/fetch failed/);
    proxy.set({});
  });

  it("loses the answer of eth_sendRawTransaction after the node took it", async () => {
    proxy.set({ loseSendAnswer: 1 });
    const [raw] = await signedTransfers(5, 1);
    await expect(post(call("eth_sendRawTransaction", [raw]))).rejects.toThrow(/fetch failed/);
    proxy.set({});
    const { keccak256 } = await import("viem");
    const receipt = await node.waitForTransactionReceipt({ hash: keccak256(raw), pollingInterval: 100, timeout: 10_000 });
    expect(receipt.status).toBe("success");
    expect(proxy.stats.lostSendAnswers).toBeGreaterThan(0);
  });

  it("serves a lagging head", async () => {
    proxy.set({ headLag: 8 });
    const before = await node.getBlockNumber();
    const lagging = BigInt((await rpc("eth_blockNumber")).result);
    const latest = (await rpc("eth_getBlockByNumber", ["latest", false])).result;
    const after = await node.getBlockNumber();
    expect(lagging).toBeGreaterThanOrEqual(before - 8n);
    expect(lagging).toBeLessThanOrEqual(after - 8n);
    expect(BigInt(latest.number)).toBeLessThanOrEqual(after - 8n);
    proxy.set({});
  });

  it("refuses eth_getLogs over 1,000 blocks and from block 0", async () => {
    proxy.set({});
    expect((await rpc("eth_getLogs", [{ fromBlock: "0x1", toBlock: "0x3ea" }])).error?.message).toMatch(/limited to a 1000 block range/); // 1,002 blocks
    expect((await rpc("eth_getLogs", [{ fromBlock: "0x0", toBlock: "0x5" }])).error?.message).toMatch(/not from block 0/);
    expect((await rpc("eth_getLogs", [{ fromBlock: "earliest" }])).error?.message).toMatch(/not from block 0/);
    expect((await rpc("eth_getLogs", [{ fromBlock: "0x1", toBlock: "0x3e8" }])).result).toBeInstanceOf(Array); // 1,000 blocks
  });

  it("caps pending transactions per sender: the 17th of one batch is refused", async () => {
    proxy.set({ maxPendingPerSender: 16 });
    const raws = await signedTransfers(6, 20);
    const answers = (await (await post(raws.map((raw, i) => call("eth_sendRawTransaction", [raw], i)))).json()) as { error?: { message: string } }[];
    expect(answers.slice(0, 16).every((a) => !a.error)).toBe(true);
    expect(answers.slice(16).map((a) => a.error?.message)).toEqual(Array(4).fill(expect.stringMatching(/txpool is full/)));
    proxy.set({});
  });

  it("without a mempool, refuses a nonce that leaves a gap and takes the next one", async () => {
    proxy.set({ noMempool: true });
    const [gapped] = await signedTransfers(7, 1, 1);
    expect((await rpc("eth_sendRawTransaction", [gapped])).error?.message).toMatch(/nonce too high/);
    const [next] = await signedTransfers(7, 1);
    expect((await rpc("eth_sendRawTransaction", [next])).result).toMatch(/^0x/);
    proxy.set({});
  });

  it("switches faults over HTTP (POST /__lab/faults) and reports its counts", async () => {
    proxy.resetStats();
    const set = await setProxyFaults(proxy.url, { rate429: 1 });
    expect(set.faults).toMatchObject({ rate429: 1, maxLogRange: 1_000 });
    expect((await post(call("eth_blockNumber"))).status).toBe(429);
    await setProxyFaults(proxy.url, {});
    expect((await post(call("eth_blockNumber"))).status).toBe(200);
    expect((await proxyStats(proxy.url)).stats).toMatchObject({ answered429: 1, requests: 2 });
  });
});
