// User operations under bundler faults (npm run test:faults): an HTTP proxy in front of the real alto
// (./bundler-proxy.ts) delays, loses, duplicates or replaces with a 502 the answer to eth_sendUserOperation
// after alto has accepted the operation; sign and cancel are raced. Whatever the API answered, the chain
// decides: each operation executes at most once (UserOperationEvent logs for its hash), and a record that
// ended says what the chain says (cancelled/failed never executed successfully; confirmed did).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getAddress, parseAbiItem, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { prepareUserOperation } from "@/lib/connect/user-ops/prepare";
import { api, chain, readUntil, tenant, type TestTenant } from "@/lib/tokens/testing";
import { startBundlerProxy, type BundlerProxy } from "./bundler-proxy";

const CHAIN_ID = "80002"; // polygon_amoy, served by the local chain
const SINK: Address = "0x00000000000000000000000000000000005e4c11";
const USER_OPERATION_EVENT = parseAbiItem(
  "event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)",
);
const ENDED = ["confirmed", "failed", "cancelled"];

let proxy: BundlerProxy;
let t: TestTenant;
let entryPoint: Address;
const counts = { ops: 0, executed: 0, confirmed: 0, cancelled: 0, failed: 0, awaitingSign: 0 };

beforeAll(async () => {
  proxy = await startBundlerProxy(inject("localBundlerUrl"));
  process.env.LOCAL_BUNDLER_URL = proxy.url;
  process.env.BUNDLER_TIMEOUT_MS = "1500"; // the delay fault outlasts it
  t = await tenant();
  entryPoint = getAddress((await api(t, "GET", `/v1/connect/networks/${CHAIN_ID}`)).body.entry_point);
});
afterAll(async () => {
  console.log(`[user-ops faults] ${JSON.stringify({ ...counts, proxy: proxy.stats })}`);
  process.env.LOCAL_BUNDLER_URL = inject("localBundlerUrl");
  await proxy.stop();
});

async function newAccount() {
  const owner = privateKeyToAccount(generatePrivateKey());
  const res = await api(t, "POST", "/v1/connect/accounts", { signer: owner.address, chain_id: CHAIN_ID });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await chain().request({ method: "hardhat_setBalance" as never, params: [res.body.address, "0xDE0B6B3A7640000"] as never });
  return { owner, address: res.body.address as Address };
}
type Account = Awaited<ReturnType<typeof newAccount>>;

async function prepare(account: Account) {
  proxy.set({});
  // Each one its own value: an operation prepared again after a cancel would otherwise have the same hash.
  const op = await prepareUserOperation({ tenantId: t.id, livemode: false }, { address: account.address, chain_id: CHAIN_ID, calls: [{ to: SINK, value: BigInt(++counts.ops) }] });
  return { hash: op.user_op_hash as Hex, op, signature: await account.owner.signMessage({ message: { raw: op.user_op_hash as Hex } }) };
}

const sign = (hash: Hex, signature: Hex, action = "sign") => api(t, "POST", `/v1/connect/ops/${hash}/${action}`, { signature });
const cancel = (hash: Hex) => api(t, "POST", `/v1/connect/ops/${hash}/cancel`);
const record = (hash: Hex) => db.relayOperation.findUnique({ where: { tenantId_livemode_userOpHash: { tenantId: t.id, livemode: false, userOpHash: hash } } });
const executions = (hash: Hex) => chain().getLogs({ address: entryPoint, event: USER_OPERATION_EVENT, args: { userOpHash: hash }, fromBlock: 0n });

/** Waits until the chain has answered (the record left pending), then checks the record against the chain. */
async function expectTruthful(hash: Hex) {
  const ended = await readUntil(() => record(hash), (r) => !r || r.status !== "pending", 45_000);
  expect(ended, `record of ${hash}`).not.toBeNull();
  const logs = await executions(hash);
  expect(logs.length, `executions of ${hash}`).toBeLessThanOrEqual(1);
  const succeeded = logs.some((l) => l.args.success);
  counts.executed += logs.length;
  const status = ended!.status;
  if (status === "confirmed") counts.confirmed++;
  else if (status === "cancelled") counts.cancelled++;
  else if (status === "failed") counts.failed++;
  else counts.awaitingSign++;
  if (succeeded) expect(status, `${hash} executed on chain`).toBe("confirmed");
  else expect(status, `${hash} never executed`).not.toBe("confirmed");
  if (status === "confirmed") expect(ended!.transactionHash).toBe(logs[0].transactionHash);
  return status;
}

/** After all sends of an account: one more operation, confirmed, so anything sent before it has mined. */
async function quiesce(account: Account) {
  const last = await prepare(account);
  expect((await sign(last.hash, last.signature)).status).toBe(200);
  expect(await expectTruthful(last.hash)).toBe("confirmed");
}

describe("user operations under bundler faults", () => {
  it("sign raced with cancel: exactly one wins, and a cancelled operation never executes", async () => {
    const account = await newAccount();
    const hashes: Hex[] = [];
    const wins = { sign: 0, cancel: 0 };
    // Positive: the cancel starts that much after the sign; negative: the sign after the cancel. Both sides win some.
    for (const [round, offsetMs] of [-80, -20, -5, 0, 0, 5, 20, 80, 160].entries()) {
      const { hash, signature } = await prepare(account);
      hashes.push(hash);
      proxy.set({ delayMs: round % 2 ? 0 : 300 }); // the bundler accepts at once; its answer comes late
      const after = <T>(ms: number, f: () => Promise<T>) => new Promise((r) => setTimeout(r, Math.max(ms, 0))).then(f);
      const [signed, cancelled] = await Promise.all([after(-offsetMs, () => sign(hash, signature)), after(offsetMs, () => cancel(hash))]);
      wins[cancelled.status === 200 ? "cancel" : "sign"]++;
      expect([signed.status, cancelled.status].filter((s) => s === 200), `round ${round}: ${JSON.stringify([signed.body, cancelled.body])}`).toHaveLength(1);
      if (cancelled.status === 200) expect(signed.body.error?.code).toBe("operation_not_awaiting_sign");
      await readUntil(() => record(hash), (r) => r!.status !== "pending", 45_000);
    }
    await quiesce(account);
    for (const hash of hashes) await expectTruthful(hash);
    console.log(`[user-ops faults] sign/cancel race wins: ${JSON.stringify(wins)}`);
    expect(wins.sign).toBeGreaterThan(0);
    expect(wins.cancel).toBeGreaterThan(0);
  });

  for (const [name, fault] of [
    ["the answer is lost after alto accepted", { drop: true }],
    ["alto receives the operation twice (the client sees 'already known')", { duplicate: true }],
    ["a 502 comes back after alto accepted", { badGateway: true }],
    ["the answer outlasts the client's timeout", { delayMs: 2_500 }],
  ] as const) {
    it(`sign when ${name}: pending until the chain answers, then confirmed; a retry or cancel changes nothing`, async () => {
      const account = await newAccount();
      const { hash, signature } = await prepare(account);
      proxy.set(fault);
      const first = await sign(hash, signature);
      expect(first.status, JSON.stringify(first.body)).toBeLessThan(500);
      expect(["pending", "confirmed"]).toContain(first.body.status); // confirmed if the chain answered first
      // The client, not sure it went through, signs again and then gives up and cancels.
      const again = await sign(hash, signature);
      expect(again.body.error?.code).toBe("operation_not_awaiting_sign");
      expect((await cancel(hash)).status).toBe(400);
      proxy.set({});
      expect(await expectTruthful(hash)).toBe("confirmed");
      await quiesce(account);
    });
  }

  it("sign-and-relay with a lost answer: 200 pending, then confirmed (never back to awaiting_sign)", async () => {
    const account = await newAccount();
    const { hash, signature } = await prepare(account);
    proxy.set({ drop: true });
    const res = await sign(hash, signature, "sign-and-relay");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe("pending");
    proxy.set({});
    expect(await expectTruthful(hash)).toBe("confirmed");
  });

  for (const [name, fault] of [
    ["lost", { drop: true }],
    ["a 502", { badGateway: true }],
  ] as const) {
    it(`POST /v1/connect/relay with the answer ${name}: the operation is recorded before it is sent and ends confirmed`, async () => {
      const account = await newAccount();
      const { hash, op, signature } = await prepare(account);
      // A client-built operation: the same fields, relayed by the client instead of signed through /ops.
      await db.relayOperation.delete({ where: { id: op.id } });
      proxy.set(fault);
      const res = await api(t, "POST", "/v1/connect/relay", { chain_id: CHAIN_ID, user_operation: { ...op.user_operation, signature } });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body).toMatchObject({ status: "pending", user_op_hash: hash });
      proxy.set({});
      expect(await expectTruthful(hash)).toBe("confirmed");
      const again = await api(t, "POST", "/v1/connect/relay", { chain_id: CHAIN_ID, user_operation: { ...op.user_operation, signature } });
      expect(again.body).toMatchObject({ status: "confirmed", user_op_hash: hash });
      expect(await executions(hash)).toHaveLength(1);
    });
  }

  it("the record never ends before the chain says so", async () => {
    const rows = await db.relayOperation.findMany({ where: { tenantId: t.id, status: { in: ENDED } } });
    for (const row of rows) {
      const logs = await executions(row.userOpHash as Hex);
      expect(logs.length).toBeLessThanOrEqual(1);
      if (row.status !== "confirmed") expect(logs.some((l) => l.args.success), row.userOpHash).toBe(false);
    }
  });
});
