// Every Inngest function of the app under Inngest's own engine (@inngest/test), against the real database
// and the real local chain of the test run: what each does when Inngest Cloud runs it, with step results
// memoised (a mocked step is not run again), how a thrown step or function error is reported (retried or
// final), and the sleep of the webhook schedule. The onFailure handler is called as Inngest calls it, through
// the serve() handler. lib/jobs/inngest-parity.test.ts shows the local executor reads these answers the same way.
// (The test run's own executor runs these functions too; each case here uses rows that executor leaves alone.)
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { InngestTestEngine, mockCtx } from "@inngest/test";
import type { InngestFunction } from "inngest";
import { encodeDeployData, getAddress, type Address } from "viem";
import { inngest } from "@/lib/jobs/client";
import { functions } from "@/inngest/functions";
import { db, pool } from "@/lib/db";
import { newId } from "@/lib/core/ids";
import { artifact } from "@/lib/chain/artifacts";
import { publicClient } from "@/lib/chain/network/clients";
import { CHAIN_LOG } from "@/lib/chain/watch/watcher";
import { CHAIN_WATCH_REQUESTED } from "@/lib/chain/watch/subscriptions";
import { recordChainWrite, WALLET_WORK } from "@/lib/chain/intake";
import { workFor } from "@/lib/chain/intake/record";
import { tenantWallet } from "@/lib/chain/eoa/wallets";
import { DELIVERY_REQUESTED } from "@/lib/webhooks/outbox";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";
import { callFunction } from "@/lib/jobs/protocol";
import { describeApp } from "@/lib/jobs/registry";
import { call, newTenant } from "@/test/client";
import { account, deployContract, send } from "@/lib/tokens/testing";
import { processWallet } from "./process-wallet";
import { reconcileTransactionsCron } from "./reconcile-transactions";
import { walletRunwayCron } from "./wallet-runway";
import { retention } from "./retention";
import { deliverWebhook } from "./webhook-deliver";
import { webhookOutbox } from "./webhook-outbox";
import { watchChainLogs } from "./watch-chain-logs";
import { connectUserOperationEvents, followRelayOperation, sweepRelaysCron } from "@/lib/connect/functions";
import { governanceLogs } from "@/lib/governance/functions";
import { vrfLocalFulfiller, vrfLogs } from "@/lib/vrf/functions";
import { billingCryptoExpiry, billingCryptoTransfers } from "@/lib/billing/functions";

type Fn = InngestFunction.Any;
type Event = { name: string; data: Record<string, unknown>; id?: string };

/**
 * Inngest's engine for one run of `fn`. The run id stays the same across the engine's requests, as on Inngest
 * (@inngest/test would draw a new one per request; webhook-deliver claims its delivery by run id).
 */
const engine = (fn: Fn, event?: Event, runId = `run_${randomBytes(8).toString("hex")}`) =>
  new InngestTestEngine({
    function: fn,
    ...(event ? { events: [event] } : {}),
    transformCtx: (ctx) => ({ ...mockCtx(ctx), runId }) as unknown as typeof ctx,
  });
const cron = (expression = "* * * * *"): Event => ({ name: "inngest/scheduled.timer", data: { cron: expression } });
const tested = new Set<Fn>();
const covers = (fn: Fn) => (tested.add(fn), fn.id());

/** What the SDK answers Inngest for a run that failed with this error: retried unless it is final. */
const isFinal = (error: unknown) => (error as { name?: string }).name === "NonRetriableError";

const receivers: Receiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

/** A token deployment by the tenant's wallet: a chain write with real effects. */
function deployData(wallet: { address: string }) {
  const PlatformERC20 = artifact("PlatformERC20");
  return encodeDeployData({ abi: PlatformERC20.abi, bytecode: PlatformERC20.bytecode, args: ["Engine", "ENG", 18, 0n, wallet.address as Address, { mintable: true, burnable: false, pausable: false }] } as never);
}

describe(covers(processWallet), () => {
  it("sends the wallet's open record on the real chain and reports nothing left open", async () => {
    const t = await newTenant("Engine");
    const tenantId = t.auth.tenant.id as string;
    const wallet = await tenantWallet(tenantId, false);
    // Recorded without waking the wallet: no run of the test's executor takes it (the reconciler waits 2 minutes).
    const record = await recordChainWrite({
      tenantId, livemode: false, network: "polygon_amoy", kind: "token.deploy", request: {},
      data: deployData(wallet),
    });
    const { result, ctx } = await engine(processWallet, { name: WALLET_WORK, data: { ...workFor(record) } }).execute();
    expect(result).toEqual({ wallet: `${record.fromAddress}:${record.chainKey}`, open: 0 });
    expect(ctx.step.run).not.toHaveBeenCalled(); // no steps on purpose: the records are the state machine
    const done = await db.transaction.findUniqueOrThrow({ where: { id: record.id } });
    expect(done.status).toBe("confirmed");
    expect(await publicClient("polygon_amoy").getCode({ address: done.contractAddress as Address })).toMatch(/^0x[0-9a-f]{10,}/);

    // A second run (a retry, or a duplicate event) finds nothing to do and changes nothing.
    const again = await engine(processWallet, { name: WALLET_WORK, data: { ...workFor(record) } }).execute();
    expect(again.result).toEqual({ wallet: `${record.fromAddress}:${record.chainKey}`, open: 0 });
    expect((await db.transaction.findUniqueOrThrow({ where: { id: record.id } })).nonce).toBe(done.nonce);
  });

  it("a chain mismatch is final (NonRetriableError): the records wait for an instance serving their chain", async () => {
    const address = getAddress(`0x${randomBytes(20).toString("hex")}`);
    const { error } = await engine(processWallet, {
      name: WALLET_WORK,
      data: { wallet: `${address}:eip155:999`, from: address, chainKey: "eip155:999", network: "polygon_amoy", submitter: "eoa" },
    }).execute();
    expect(error).toMatchObject({ name: "NonRetriableError", message: expect.stringContaining("check RPC_URL_*") });
  });
});

describe(covers(reconcileTransactionsCron), () => {
  it("re-dispatches a record nobody moved for two minutes, and memoises its count", async () => {
    const t = await newTenant("Reconcile");
    const tenantId = t.auth.tenant.id as string;
    const record = await recordChainWrite({ tenantId, livemode: false, network: "polygon_amoy", kind: "token.deploy", request: {}, data: deployData(await tenantWallet(tenantId, false)) });
    await pool.query(`UPDATE transactions SET updated_at = now() - interval '3 minutes', created_at = now() - interval '3 minutes' WHERE id = $1`, [record.id]);
    const { result } = await engine(reconcileTransactionsCron, cron()).execute();
    expect(result).toBeGreaterThanOrEqual(1);
    // The dispatched run (the test's executor plays Inngest here) sends it.
    await until(async () => (await db.transaction.findUniqueOrThrow({ where: { id: record.id } })).status === "confirmed");

    // Memoised: a resumed run answers the saved count and does not reconcile again.
    const resumed = await engine(reconcileTransactionsCron, cron()).execute({ steps: [{ id: "reconcile", handler: () => 41 }] });
    expect(resumed.result).toBe(41);
  });

  it("is not retried (retries: 0): a failed run is followed by the next minute's run", () => {
    const [config] = (reconcileTransactionsCron as unknown as { getConfig(o: { baseUrl: URL; appPrefix: string }): { steps: { step: { retries: { attempts: number } } } }[] })
      .getConfig({ baseUrl: new URL("https://platform.example/api/inngest"), appPrefix: inngest.id });
    expect(config.steps.step.retries.attempts).toBe(0); // what Inngest Cloud is told at sync
    expect(describeApp(inngest, [reconcileTransactionsCron]).functions.get(reconcileTransactionsCron.id(inngest.id))!.maxAttempts).toBe(1);
  });
});

describe(covers(retention), () => {
  it("prunes what is past its retention, one memoised step per table", async () => {
    const old = `engine-${randomBytes(6).toString("hex")}`;
    await pool.query(
      `INSERT INTO idempotency_records (tenant_id, livemode, key, request_hash, created_at) SELECT id, false, $1, 'h', now() - interval '25 hours' FROM tenants LIMIT 1`,
      [old],
    );
    const t = engine(retention, cron("17 * * * *"));
    // Resumed after the first step: its saved count is the answer, its body does not run again.
    const resumed = await t.execute({ steps: [{ id: "idempotency-records", handler: () => 5 }] });
    expect(resumed.result).toMatchObject({ idempotency_records: 5 });
    expect((await pool.query(`SELECT 1 FROM idempotency_records WHERE key = $1`, [old])).rowCount).toBe(1);

    const { result } = await engine(retention, cron("17 * * * *")).execute();
    expect(result).toEqual({ idempotency_records: expect.any(Number), rate_limit_windows: expect.any(Number), job_runs: expect.any(Number), job_events: expect.any(Number), audit_log: expect.any(Number), request_logs: expect.any(Number) });
    expect((result as { idempotency_records: number }).idempotency_records).toBeGreaterThanOrEqual(1);
    expect((await pool.query(`SELECT 1 FROM idempotency_records WHERE key = $1`, [old])).rowCount).toBe(0);
  });

  it("a retry resumes after the memoised steps: only the steps not yet done run again", async () => {
    const ran: string[] = [];
    const steps = [
      { id: "idempotency-records", handler: () => (ran.push("idempotency-records"), 1) },
      { id: "rate-limit-windows", handler: () => (ran.push("rate-limit-windows"), 2) },
    ];
    const retried = await engine(retention, cron("17 * * * *")).execute({ steps });
    expect(retried.result).toEqual({ idempotency_records: 1, rate_limit_windows: 2, job_runs: expect.any(Number), job_events: expect.any(Number), audit_log: expect.any(Number), request_logs: expect.any(Number) });
    expect(ran).toEqual(["idempotency-records", "rate-limit-windows"]); // each saved result read once, never re-run
    expect(retried.ctx.step.run).toHaveBeenCalledWith("job-runs", expect.any(Function));
  });
});

describe(covers(deliverWebhook), () => {
  /** A delivery of one of the tenant's events to an endpoint at `url`, recorded as the outbox does but driven by nobody. */
  async function undrivenDelivery(url: string) {
    const t = await newTenant("Deliver");
    const tenantId = t.auth.tenant.id as string;
    // Subscribed to an event this test never causes, so the outbox makes no delivery of its own to it.
    const endpoint = await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url, events: ["token.deployed"] } });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const event = await db.event.findFirstOrThrow({ where: { tenantId }, orderBy: { id: "asc" } });
    const id = newId("whd");
    await db.webhookDelivery.create({ data: { id, tenantId, endpointId: endpoint.body.id, eventId: event.id, eventType: event.type, enqueuedAt: new Date() } });
    return { id, eventId: event.id };
  }

  it("attempts, sleeps until the scheduled retry (step.sleepUntil), attempts again and succeeds", async () => {
    const receiver = await startReceiver((_, index) => (index < 2 ? 503 : 200));
    receivers.push(receiver);
    const delivery = await undrivenDelivery(receiver.url);
    const t = engine(deliverWebhook, { name: DELIVERY_REQUESTED, id: delivery.id, data: { delivery_id: delivery.id } });

    // The attempts really go to the receiver, which answers 503 twice. The schedule's first retry is at once
    // (no sleep); the second waits.
    const first = await t.executeStep("attempt-1");
    expect(first.result).toMatchObject({ outcome: "sent", ok: false, attempts: 1, status: "pending", delayMs: 0 });
    const m1 = { id: "attempt-1", handler: () => first.result };
    const second = await t.executeStep("attempt-2", { steps: [m1] });
    expect(second.result).toMatchObject({ outcome: "sent", ok: false, attempts: 2, status: "pending", delayMs: expect.any(Number) });
    const m2 = { id: "attempt-2", handler: () => second.result };
    expect(receiver.received).toHaveLength(2);
    // Then the run asks Inngest to sleep until the scheduled retry: an absolute date, so a restart does not move it.
    const wait = await t.executeStep("wait-3", { steps: [m1, m2] });
    expect(wait.step).toMatchObject({ op: "Sleep", name: new Date((second.result as { nextAttemptAt: number }).nextAttemptAt).toISOString() });
    expect(receiver.received).toHaveLength(2); // the memoised attempts are not sent again

    // Inngest resumes after the sleep with the sleep's null; attempt-3 goes out and succeeds.
    const { result } = await t.execute({ steps: [m1, m2, { id: "wait-3", handler: () => null }] });
    expect(result).toMatchObject({ outcome: "sent", ok: true, attempts: 3, status: "succeeded", nextAttemptAt: null });
    expect(receiver.received).toHaveLength(3);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "succeeded", attempts: 3 });
  });

  it("an attempt that throws on our side is retried (StepError) in the same run, then succeeds", async () => {
    const receiver = await startReceiver(() => 200);
    receivers.push(receiver);
    const delivery = await undrivenDelivery(receiver.url);
    const endpoint = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id }, select: { endpointId: true } });
    const { encrypted_secret: secret } = (await pool.query(`SELECT encrypted_secret FROM webhook_endpoints WHERE id = $1`, [endpoint.endpointId])).rows[0];
    // The endpoint's secret cannot be opened (e.g. a key rotation half done): signing throws.
    await pool.query(`UPDATE webhook_endpoints SET encrypted_secret = 'not-a-sealed-secret' WHERE id = $1`, [endpoint.endpointId]);
    const t = engine(deliverWebhook, { name: DELIVERY_REQUESTED, id: delivery.id, data: { delivery_id: delivery.id } });
    const failed = await t.executeStep("attempt-1");
    expect(failed.step.op).toBe("StepError"); // retriable: Inngest runs attempt-1 again after a backoff
    expect(receiver.received).toHaveLength(0);

    await pool.query(`UPDATE webhook_endpoints SET encrypted_secret = $2 WHERE id = $1`, [endpoint.endpointId, secret]);
    const { result } = await t.execute(); // the retry, in the same run
    expect(result).toMatchObject({ outcome: "sent", ok: true, attempts: 1, status: "succeeded" });
    expect(receiver.received).toHaveLength(1);
  });

  it("once Inngest gives up on the run, onFailure ends the delivery as failed", async () => {
    const delivery = await undrivenDelivery("http://127.0.0.1:9/never");
    const event: Event = { name: DELIVERY_REQUESTED, id: delivery.id, data: { delivery_id: delivery.id } };
    // Inngest calls the function's failure handler (the SDK's "<id>-failure" function) through serve().
    const app = describeApp(inngest, functions);
    const outcome = await callFunction(app.handler, {
      functionId: `${deliverWebhook.id(inngest.id)}-failure`,
      runId: "run_failure_engine",
      event: { name: "inngest/function.failed", data: { function_id: deliverWebhook.id(inngest.id), run_id: "run_x", error: { name: "Error", message: "database unreachable" }, event }, ts: Date.now() },
      steps: {},
      stack: [],
      attempt: 0,
      maxAttempts: 1,
    });
    expect(outcome.kind).toBe("completed");
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "failed",
      lastError: expect.stringContaining("database unreachable"),
    });
  });
});

describe(covers(webhookOutbox), () => {
  it("re-sends a delivery whose start was lost, and memoises the drain", async () => {
    const receiver = await startReceiver(() => 200);
    receivers.push(receiver);
    const t = await newTenant("Outbox");
    const tenantId = t.auth.tenant.id as string;
    const endpoint = await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url: receiver.url, events: ["token.deployed"] } });
    const event = await db.event.findFirstOrThrow({ where: { tenantId } });
    const id = newId("whd");
    // A crash after the fan-out, before its Inngest event was sent: enqueued_at never set.
    await db.webhookDelivery.create({ data: { id, tenantId, endpointId: endpoint.body.id, eventId: event.id, eventType: event.type, createdAt: new Date(Date.now() - 10 * 60_000) } });
    const { result } = await engine(webhookOutbox, cron()).execute();
    expect((result as { resent: number }).resent).toBeGreaterThanOrEqual(1);
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id } })).enqueuedAt).not.toBeNull();
    await receiver.waitFor(1); // and the delivery it started reached the receiver

    const resumed = await engine(webhookOutbox, cron()).execute({ steps: [{ id: "drain", handler: () => ({ events: 0, resent: 9 }) }] });
    expect(resumed.result).toEqual({ events: 0, resent: 9 });
  });
});

describe(covers(watchChainLogs), () => {
  it("the cron run asks for one watcher per watched chain (step.sendEvent)", async () => {
    const { result, ctx } = await engine(watchChainLogs, cron()).execute({
      steps: [
        { id: "watched-chains", handler: () => ["local", "eip155:80002"] },
        { id: "request-watchers", handler: () => ({ ids: ["a", "b"] }) },
      ],
    });
    expect(result).toEqual({ requested: ["local", "eip155:80002"] });
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("request-watchers", [
      expect.objectContaining({ name: CHAIN_WATCH_REQUESTED, data: { chain_key: "local" } }),
      expect.objectContaining({ name: CHAIN_WATCH_REQUESTED, data: { chain_key: "eip155:80002" } }),
    ]);
  });

  it("reads the watched chains from the database, and sends no event when there are none", async () => {
    const read = await engine(watchChainLogs, cron()).executeStep("watched-chains");
    expect(Array.isArray(read.result)).toBe(true);
    const { result, ctx } = await engine(watchChainLogs, cron()).execute({ steps: [{ id: "watched-chains", handler: () => [] }] });
    expect(result).toEqual({ requested: [] });
    expect(ctx.step.sendEvent).not.toHaveBeenCalled();
  });

  it("a watcher for a chain this deployment does not serve ends at once instead of failing", async () => {
    const { result } = await engine(watchChainLogs, { name: CHAIN_WATCH_REQUESTED, data: { chain_key: "eip155:424242" } }).execute();
    expect(result).toMatchObject({ chain_key: "eip155:424242", skipped: expect.any(String) });
  });
});

/** A user operation recorded as sent, for the connect functions. */
async function relayOperation(status: string, network = "polygon_amoy") {
  const id = `uop_${randomBytes(10).toString("hex")}`;
  const userOpHash = `0x${randomBytes(32).toString("hex")}`;
  await db.relayOperation.create({
    data: {
      id, tenantId: newId("ten"), accountId: `acct_${randomBytes(6).toString("hex")}`, network, chainId: "31337", sender: getAddress(`0x${randomBytes(20).toString("hex")}`),
      userOpHash, entryPoint: "0x0000000071727De22E5E9d8BAf0edAc6f37da032", nonce: "0", callData: "0x", userOperation: {}, status, submittedAt: new Date(),
    },
  });
  return { id, userOpHash };
}

describe(covers(followRelayOperation), () => {
  it("an operation already settled is reported as it is", async () => {
    const op = await relayOperation("confirmed");
    const { result } = await engine(followRelayOperation, { name: "connect/relay.submitted", data: { id: op.id } }).execute();
    expect(result).toMatchObject({ id: op.id, status: "confirmed" });
  });

  it("an operation that does not exist is final (StepFailed), never retried", async () => {
    const run = await engine(followRelayOperation, { name: "connect/relay.submitted", data: { id: "uop_missing" } }).executeStep("await-receipt");
    expect(run.step.op).toBe("StepFailed");
    expect(run.error).toMatchObject({ name: "NonRetriableError", message: expect.stringContaining("does not exist") });
  });

  it("a step that throws (the chain unreachable) is retried (StepError), and the retry finds it settled", async () => {
    const op = await relayOperation("pending", "no_such_network");
    const t = engine(followRelayOperation, { name: "connect/relay.submitted", data: { id: op.id } });
    const failed = await t.executeStep("await-receipt");
    expect(failed.step.op).toBe("StepError");
    // Meanwhile the log watcher settled it; the retried step reports that.
    await db.relayOperation.update({ where: { id: op.id }, data: { status: "confirmed" } });
    expect((await t.execute()).result).toMatchObject({ id: op.id, status: "confirmed" });
  });
});

describe(covers(connectUserOperationEvents), () => {
  it("ends the pending operation the EntryPoint's UserOperationEvent names, once", async () => {
    const op = await relayOperation("pending");
    const data = {
      chain_key: "local", address: "0x0000000071727De22E5E9d8BAf0edAc6f37da032", event: "UserOperationEvent", topic0: "0x49628fd1",
      args: { userOpHash: op.userOpHash, success: true, actualGasCost: "21000", actualGasUsed: "21000" },
      block_number: 7, block_hash: `0x${"11".repeat(32)}`, transaction_hash: `0x${"22".repeat(32)}`, log_index: 0,
    };
    const { result } = await engine(connectUserOperationEvents, { name: CHAIN_LOG, data }).execute();
    expect(result).toEqual([{ id: op.id, status: "confirmed" }]);
    expect(await db.relayOperation.findUniqueOrThrow({ where: { id: op.id } })).toMatchObject({ status: "confirmed", transactionHash: data.transaction_hash, actualGasUsed: "21000" });
    // The same log again (Inngest delivers at least once): nothing left to settle.
    expect((await engine(connectUserOperationEvents, { name: CHAIN_LOG, data }).execute()).result).toEqual([]);
  });
});

describe(covers(sweepRelaysCron), () => {
  it("sweeps the pending operations nobody follows, and memoises the sweep", async () => {
    const { result } = await engine(sweepRelaysCron, cron()).execute();
    expect(result).toMatchObject({ swept: expect.any(Number), ended: expect.any(Array), failed_reads: expect.any(Number) });
    const resumed = await engine(sweepRelaysCron, cron()).execute({ steps: [{ id: "sweep", handler: () => ({ swept: 3, ended: [], failed_reads: 0 }) }] });
    expect(resumed.result).toEqual({ swept: 3, ended: [], failed_reads: 0 });
  });
});

describe(covers(governanceLogs), () => {
  it("a log of no governance instance here emits nothing (a repeated or foreign log is a no-op)", async () => {
    const data = {
      chain_key: "local", address: getAddress(`0x${randomBytes(20).toString("hex")}`), event: "ProposalCreated", topic0: "0x7d84a626",
      args: {}, block_number: 1, block_hash: `0x${"33".repeat(32)}`, transaction_hash: `0x${"44".repeat(32)}`, log_index: 0,
    };
    const { result, ctx } = await engine(governanceLogs, { name: CHAIN_LOG, data }).execute();
    expect(result).toEqual([]); // the events it emitted
    expect(ctx.step.run).not.toHaveBeenCalled(); // one pass holds the contract's concurrency slot while it emits
  });
});

describe(covers(vrfLogs), () => {
  it("a fulfilment whose callback failed fails the pending request it names, on that chain only", async () => {
    const coordinator = getAddress(`0x${randomBytes(20).toString("hex")}`);
    const requestId = BigInt(`0x${randomBytes(16).toString("hex")}`).toString();
    const id = `vrfr_${randomBytes(8).toString("hex")}`;
    await db.vrfRequest.create({
      data: { id, tenantId: "ten_engine", consumerId: "vrfc_engine", network: "polygon_amoy", coordinator, consumer: coordinator, numWords: 2, requestId, status: "pending", txId: "tx_engine" },
    });
    const log = (chainKey: string) => ({
      chain_key: chainKey, address: coordinator, event: "RandomWordsFulfilled", topic0: "0x7dffc5ae",
      args: { requestId, success: false }, block_number: 1, block_hash: `0x${"55".repeat(32)}`, transaction_hash: `0x${"66".repeat(32)}`, log_index: 0,
    });
    await engine(vrfLogs, { name: CHAIN_LOG, data: log("eip155:1") }).execute(); // another chain's coordinator at that address
    expect((await db.vrfRequest.findUniqueOrThrow({ where: { id } })).status).toBe("pending");
    const { error } = await engine(vrfLogs, { name: CHAIN_LOG, data: log("local") }).execute();
    expect(error).toBeUndefined();
    expect(await db.vrfRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "failed", failureReason: expect.stringContaining("callback_gas_limit") });
  });
});

describe(covers(vrfLocalFulfiller), () => {
  it("fulfils the local coordinator's open requests (none here) and reports how many", async () => {
    const { result } = await engine(vrfLocalFulfiller, cron()).execute();
    expect(result).toEqual({ fulfilled: expect.any(Number) });
  });
});

describe(covers(billingCryptoTransfers), () => {
  it("credits a final Transfer to its deposit address once and activates the plan; the same transfer again changes nothing", async () => {
    const tenant = { id: (await newTenant("Engine billing")).auth.tenant.id as string };
    const random = () => getAddress(`0x${randomBytes(20).toString("hex")}`);
    // A stablecoin of its own, which no watcher follows: the test hands the function its log.
    const payer = await account(true);
    const coin = artifact("LocalStablecoin");
    const stablecoin = getAddress(await deployContract(payer.wallet, coin.abi, coin.bytecode, ["USD Coin (engine)", "USDC", [payer.address], 10n ** 12n]));
    const deposit = random();
    const id = newId("pay");
    await db.billingPayment.create({
      data: { id, tenantId: tenant.id, method: "crypto", plan: "growth", currency: "USDC", amountDue: "99000000", network: "polygon_amoy", tokenAddress: stablecoin, depositAddress: deposit, expiresAt: new Date(Date.now() + 3_600_000) },
    });
    const receipt = await send(payer.wallet, { address: stablecoin, abi: coin.abi, functionName: "transfer", args: [deposit, 99_000_000n] });
    const log = receipt.logs[0];
    const data = {
      chain_key: "local", address: stablecoin, event: "Transfer", topic0: log.topics[0],
      args: { from: payer.address, to: deposit, value: "99000000" }, block_number: Number(log.blockNumber), block_hash: log.blockHash, transaction_hash: log.transactionHash, log_index: log.logIndex,
    };
    const first = await engine(billingCryptoTransfers, { name: CHAIN_LOG, data }).execute();
    expect(first.result).toEqual({ outcome: "succeeded", payment: id });
    expect((await db.subscription.findUniqueOrThrow({ where: { tenantId: tenant.id } })).plan).toBe("growth");
    // Inngest delivers at least once, and a reorg may re-mine it at another log index: counted once.
    expect((await engine(billingCryptoTransfers, { name: CHAIN_LOG, data: { ...data, log_index: data.log_index + 5 } }).execute()).result).toEqual({ outcome: "duplicate", payment: id });
    expect(await db.billingPayment.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "succeeded", amountReceived: "99000000", excessAmount: "0" });
    // A transfer of another token to the same address is not this payment's.
    const other = await engine(billingCryptoTransfers, { name: CHAIN_LOG, data: { ...data, address: random(), log_index: 4 } }).execute();
    expect(other.result).toEqual({ outcome: "ignored" });
  });
});

describe(covers(billingCryptoExpiry), () => {
  it("marks a pending payment past its expiry expired, keeping what it received; rechecks credits against reorgs; retires idle subscriptions", async () => {
    const tenant = { id: (await newTenant("Engine expiry")).auth.tenant.id as string };
    const id = newId("pay");
    await db.billingPayment.create({
      data: { id, tenantId: tenant.id, method: "crypto", plan: "growth", currency: "USDT", amountDue: "99000000", amountReceived: "1", network: "polygon_amoy", expiresAt: new Date(Date.now() - 1_000) },
    });
    const { result } = await engine(billingCryptoExpiry, cron()).execute();
    expect(result).toEqual({ expired: expect.any(Number), reorgs: { checked: expect.any(Number), moved: expect.any(Number), reversed: expect.any(Number) }, retired_subscriptions: expect.any(Number) });
    expect((result as { expired: number }).expired).toBeGreaterThanOrEqual(1);
    expect(await db.billingPayment.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "expired", amountReceived: "1" });
    expect((await db.subscription.findUnique({ where: { tenantId: tenant.id } }))?.plan ?? "free").toBe("free");
  });
});

describe(covers(walletRunwayCron), () => {
  it("records wallet.low_balance for a wallet that spent and holds less than its threshold's runway, once; memoised", async () => {
    const t = await newTenant("Runway");
    const tenantId = t.auth.tenant.id as string;
    const wallet = await tenantWallet(tenantId, false);
    const record = await recordChainWrite({ tenantId, livemode: false, network: "polygon_amoy", kind: "token.deploy", request: {}, data: deployData(wallet) });
    await engine(processWallet, { name: WALLET_WORK, data: { ...workFor(record) } }).execute();
    expect((await db.transaction.findUniqueOrThrow({ where: { id: record.id } })).status).toBe("confirmed");
    expect((await call("PUT", "/v1/settings/wallet-alerts", { token: t.apiKey, body: { low_balance_runway_days: 365 } })).status).toBe(200);
    await publicClient("polygon_amoy").request({ method: "hardhat_setBalance" as never, params: [wallet.address, "0x1"] as never });

    const { result } = await engine(walletRunwayCron, cron()).execute();
    expect(result).toEqual(expect.any(Number)); // events recorded (the test's executor may have run the same check first)
    await engine(walletRunwayCron, cron()).execute(); // still low: not again
    expect(await db.event.count({ where: { tenantId, type: "wallet.low_balance" } })).toBe(1);
    const resumed = await engine(walletRunwayCron, cron()).execute({ steps: [{ id: "check", handler: () => 5 }] });
    expect(resumed.result).toBe(5);
  });
});

describe("coverage", () => {
  it("every function the app serves is tested here under Inngest's engine", () => {
    const untested = functions.filter((fn) => !tested.has(fn)).map((fn) => fn.id());
    expect(untested).toEqual([]);
  });
});

async function until(probe: () => Promise<boolean>, timeoutMs = 30_000) {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
