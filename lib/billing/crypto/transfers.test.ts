// Crediting crypto payments on a private chain standing in for Sepolia (its own RPC_URL_SEPOLIA, a billing
// finality depth of 3, reorgs by evm_snapshot / evm_revert): the test plays the log watcher's part, handing
// creditTransfer the logs of real receipts, so each step happens when the test says.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pbkdf2Sync } from "node:crypto";
import { createPublicClient, createWalletClient, decodeEventLog, encodeFunctionData, getAddress, http, pad, toHex, type Address, type Hex, type TransactionReceipt } from "viem";
import { generatePrivateKey, HDKey, privateKeyToAccount } from "viem/accounts";
import type { Inngest } from "inngest";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { startLocalChain, type LocalChain } from "@/lib/chain/local/node";
import { CHAIN_LOG, CHAIN_LOG_REMOVED, pollChainLogs, type ChainLogEventData } from "@/lib/chain/watch/watcher";
import { call, newTenant } from "@/test/client";
import { currentPlan } from "@/lib/billing/subscriptions";
import { PLANS } from "@/lib/billing/plans";
import { creditRemoved, creditTransfer, retireIdleSubscriptions, reverseOrphanedCredits, TRANSFER_TOPIC } from "@/lib/billing/crypto/transfers";

const DUE = BigInt(PLANS.growth.price_stablecoin);
const DAY_MS = 86_400_000;
const coin = artifact("LocalStablecoin");
const SETTINGS = ["RPC_URL_SEPOLIA", "BILLING_FINALITY_SEPOLIA", "BILLING_DEPOSIT_XPUB", "BILLING_USDC_SEPOLIA"] as const;
const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));

let sepolia: LocalChain;
let usdc: Address;
let wallet: ReturnType<typeof createWalletClient>;
let reader: ReturnType<typeof createPublicClient>;

async function rpc(method: string, params: unknown[] = []) {
  const response = await fetch(sepolia.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}
const mine = async (blocks: number) => {
  for (let i = 0; i < blocks; i++) await rpc("evm_mine");
};

beforeAll(async () => {
  sepolia = await startLocalChain({ port: 0, chainId: 11155111 });
  const account = privateKeyToAccount(generatePrivateKey());
  await rpc("hardhat_setBalance", [account.address, toHex(10n ** 20n)]);
  wallet = createWalletClient({ account, chain: sepolia.chain, transport: http(sepolia.rpcUrl) });
  reader = createPublicClient({ chain: sepolia.chain, transport: http(sepolia.rpcUrl) });
  const hash = await wallet.deployContract({ abi: coin.abi, bytecode: coin.bytecode, args: ["USD Coin (test)", "USDC", [account.address], 1_000n * DUE], account, chain: sepolia.chain });
  usdc = getAddress((await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })).contractAddress!);
  const seed = pbkdf2Sync("test test test test test test test test test test test junk", "mnemonic", 2048, 64, "sha512");
  Object.assign(process.env, {
    RPC_URL_SEPOLIA: sepolia.rpcUrl,
    BILLING_FINALITY_SEPOLIA: "3",
    BILLING_DEPOSIT_XPUB: HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'/0").publicExtendedKey,
    BILLING_USDC_SEPOLIA: usdc,
  });
});

afterAll(async () => {
  await db.chainLogSubscription.updateMany({ where: { chainKey: "sepolia", address: usdc }, data: { active: false } });
  for (const name of SETTINGS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await sepolia.stop();
});

async function tenant() {
  const t = await newTenant("Billing transfers");
  return { id: t.auth.tenant.id as string, token: t.accessToken as string };
}

async function checkout(t: { token: string }) {
  const res = await call("POST", "/v1/billing/crypto_checkout", { token: t.token, body: { plan: "growth", currency: "USDC", network: "sepolia" } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; deposit_address: Address };
}

const transferData = (to: Address, amount: bigint) => encodeFunctionData({ abi: coin.abi, functionName: "transfer", args: [to, amount] });
const receiptOf = (hash: Hex) => reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
const pay = async (to: Address, amount: bigint) => receiptOf(await wallet.sendTransaction({ to: usdc, data: transferData(to, amount), account: wallet.account!, chain: sepolia.chain }));

/** The `chain/log` event the watcher would send for the receipt's Transfer. */
function logOf(receipt: TransactionReceipt): ChainLogEventData {
  const log = receipt.logs.find((l) => getAddress(l.address) === usdc && l.topics[0] === TRANSFER_TOPIC)!;
  const { args } = decodeEventLog({ abi: coin.abi, eventName: "Transfer", data: log.data, topics: log.topics as [Hex, ...Hex[]] }) as { args: { from: Address; to: Address; value: bigint } };
  return {
    chain_key: "sepolia",
    address: usdc,
    event: "Transfer",
    topic0: TRANSFER_TOPIC,
    args: { from: args.from, to: args.to, value: args.value.toString() },
    block_number: Number(log.blockNumber),
    block_hash: log.blockHash!,
    transaction_hash: log.transactionHash!,
    log_index: Number(log.logIndex),
  };
}

const row = (id: string) => db.billingPayment.findUniqueOrThrow({ where: { id } });
const periodEnd = async (tenantId: string) => (await db.subscription.findUniqueOrThrow({ where: { tenantId } })).currentPeriodEnd!.getTime();

describe("crediting", () => {
  it("waits for the billing finality depth; a replay or the same transaction at another log index is counted once", async () => {
    const t = await tenant();
    const p = await checkout(t);
    const log = logOf(await pay(p.deposit_address, DUE));
    expect(await creditTransfer(log)).toEqual({ outcome: "awaiting_finality", payment: p.id, wait_blocks: 2 });
    await mine(1);
    expect((await creditTransfer(log)).outcome).toBe("awaiting_finality");
    expect((await row(p.id)).amountReceived).toBe("0");
    await mine(1);
    const outcomes = await Promise.all([creditTransfer(log), creditTransfer(log), creditTransfer({ ...log, log_index: log.log_index + 7 })]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["duplicate", "duplicate", "succeeded"]);
    expect(await row(p.id)).toMatchObject({ status: "succeeded", amountReceived: DUE.toString(), excessAmount: "0" });
    expect((await currentPlan(t.id)).plan.id).toBe("growth");
  });

  it("ignores a value-0 transfer without writing the payment", async () => {
    const p = await checkout(await tenant());
    const before = await row(p.id);
    const log = logOf(await pay(p.deposit_address, 0n));
    await mine(2);
    expect(await creditTransfer(log)).toEqual({ outcome: "ignored" });
    expect(await row(p.id)).toEqual(before);
  });

  it("two payments confirmed in one poll each extend the plan: 60 days", async () => {
    const t = await tenant();
    const [a, b] = [await checkout(t), await checkout(t)];
    const logs = [logOf(await pay(a.deposit_address, DUE)), logOf(await pay(b.deposit_address, DUE))];
    await mine(2);
    const started = Date.now();
    // Both credits are held at their payment's row lock and let go at the same instant, as in one poll.
    let release!: () => void;
    const held = db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM billing_payments WHERE id IN (${a.id}, ${b.id}) FOR UPDATE`;
      await new Promise<void>((resolve) => (release = resolve));
    });
    while (!release) await new Promise((resolve) => setTimeout(resolve, 10));
    const credits = Promise.all(logs.map((log) => creditTransfer(log)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    await held;
    expect((await credits).map((o) => o.outcome)).toEqual(["succeeded", "succeeded"]);
    expect(Math.abs((await periodEnd(t.id)) - started - 60 * DAY_MS)).toBeLessThan(60_000);
  });

  it("judges lateness by the block's time: paid in time but processed after the expiry is credited; paid after it is expired", async () => {
    const t = await tenant();
    const p = await checkout(t);
    const receipt = await pay(p.deposit_address, DUE);
    const paidAt = Number((await reader.getBlock({ blockNumber: receipt.blockNumber })).timestamp) * 1000;
    await db.billingPayment.update({ where: { id: p.id }, data: { expiresAt: new Date(paidAt + 500) } });
    while (Date.now() <= paidAt + 500) await new Promise((resolve) => setTimeout(resolve, 100));
    await mine(2);
    expect((await creditTransfer(logOf(receipt))).outcome).toBe("succeeded");
    expect((await currentPlan(t.id)).plan.id).toBe("growth");

    const u = await tenant();
    const late = await checkout(u);
    // Before the next block's time (the chain's clock runs ahead of ours when blocks are mined faster than 1 a second).
    await db.billingPayment.update({ where: { id: late.id }, data: { expiresAt: new Date(Number((await reader.getBlock()).timestamp) * 1000) } });
    const lateLog = logOf(await pay(late.deposit_address, DUE));
    await mine(2);
    // The outcome names the status it leaves.
    expect(await creditTransfer(lateLog)).toEqual({ outcome: "expired", payment: late.id });
    const expired = await row(late.id);
    expect(expired).toMatchObject({ status: "expired", amountReceived: DUE.toString() });
    expect((expired.transfers as { counted_as: string }[])[0].counted_as).toBe("late");
    expect((await currentPlan(u.id)).plan.id).toBe("free");
  });
});

describe("reorgs", () => {
  it("a credit whose block is orphaned is reversed and recorded, and the plan time it bought is taken back", async () => {
    const t = await tenant();
    const p = await checkout(t);
    const snapshot = await rpc("evm_snapshot");
    const log = logOf(await pay(p.deposit_address, DUE));
    await mine(2);
    expect((await creditTransfer(log)).outcome).toBe("succeeded");
    expect((await currentPlan(t.id)).plan.id).toBe("growth");

    await rpc("evm_revert", [snapshot]);
    await mine(4); // the new branch, longer, without the payment
    expect((await reverseOrphanedCredits()).reversed).toBeGreaterThanOrEqual(1);
    const reversed = await row(p.id);
    expect(reversed).toMatchObject({ status: "pending", amountReceived: "0", excessAmount: "0", succeededAt: null });
    expect(reversed.transfers).toEqual([expect.objectContaining({ transaction_hash: log.transaction_hash, reversed_at: expect.any(Number), plan_days_taken_back: 30 })]);
    expect((await currentPlan(t.id)).plan.id).toBe("free");
    // The old branch's log, sent again, is not on the chain: nothing is credited.
    expect((await creditTransfer(log)).outcome).toBe("orphaned");
    // Checked again, nothing more changes.
    await reverseOrphanedCredits();
    expect(await row(p.id)).toMatchObject({ amountReceived: "0", transfers: reversed.transfers });
  });

  it("a credit whose transaction is re-mined in another block moves with it and stays credited once", async () => {
    const t = await tenant();
    const p = await checkout(t);
    const snapshot = await rpc("evm_snapshot");
    const request = await wallet.prepareTransactionRequest({ to: usdc, data: transferData(p.deposit_address, DUE), account: wallet.account!, chain: sepolia.chain });
    const signed = await wallet.signTransaction(request as never);
    const first = logOf(await receiptOf(await wallet.sendRawTransaction({ serializedTransaction: signed })));
    await mine(2);
    expect((await creditTransfer(first)).outcome).toBe("succeeded");
    const end = await periodEnd(t.id);

    await rpc("evm_revert", [snapshot]);
    await mine(1); // the same signed bytes land one block later on the new branch
    const again = logOf(await receiptOf(await wallet.sendRawTransaction({ serializedTransaction: signed })));
    await mine(2);
    expect(again.block_number).toBe(first.block_number + 1);
    expect((await reverseOrphanedCredits()).moved).toBeGreaterThanOrEqual(1);
    expect((await creditTransfer(again)).outcome).toBe("duplicate");
    const moved = await row(p.id);
    expect(moved).toMatchObject({ status: "succeeded", amountReceived: DUE.toString() });
    expect(moved.transfers).toEqual([expect.objectContaining({ block_number: again.block_number, block_hash: again.block_hash })]);
    expect(await periodEnd(t.id)).toBe(end);
  });
});

describe("the watcher's removed logs", () => {
  it("a Transfer the watcher delivered, then saw orphaned, has its credit reversed at once by chain/log.removed", async () => {
    const sent: { name: string; data: ChainLogEventData }[] = [];
    const capturing = { send: async (events: typeof sent) => void sent.push(...events) } as unknown as Inngest.Any;
    const delivered = (name: string, to: Address) => sent.filter((e) => e.name === name && (e.data.args as { to: string }).to === to).map((e) => e.data);
    const t = await tenant();
    const p = await checkout(t);
    await pollChainLogs("sepolia", { inngest: capturing }); // past the fork point
    const snapshot = await rpc("evm_snapshot");
    const paid = await pay(p.deposit_address, DUE);
    await mine(3);
    await pollChainLogs("sepolia", { inngest: capturing });
    const [log] = delivered(CHAIN_LOG, p.deposit_address);
    expect(log).toMatchObject({ transaction_hash: paid.transactionHash, block_hash: paid.blockHash });
    expect((await creditTransfer(log)).outcome).toBe("succeeded");
    expect((await currentPlan(t.id)).plan.id).toBe("growth");

    await rpc("evm_revert", [snapshot]);
    await mine(5); // the new branch, longer, without the payment
    await pollChainLogs("sepolia", { inngest: capturing });
    const [removed] = delivered(CHAIN_LOG_REMOVED, p.deposit_address);
    expect(removed).toEqual({ ...log, removed: true });
    expect(await creditRemoved(removed)).toEqual({ outcome: "reversed", payment: p.id });
    expect(await row(p.id)).toMatchObject({ status: "pending", amountReceived: "0" });
    expect((await currentPlan(t.id)).plan.id).toBe("free");
    // Idempotent: the removal again changes nothing.
    expect((await creditRemoved(removed)).outcome).toBe("unchanged");
    expect(await row(p.id)).toMatchObject({ status: "pending", amountReceived: "0" });
  });
});

describe("the token subscription", () => {
  it("follows only the deposit addresses that wait; a payment made while another is watched is added without losing a block, and both are credited", async () => {
    const sent: { name: string; data: ChainLogEventData }[] = [];
    const capturing = { send: async (events: typeof sent) => void sent.push(...events) } as unknown as Inngest.Any;
    const active = () => db.chainLogSubscription.findMany({ where: { chainKey: "sepolia", address: usdc, active: true } });
    const first = await checkout(await tenant());
    await pollChainLogs("sepolia", { inngest: capturing });
    const [watching] = await active();
    expect(JSON.parse(watching.topicFilter)[1]).toContain(pad(first.deposit_address).toLowerCase());

    // Paid to the first address in a block the watcher has not scanned yet; a second checkout then changes the filter.
    const paidFirst = await pay(first.deposit_address, DUE);
    const elsewhere = await pay(privateKeyToAccount(generatePrivateKey()).address, 5n); // no payment's: the RPC filters it out
    const t2 = await tenant();
    const second = await checkout(t2);
    const [switched] = await active();
    expect(switched.id).not.toBe(watching.id);
    expect(JSON.parse(switched.topicFilter)[1]).toEqual(expect.arrayContaining([pad(first.deposit_address).toLowerCase(), pad(second.deposit_address).toLowerCase()]));
    expect(switched.fromBlock).toBeLessThanOrEqual(paidFirst.blockNumber);
    const paidSecond = await pay(second.deposit_address, DUE);
    await mine(3);
    await pollChainLogs("sepolia", { inngest: capturing });

    const logs = sent.filter((e) => e.name === CHAIN_LOG).map((e) => e.data);
    expect(logs.map((l) => l.transaction_hash)).not.toContain(elsewhere.transactionHash);
    for (const [p, paid] of [[first, paidFirst], [second, paidSecond]] as const) {
      const log = logs.find((l) => l.transaction_hash === paid.transactionHash)!;
      expect(log, p.id).toBeDefined();
      expect((await creditTransfer(log)).outcome).toBe("succeeded");
    }
    // Both paid: their addresses leave the filter.
    await retireIdleSubscriptions();
    const remaining = (await active()).flatMap((s) => JSON.parse(s.topicFilter)[1] as string[]);
    expect(remaining).not.toContain(pad(first.deposit_address).toLowerCase());
    expect(remaining).not.toContain(pad(second.deposit_address).toLowerCase());
  });

  it("is retired once no payment waits on it, and a new checkout follows the token again", async () => {
    const quiet = { send: async () => undefined } as unknown as Inngest.Any;
    const active = () => db.chainLogSubscription.findMany({ where: { chainKey: "sepolia", address: usdc, active: true } });
    await checkout(await tenant());
    expect(await active()).toHaveLength(1);
    await pollChainLogs("sepolia", { inngest: quiet });
    await retireIdleSubscriptions();
    expect(await active()).toHaveLength(1); // a payment waits

    // Every payment on the token expired before the newest block scanned.
    const chainNow = Number((await reader.getBlock()).timestamp) * 1000;
    await db.billingPayment.updateMany({ where: { tokenAddress: usdc, status: { not: "succeeded" } }, data: { expiresAt: new Date(chainNow) } });
    await mine(2);
    await pollChainLogs("sepolia", { inngest: quiet });
    await retireIdleSubscriptions();
    expect(await active()).toHaveLength(0);

    await checkout(await tenant());
    expect(await active()).toHaveLength(1);
  });
});
