// The log watcher against real chains: the shared local chain (1 confirmation) and a private one standing
// in for Sepolia (configured confirmations, reorgs). Logs must reach a durable function as `chain/log`.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPublicClient, createWalletClient, getAddress, http, pad, parseAbiItem, toHex, zeroAddress, type Address, type Chain, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { inngest as appClient } from "@/lib/jobs/client";
import type { LocalExecutor } from "@/lib/jobs/executor";
import { ended, runsOf, startTestExecutor, testClient, until } from "@/lib/jobs/testing";
import { artifact } from "@/lib/chain/artifacts";
import { localChainDefinition, startLocalChain, type LocalChain } from "@/lib/chain/local/node";
import { LOCAL_CHAIN_ID } from "@/lib/chain/local/accounts";
import { unwatchLogs, unwatchLogsIfIdle, watchLogs, watchLogsOnce } from "@/lib/chain/watch/subscriptions";
import { CHAIN_LOG, CHAIN_LOG_REMOVED, pollChainLogs, type ChainLogEventData } from "@/lib/chain/watch/watcher";
import type { Inngest } from "inngest";

const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
const token = artifact("PlatformERC20");

const jobs = testClient("chain-logs");
const awaitTransfer = jobs.createFunction({ id: "await-transfer", triggers: [{ event: "test/await-transfer" }] }, async ({ step }) => {
  const log = await step.waitForEvent("log", {
    event: CHAIN_LOG,
    timeout: "30s",
    if: "async.data.address == event.data.address && async.data.event == 'Transfer'",
  });
  return log?.data ?? null;
});

async function rpc(url: string, method: string, params: unknown[] = []) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** A fresh funded account (no nonce shared with other tests) that deploys a mintable token. */
async function tokenOn(url: string, chain: Chain) {
  const account = privateKeyToAccount(generatePrivateKey());
  await rpc(url, "hardhat_setBalance", [account.address, toHex(10n ** 20n)]);
  const wallet = createWalletClient({ account, chain, transport: http(url) });
  const reader = createPublicClient({ chain, transport: http(url) });
  const receipt = async (hash: Hex) => reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  const deployed = await receipt(
    await wallet.deployContract({ abi: token.abi, bytecode: token.bytecode, args: ["Watched", "WCH", 18, 0n, account.address, { mintable: true, burnable: false, pausable: false }] }),
  );
  // Receipts carry lowercase addresses; events carry checksummed ones.
  const address = getAddress(deployed.contractAddress!);
  return {
    address,
    deployedAt: deployed.blockNumber,
    mint: async (to: Address, value: bigint) => receipt(await wallet.writeContract({ address, abi: token.abi, functionName: "mint", args: [to, value] })),
    blockHash: async (blockNumber: bigint) => (await reader.getBlock({ blockNumber })).hash,
  };
}

async function chainLogs(address: Address, name = CHAIN_LOG): Promise<{ id: string; data: ChainLogEventData }[]> {
  const rows = await db.jobEvent.findMany({
    where: { name, payload: { path: ["data", "address"], equals: address } },
    orderBy: [{ receivedAt: "asc" }],
  });
  return rows
    .map((row) => row.payload as unknown as { id: string; data: ChainLogEventData })
    .sort((a, b) => a.data.block_number - b.data.block_number || a.data.log_index - b.data.log_index);
}

const alice = privateKeyToAccount(generatePrivateKey()).address;
const bob = privateKeyToAccount(generatePrivateKey()).address;
const subscriptions: string[] = [];

afterAll(async () => {
  // Lets a watch-chain-logs run started by these subscriptions end at its next poll.
  for (const id of subscriptions) await unwatchLogs(id);
});

describe("on the local chain (1 confirmation)", () => {
  const url = inject("localChainRpcUrl");
  const chain = localChainDefinition(LOCAL_CHAIN_ID, url);
  let executor: LocalExecutor;

  beforeAll(async () => {
    executor = await startTestExecutor({ client: jobs, functions: [awaitTransfer] });
  });
  afterAll(() => executor.stop());

  it("sends each Transfer once as chain/log, moves the cursor, and wakes the function waiting for it", async () => {
    const watched = await tokenOn(url, chain);
    const triggered = await jobs.send({ name: "test/await-transfer", data: { address: watched.address } });
    const waitingFor = triggered.ids[0];
    await until(async () => (await runsOf(awaitTransfer, jobs.id, waitingFor)).find((r) => r.status === "waiting"));
    const subscription = await watchLogs({ network: "polygon_amoy", address: watched.address, event: TRANSFER, fromBlock: watched.deployedAt + 1n });
    subscriptions.push(subscription.id);
    expect(subscription.chainKey).toBe("local");

    const first = await watched.mint(alice, 5n);
    const second = await watched.mint(bob, 7n);
    await pollChainLogs("local");

    const logs = await chainLogs(watched.address);
    expect(logs.map((l) => l.data)).toEqual([
      expect.objectContaining({ chain_key: "local", event: "Transfer", args: { from: zeroAddress, to: alice, value: "5" }, block_number: Number(first.blockNumber), transaction_hash: first.transactionHash }),
      expect.objectContaining({ chain_key: "local", event: "Transfer", args: { from: zeroAddress, to: bob, value: "7" }, block_number: Number(second.blockNumber), transaction_hash: second.transactionHash }),
    ]);
    expect(logs[0].id).toBe(`log:local:${first.blockHash}:${logs[0].data.log_index}`);

    const again = await pollChainLogs("local");
    expect(again.sent).toBe(0);
    expect(await chainLogs(watched.address)).toHaveLength(2);

    const cursor = await db.chainLogCursor.findUniqueOrThrow({ where: { chainKey: "local" } });
    expect(cursor.lastBlock).toBeGreaterThanOrEqual(second.blockNumber);
    expect(cursor.lastBlockHash).toBe(await watched.blockHash(cursor.lastBlock));

    const run = await ended(awaitTransfer, jobs.id, waitingFor);
    expect(run.output).toMatchObject({ address: watched.address, event: "Transfer", args: { to: alice, value: "5" } });
  });

  it("stops sending a subscription's logs once it is removed", async () => {
    const watched = await tokenOn(url, chain);
    const subscription = await watchLogs({ chainKey: "local", address: watched.address, event: TRANSFER, fromBlock: watched.deployedAt + 1n });
    subscriptions.push(subscription.id);
    await watched.mint(alice, 1n);
    await pollChainLogs("local");
    expect(await unwatchLogs(subscription.id)).toBe(true);
    await watched.mint(alice, 2n);
    await pollChainLogs("local");
    expect((await chainLogs(watched.address)).map((l) => l.data.args)).toEqual([{ from: zeroAddress, to: alice, value: "1" }]);
  });

  it("sends only the logs a subscription's topic filter names (Transfers to one address), filtered by the RPC", async () => {
    const watched = await tokenOn(url, chain);
    const subscription = await watchLogs({ chainKey: "local", address: watched.address, event: TRANSFER, fromBlock: watched.deployedAt + 1n, topics: [null, pad(alice)] });
    subscriptions.push(subscription.id);
    expect(subscription.topics).toEqual([null, pad(alice).toLowerCase()]);
    await watched.mint(bob, 1n);
    await watched.mint(alice, 2n);
    await pollChainLogs("local");
    expect((await chainLogs(watched.address)).map((l) => l.data.args)).toEqual([{ from: zeroAddress, to: alice, value: "2" }]);
    // The same filter spelled otherwise is the same subscription; another filter is another.
    expect((await watchLogsOnce({ chainKey: "local", address: watched.address, event: TRANSFER, topics: [null, [pad(alice).toUpperCase().replace("0X", "0x") as Hex], null] })).id).toBe(subscription.id);
    const toBob = await watchLogsOnce({ chainKey: "local", address: watched.address, event: TRANSFER, topics: [null, pad(bob)] });
    subscriptions.push(toBob.id);
    expect(toBob.id).not.toBe(subscription.id);
  });

  it("deactivates a subscription when nothing waits, and keeps one asked for while the check ran", async () => {
    const watched = await tokenOn(url, chain);
    const subscription = await watchLogsOnce({ chainKey: "local", address: watched.address, event: TRANSFER, topics: [null, pad(bob)] });
    subscriptions.push(subscription.id);
    expect(await unwatchLogsIfIdle(subscription.id, async () => true)).toBe(false);
    // A waiter registers while the check runs: the subscription stays.
    expect(await unwatchLogsIfIdle(subscription.id, async () => {
      await watchLogsOnce({ chainKey: "local", address: watched.address, event: TRANSFER, topics: [null, pad(bob)] });
      return false;
    })).toBe(false);
    expect(await unwatchLogsIfIdle(subscription.id, async () => false)).toBe(true);
    expect((await db.chainLogSubscription.findUniqueOrThrow({ where: { id: subscription.id } })).active).toBe(false);
    // Asked for again: a new one.
    const again = await watchLogsOnce({ chainKey: "local", address: watched.address, event: TRANSFER, topics: [null, pad(bob)] });
    subscriptions.push(again.id);
    expect(again.id).not.toBe(subscription.id);
  });

  it("follows the chain through the watch-chain-logs function, without anyone polling", async () => {
    const watched = await tokenOn(url, chain);
    // Registering asks for a watcher run, which the test run's executor (test/global-setup.ts) drives.
    subscriptions.push((await watchLogs({ chainKey: "local", address: watched.address, event: "Transfer(address indexed from, address indexed to, uint256 value)" })).id);
    await watched.mint(bob, 3n);
    const [log] = await until(async () => {
      const logs = await chainLogs(watched.address);
      return logs.length ? logs : undefined;
    }, 20_000);
    expect(log.data.args).toEqual({ from: zeroAddress, to: bob, value: "3" });
  });
});

describe("on a network with RPC_URL_SEPOLIA (its own chain) and CONFIRMATIONS_SEPOLIA", () => {
  let sepolia: LocalChain;
  const saved = { rpc: process.env.RPC_URL_SEPOLIA, confirmations: process.env.CONFIRMATIONS_SEPOLIA };

  beforeAll(async () => {
    sepolia = await startLocalChain({ port: 0, chainId: 11155111 });
    process.env.RPC_URL_SEPOLIA = sepolia.rpcUrl;
  });
  afterAll(async () => {
    for (const [name, value] of [["RPC_URL_SEPOLIA", saved.rpc], ["CONFIRMATIONS_SEPOLIA", saved.confirmations]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await sepolia.stop();
  });

  /** A token watched from its first block (1 confirmation), the cursor already past it. */
  async function watchedPastItsStart() {
    process.env.CONFIRMATIONS_SEPOLIA = "1";
    const watched = await tokenOn(sepolia.rpcUrl, sepolia.chain);
    subscriptions.push((await watchLogs({ chainKey: "sepolia", address: watched.address, event: TRANSFER, fromBlock: watched.deployedAt + 1n })).id);
    await pollChainLogs("sepolia");
    return watched;
  }

  it("sends a log only once it has 3 confirmations", async () => {
    process.env.CONFIRMATIONS_SEPOLIA = "3";
    const watched = await tokenOn(sepolia.rpcUrl, sepolia.chain);
    const subscription = await watchLogs({ network: "sepolia", address: watched.address, event: TRANSFER, fromBlock: watched.deployedAt + 1n });
    subscriptions.push(subscription.id);
    expect(subscription.chainKey).toBe("sepolia");

    const minted = await watched.mint(alice, 9n);
    expect((await pollChainLogs("sepolia")).safe).toBe(minted.blockNumber - 2n);
    await rpc(sepolia.rpcUrl, "evm_mine");
    await pollChainLogs("sepolia");
    expect(await chainLogs(watched.address)).toEqual([]);

    await rpc(sepolia.rpcUrl, "evm_mine");
    await pollChainLogs("sepolia");
    const logs = await chainLogs(watched.address);
    expect(logs.map((l) => [l.data.chain_key, l.data.block_number, l.data.args])).toEqual([["sepolia", Number(minted.blockNumber), { from: zeroAddress, to: alice, value: "9" }]]);
  });

  it("after a reorg, rescans and sends the logs of the new branch", async () => {
    process.env.CONFIRMATIONS_SEPOLIA = "1";
    const watched = await tokenOn(sepolia.rpcUrl, sepolia.chain);
    subscriptions.push((await watchLogs({ chainKey: "sepolia", address: watched.address, event: TRANSFER, fromBlock: watched.deployedAt + 1n })).id);
    const snapshot = await rpc(sepolia.rpcUrl, "evm_snapshot");
    const orphaned = await watched.mint(alice, 1n);
    await pollChainLogs("sepolia");

    await rpc(sepolia.rpcUrl, "evm_revert", [snapshot]);
    const replacement = await watched.mint(bob, 2n);
    expect(replacement.blockNumber).toBe(orphaned.blockNumber);
    await pollChainLogs("sepolia");

    const logs = await chainLogs(watched.address);
    // The abandoned branch's event was already sent; the new branch's log is a new event (new block hash).
    expect(logs.map((l) => [l.data.block_hash, l.data.args])).toEqual(
      expect.arrayContaining([
        [orphaned.blockHash, { from: zeroAddress, to: alice, value: "1" }],
        [replacement.blockHash, { from: zeroAddress, to: bob, value: "2" }],
      ]),
    );
    expect(logs).toHaveLength(2);
    const cursor = await db.chainLogCursor.findUniqueOrThrow({ where: { chainKey: "sepolia" } });
    expect([cursor.lastBlock, cursor.lastBlockHash]).toEqual([replacement.blockNumber, replacement.blockHash]);
  });

  it("after a reorg deeper than the confirmations, walks back to the last common block and sends the new branch's logs", async () => {
    const watched = await watchedPastItsStart(); // the cursor passes the fork point
    const snapshot = await rpc(sepolia.rpcUrl, "evm_snapshot");
    const orphaned = await watched.mint(alice, 1n);
    for (let i = 0; i < 3; i++) await rpc(sepolia.rpcUrl, "evm_mine");
    await pollChainLogs("sepolia");

    // A 4-block branch replaces it, one block longer: the old cursor block (3 above the log) has another hash.
    await rpc(sepolia.rpcUrl, "evm_revert", [snapshot]);
    const replacement = await watched.mint(bob, 2n);
    for (let i = 0; i < 4; i++) await rpc(sepolia.rpcUrl, "evm_mine");
    expect(replacement.blockNumber).toBe(orphaned.blockNumber);
    await pollChainLogs("sepolia");

    const logs = await chainLogs(watched.address);
    expect(logs.map((l) => [l.data.block_hash, l.data.args])).toEqual([
      [orphaned.blockHash, { from: zeroAddress, to: alice, value: "1" }],
      [replacement.blockHash, { from: zeroAddress, to: bob, value: "2" }],
    ]);
  });

  it("a reorg during a scan is caught at the next poll: the cursor keeps the hash the scan saw, not one read after it", async () => {
    const watched = await watchedPastItsStart();
    const snapshot = await rpc(sepolia.rpcUrl, "evm_snapshot");
    const orphaned = await watched.mint(alice, 1n);
    let replacement: Awaited<ReturnType<typeof watched.mint>> | undefined;
    // The chain reorganises while the poll sends the orphaned log: after the scan, before progress is stored.
    const reorgingClient = {
      send: async (events: Parameters<typeof appClient.send>[0]) => {
        const sent = await appClient.send(events);
        if (!replacement) {
          await rpc(sepolia.rpcUrl, "evm_revert", [snapshot]);
          replacement = await watched.mint(bob, 2n);
        }
        return sent;
      },
    } as unknown as Inngest.Any;
    await pollChainLogs("sepolia", { inngest: reorgingClient });
    expect(replacement!.blockNumber).toBe(orphaned.blockNumber);
    await pollChainLogs("sepolia");

    const logs = await chainLogs(watched.address);
    expect(logs.map((l) => [l.data.block_hash, l.data.args])).toEqual([
      [orphaned.blockHash, { from: zeroAddress, to: alice, value: "1" }],
      [replacement!.blockHash, { from: zeroAddress, to: bob, value: "2" }],
    ]);
  });

  it("a reorg within the finality window sends each orphaned log again as chain/log.removed, once; a reorg beyond it does not", async () => {
    const watched = await watchedPastItsStart();
    const snapshot = await rpc(sepolia.rpcUrl, "evm_snapshot");
    const orphaned = await watched.mint(alice, 1n);
    const kept = await watched.mint(alice, 3n); // also orphaned (the reverted pool loses both)
    await pollChainLogs("sepolia");
    expect(await chainLogs(watched.address, CHAIN_LOG_REMOVED)).toEqual([]);

    await rpc(sepolia.rpcUrl, "evm_revert", [snapshot]);
    const replacement = await watched.mint(bob, 2n);
    for (let i = 0; i < 2; i++) await rpc(sepolia.rpcUrl, "evm_mine");
    await pollChainLogs("sepolia");
    await pollChainLogs("sepolia");

    const removed = await chainLogs(watched.address, CHAIN_LOG_REMOVED);
    expect(removed.map((l) => [l.id, l.data.removed, l.data.block_hash, l.data.args])).toEqual([
      [`log-removed:sepolia:${orphaned.blockHash}:${removed[0].data.log_index}`, true, orphaned.blockHash, { from: zeroAddress, to: alice, value: "1" }],
      [`log-removed:sepolia:${kept.blockHash}:${removed[1].data.log_index}`, true, kept.blockHash, { from: zeroAddress, to: alice, value: "3" }],
    ]);
    expect((await chainLogs(watched.address)).map((l) => l.data.block_hash).sort()).toEqual([orphaned.blockHash, replacement.blockHash, kept.blockHash].sort());
    // Forgotten once sent: no second removal, and nothing kept of the abandoned branch.
    expect(await db.chainLogDelivery.count({ where: { chainKey: "sepolia", blockHash: { in: [orphaned.blockHash, kept.blockHash] } } })).toBe(0);

    // Deeper than FINALITY_BLOCKS_SEPOLIA: the delivery is forgotten, and its block's loss withdraws nothing.
    process.env.FINALITY_BLOCKS_SEPOLIA = "2";
    try {
      const deep = await rpc(sepolia.rpcUrl, "evm_snapshot");
      const final = await watched.mint(alice, 4n);
      for (let i = 0; i < 3; i++) await rpc(sepolia.rpcUrl, "evm_mine");
      await pollChainLogs("sepolia");
      expect(await db.chainLogDelivery.count({ where: { chainKey: "sepolia", blockHash: final.blockHash } })).toBe(0);
      await rpc(sepolia.rpcUrl, "evm_revert", [deep]);
      for (let i = 0; i < 5; i++) await rpc(sepolia.rpcUrl, "evm_mine");
      await pollChainLogs("sepolia");
      expect(await chainLogs(watched.address, CHAIN_LOG_REMOVED)).toHaveLength(2);
    } finally {
      delete process.env.FINALITY_BLOCKS_SEPOLIA;
    }
  });
});
