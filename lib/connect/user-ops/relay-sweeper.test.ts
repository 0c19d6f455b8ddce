// Pending user operations nobody follows end on chain evidence only: the sweeper sends again one stored
// but never sent (a crash after the record), fails one whose nonce another operation used, fails one the
// bundler refuses while its nonce is unused; the log watcher's UserOperationEvent ends one on its own.
// Real alto, chain and database; the records are put in the state a crash would leave them in.
import { beforeAll, describe, expect, it } from "vitest";
import { getAddress, parseAbiItem, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { api, chain, readUntil, tenant, type TestTenant } from "@/lib/tokens/testing";
import { bundlerRpc } from "@/lib/connect/user-ops/bundler-rpc";
import { prepareUserOperation } from "@/lib/connect/user-ops/prepare";
import { sweepPendingUserOperations } from "@/lib/connect/user-ops/relay-sweeper";
import { watchUserOperations } from "@/lib/connect/user-ops/watch";

const CHAIN_ID = "80002";
const SINK: Address = "0x00000000000000000000000000000000005e4c12";
const USER_OPERATION_EVENT = parseAbiItem(
  "event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)",
);

let t: TestTenant;
let entryPoint: Address;
let value = 0n;

beforeAll(async () => {
  t = await tenant();
  entryPoint = getAddress((await api(t, "GET", `/v1/connect/networks/${CHAIN_ID}`)).body.entry_point);
});

async function newAccount() {
  const owner = privateKeyToAccount(generatePrivateKey());
  const res = await api(t, "POST", "/v1/connect/accounts", { signer: owner.address, chain_id: CHAIN_ID });
  await chain().request({ method: "hardhat_setBalance" as never, params: [res.body.address, "0xDE0B6B3A7640000"] as never });
  return { owner, address: res.body.address as Address };
}

/** An operation signed and stored `pending` as a crash right after the compare-and-set leaves it: never sent, not followed. */
async function strandedPending(account: Awaited<ReturnType<typeof newAccount>>, signature?: Hex) {
  const op = await prepareUserOperation({ tenantId: t.id, livemode: false }, { address: account.address, chain_id: CHAIN_ID, calls: [{ to: SINK, value: ++value }] });
  const signed = { ...op.user_operation, signature: signature ?? (await account.owner.signMessage({ message: { raw: op.user_op_hash as Hex } })) };
  const longAgo = new Date(Date.now() - 10 * 60_000);
  await db.relayOperation.update({ where: { id: op.id }, data: { status: "pending", userOperation: signed, submittedAt: longAgo, updatedAt: longAgo } });
  return { id: op.id, hash: op.user_op_hash as Hex, signed };
}

const executions = (hash: Hex) => chain().getLogs({ address: entryPoint, event: USER_OPERATION_EVENT, args: { userOpHash: hash }, fromBlock: 0n });
const load = (id: string) => db.relayOperation.findUniqueOrThrow({ where: { id } });

/** Sweeps (as the cron does, without its minute of patience) until the record ends. */
async function sweepUntilEnded(id: string) {
  return readUntil(async () => {
    await sweepPendingUserOperations({ olderThanMs: 0, tenantId: t.id }); // this test's records only
    return load(id);
  }, (r) => r.status !== "pending");
}

describe("pending user operations without a follower", () => {
  it("a relay stored but never sent (crash before the bundler call) is sent by the sweeper and confirmed once", async () => {
    const stranded = await strandedPending(await newAccount());
    expect(await executions(stranded.hash)).toHaveLength(0);
    const ended = await sweepUntilEnded(stranded.id);
    expect(ended).toMatchObject({ status: "confirmed", success: true });
    const logs = await executions(stranded.hash);
    expect(logs).toHaveLength(1);
    expect(ended.transactionHash).toBe(logs[0].transactionHash);
  });

  it("fails one whose nonce another operation used (replaced), and never one that could still run", async () => {
    const account = await newAccount();
    const stranded = await strandedPending(account);
    // Another operation with the same nonce runs first.
    const other = await prepareUserOperation({ tenantId: t.id, livemode: false }, { address: account.address, chain_id: CHAIN_ID, calls: [{ to: SINK, value: ++value }] });
    expect(other.nonce).toBe((await load(stranded.id)).nonce);
    const signed = await api(t, "POST", `/v1/connect/ops/${other.user_op_hash}/sign`, { signature: await account.owner.signMessage({ message: { raw: other.user_op_hash as Hex } }) });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    await readUntil(() => load(other.id), (r) => r.status === "confirmed");

    const ended = await sweepUntilEnded(stranded.id);
    expect(ended.status).toBe("failed");
    expect(ended.failureReason).toMatch(/nonce was used by another user operation/);
    expect(await executions(stranded.hash)).toHaveLength(0);
  });

  it("fails one the bundler refuses while its nonce is unused (it cannot have run)", async () => {
    const account = await newAccount();
    const wrongKey = privateKeyToAccount(generatePrivateKey());
    const stranded = await strandedPending(account, await wrongKey.signMessage({ message: "not the owner" }));
    const ended = await sweepUntilEnded(stranded.id);
    expect(ended.status).toBe("failed");
    expect(ended.failureReason).toMatch(/^rejected by the bundler: /);
    expect(await executions(stranded.hash)).toHaveLength(0);
    const key = BigInt(ended.nonce) >> 64n;
    const next = await chain().readContract({ address: entryPoint, abi: [parseAbiItem("function getNonce(address, uint192) view returns (uint256)")], functionName: "getNonce", args: [account.address, key] });
    expect(next).toBe(BigInt(ended.nonce)); // still unused
    expect(await chain().getCode({ address: account.address })).toBeUndefined(); // never deployed
  });

  it("the log watcher's UserOperationEvent ends a pending operation no follower watches", async () => {
    const stranded = await strandedPending(await newAccount());
    await db.relayOperation.update({ where: { id: stranded.id }, data: { updatedAt: new Date(), submittedAt: new Date() } }); // not the sweeper's yet
    const { network, entryPoint: ep } = await load(stranded.id);
    await watchUserOperations(network, ep);
    await bundlerRpc(network, "eth_sendUserOperation", [stranded.signed, ep]); // sent outside the API
    const ended = await readUntil(() => load(stranded.id), (r) => r.status !== "pending", 45_000);
    expect(ended).toMatchObject({ status: "confirmed", success: true });
    expect(ended.transactionHash).toBe((await executions(stranded.hash))[0].transactionHash);
    // Ended by the watcher's event, not by a follower or the sweeper.
    const runs = await db.jobRun.findMany({ where: { functionId: { endsWith: "connect-user-operation-events" }, status: "completed" } });
    expect(runs.some((r) => JSON.stringify(r.output).includes(stranded.id))).toBe(true);
  });
});
