// Social recovery acceptance, all real: the local chain with the ERC-4337 base and our RecoveryValidator,
// alto as the bundler, PostgreSQL, through the HTTP API. An account owned by key A configures guardians
// G1 and G2 (threshold 2), installs the RecoveryValidator with a user operation A signs; G1 proposes new
// owner B and G2 confirms; a user operation signed by G1 + G2 runs initiateRecovery, which starts the
// timelock on chain (executable_at from its event, chain time); execute answers 400 until the chain's clock
// reaches it; then their doRecovery executes; the API checks it on chain → `executed`; B owns the account
// and A does not. The RecoveryValidator authorises nothing else. After an on-chain initiation, cancel is the owner's
// cancelRecovery user operation.
import { beforeAll, describe, expect, it } from "vitest";
import { concatHex, encodeFunctionData, getAddress, parseAbi, toFunctionSelector, type Address, type Hex } from "viem";
import { getUserOperationHash } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { prepareUserOperation, encodeKernelCalls } from "@/lib/connect/user-ops/prepare";
import { chainClockReaches, guardianSignature, kernelRead, ownerOfAbi, seedRecovery, CHAIN_ID, RECIPIENT } from "@/lib/connect/testing/recovery";
import { passkeyDevice } from "@/lib/connect/testing/passkey-account";
import { passkeySignature, userOpChallenge } from "@/lib/connect/accounts/passkey-signature";
import { api, chain, tenant, type TestTenant, readUntil } from "@/lib/tokens/testing";

const TIMELOCK = 4;

const recoveryRead = parseAbi([
  "function guardiansOf(address account) view returns (address[])",
  "function thresholdOf(address account) view returns (uint256)",
]);
const validateAbi = parseAbi([
  "struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }",
  "function validateUserOp(PackedUserOperation userOp, bytes32 userOpHash) payable returns (uint256)",
]);

const pendingAbi = parseAbi(["function pendingRecovery(address account) view returns (bytes32 recoveryHash, uint256 executableAt)"]);

describe("Connect social recovery through the API, on chain with alto", () => {
  let t: TestTenant;
  let other: TestTenant;
  let network: any;
  let address: Address;
  const owner = privateKeyToAccount(generatePrivateKey()); // A
  const newOwner = privateKeyToAccount(generatePrivateKey()); // B
  const g1 = privateKeyToAccount(generatePrivateKey());
  const g2 = privateKeyToAccount(generatePrivateKey());
  const g3 = privateKeyToAccount(generatePrivateKey());
  const stranger = privateKeyToAccount(generatePrivateKey());
  const scope = () => ({ tenantId: t.id, livemode: false });
  const ownerOfNow = () => chain().readContract({ address: getAddress(network.validators.ecdsa), abi: ownerOfAbi, functionName: "ownerOf", args: [address] });

  /** A root-validated operation built by the API, signed by `signer`, through sign-and-relay. */
  async function runAsOwner(signer: PrivateKeyAccount, calls: { to: Address; data?: Hex; value?: bigint }[]) {
    const op = await prepareUserOperation(scope(), { address, chain_id: CHAIN_ID, calls });
    const res = await api(t, "POST", `/v1/connect/ops/${op.user_op_hash}/sign-and-relay`, { signature: await signer.signMessage({ message: { raw: op.user_op_hash as Hex } }) });
    return { op, res };
  }

  async function confirmedRelay(hash: string) {
    const done = await readUntil(() => api(t, "GET", `/v1/connect/relay/${hash}`), (r) => r.body.status !== "pending");
    expect(done.body.status, JSON.stringify(done.body)).toBe("confirmed");
    return done.body;
  }

  /** A user operation validated by the RecoveryValidator (its nonce key), signed by `signers`. */
  async function guardianOp(callData: Hex, nonce: bigint, signers: PrivateKeyAccount[]) {
    const op = {
      sender: address, nonce, callData,
      callGasLimit: 300_000n, verificationGasLimit: 400_000n, preVerificationGas: 100_000n,
      maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, signature: "0x" as Hex,
    };
    const hash = getUserOperationHash({ chainId: network.rpc_chain_id, entryPointAddress: network.entry_point, entryPointVersion: "0.7", userOperation: op });
    const signature = await guardianSignature(hash, signers);
    const user_operation = Object.fromEntries(Object.entries({ ...op, signature }).map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v]));
    return { hash, user_operation };
  }

  beforeAll(async () => {
    [t, other] = await Promise.all([tenant(), tenant()]);
    network = (await api(t, "GET", `/v1/connect/networks/${CHAIN_ID}`)).body;
    const registered = await api(t, "POST", "/v1/connect/accounts", { signer: owner.address, chain_id: CHAIN_ID });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    address = registered.body.address;
    await chain().request({ method: "hardhat_setBalance" as never, params: [address, "0xDE0B6B3A7640000"] as never });
  });

  it("configures guardians off chain and installs the RecoveryValidator with the owner's user operation", async () => {
    const before = await api(t, "GET", `/v1/connect/accounts/${address}/recovery?chain_id=${CHAIN_ID}`);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body).toMatchObject({ object: "account_recovery", account: address, configured: false, guardians: [], threshold: null, installed: false, active_requests: [] });
    expect((await api(t, "GET", `/v1/connect/accounts/${address}/safety-net?chain_id=${CHAIN_ID}`)).body.recovery_configured).toBe(false);

    // Refusals: a threshold above the guardians, a repeated guardian, a zero timelock, another tenant's account.
    const bad = { account: address, chain_id: CHAIN_ID, guardians: [g1.address, g2.address], threshold: 2, timelock_seconds: TIMELOCK };
    expect((await api(t, "POST", "/v1/connect/recovery/configure", { ...bad, threshold: 3 })).body.error).toMatchObject({ param: "threshold" });
    expect((await api(t, "POST", "/v1/connect/recovery/configure", { ...bad, guardians: [g1.address, g1.address.toLowerCase()] })).body.error).toMatchObject({ param: "guardians" });
    expect((await api(t, "POST", "/v1/connect/recovery/configure", { ...bad, timelock_seconds: 0 })).status).toBe(400);
    expect((await api(other, "POST", "/v1/connect/recovery/configure", bad)).status).toBe(404);

    const configured = await api(t, "POST", "/v1/connect/recovery/configure", bad);
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);
    expect(configured.body).toMatchObject({
      object: "recovery_config", account: address, chain_id: CHAIN_ID, guardians: [g1.address, g2.address], threshold: 2, timelock_seconds: TIMELOCK,
      installed: false, setup: { action: "install" },
    });
    expect(configured.body.id).toMatch(/^rcc_/);
    // Configured off chain only: no safety net yet (the chain could not recover the account).
    expect((await api(t, "GET", `/v1/connect/accounts/${address}/safety-net?chain_id=${CHAIN_ID}`)).body).toMatchObject({ recovery_configured: false, has_safety_net: false });

    // The owner's first operation deploys the account and installs the module (validator + doRecovery fallback).
    const rv = configured.body.recovery_validator as Address;
    const calls = configured.body.setup.calls.map((c: any) => ({ to: c.to, data: c.data, value: BigInt(c.value) }));
    expect(encodeKernelCalls(calls)).toBe(configured.body.setup.call_data);
    const { op, res } = await runAsOwner(owner, calls);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await confirmedRelay(op.user_op_hash);

    expect(await chain().readContract({ address: rv, abi: recoveryRead, functionName: "guardiansOf", args: [address] })).toEqual([g1.address, g2.address]);
    expect(await chain().readContract({ address: rv, abi: recoveryRead, functionName: "thresholdOf", args: [address] })).toBe(2n);
    for (const phase of ["initiateRecovery(address,bytes)", "doRecovery(address,bytes)"]) {
      expect(await chain().readContract({ address, abi: kernelRead, functionName: "isModuleInstalled", args: [3n, rv, toFunctionSelector(phase)] })).toBe(true);
    }
    const after = await api(t, "GET", `/v1/connect/accounts/${address}/recovery?chain_id=${CHAIN_ID}`);
    expect(after.body).toMatchObject({ configured: true, guardians: [g1.address, g2.address], threshold: 2, timelock_seconds: TIMELOCK, installed: true, recovery_validator: rv });
    expect((await api(other, "GET", `/v1/connect/accounts/${address}/recovery?chain_id=${CHAIN_ID}`)).status).toBe(404);
    expect((await api(t, "GET", `/v1/connect/accounts/${address}/safety-net?chain_id=${CHAIN_ID}`)).body).toMatchObject({ recovery_configured: true, has_safety_net: true });
  });

  /** The guardians' doRecovery operation for the request's current phase, relayed and mined: its transaction hash. */
  async function guardiansRecover(requestId: string, signers: PrivateKeyAccount[], phase: "initiate" | "execute") {
    const execute = await api(t, "POST", `/v1/connect/recovery/${requestId}/execute`, {});
    expect(execute.status, JSON.stringify(execute.body)).toBe(200);
    expect(execute.body.execution.phase).toBe(phase);
    const op = await guardianOp(execute.body.execution.call_data, BigInt(execute.body.execution.nonce), signers);
    const relayed = await api(t, "POST", "/v1/connect/relay", { chain_id: CHAIN_ID, user_operation: op.user_operation });
    expect(relayed.status, JSON.stringify(relayed.body)).toBe(202);
    return (await confirmedRelay(op.hash)).transaction_hash as Hex;
  }

  it("the RecoveryValidator approves only initiateRecovery and doRecovery with the threshold of distinct guardians (called as the account)", async () => {
    const rv = (await api(t, "GET", `/v1/connect/accounts/${address}/recovery?chain_id=${CHAIN_ID}`)).body.recovery_validator as Address;
    const hash = `0x${"ab".repeat(32)}` as Hex;
    const recoveryCall = encodeFunctionData({ abi: parseAbi(["function doRecovery(address,bytes)"]), functionName: "doRecovery", args: [network.validators.ecdsa, newOwner.address] });
    const transfer = encodeKernelCalls([{ to: RECIPIENT, value: 1n }]);
    const validate = async (callData: Hex, signature: Hex) =>
      (await chain().readContract({
        address: rv, abi: validateAbi, functionName: "validateUserOp", account: address,
        args: [{ sender: address, nonce: 0n, initCode: "0x", callData, accountGasLimits: `0x${"00".repeat(32)}`, preVerificationGas: 0n, gasFees: `0x${"00".repeat(32)}`, paymasterAndData: "0x", signature }, hash],
      } as never)) as bigint;
    const both = await guardianSignature(hash, [g1, g2]);
    expect(await validate(recoveryCall, both)).toBe(0n); // success
    const initiateCall = encodeFunctionData({ abi: parseAbi(["function initiateRecovery(address,bytes)"]), functionName: "initiateRecovery", args: [network.validators.ecdsa, newOwner.address] });
    expect(await validate(initiateCall, both)).toBe(0n);
    expect(await validate(transfer, both)).toBe(1n); // not doRecovery
    expect(await validate(recoveryCall, await guardianSignature(hash, [g1]))).toBe(1n); // below the threshold
    expect(await validate(recoveryCall, concatHex([await g1.sign({ hash }), await g1.sign({ hash })]))).toBe(1n); // the same guardian twice
    const [low, high] = [g1, g2].sort((a, b) => (BigInt(a.address) < BigInt(b.address) ? -1 : 1));
    expect(await validate(recoveryCall, concatHex([await high.sign({ hash }), await low.sign({ hash })]))).toBe(1n); // not ascending
    expect(await validate(recoveryCall, await guardianSignature(hash, [g1, stranger]))).toBe(1n); // not a guardian
    // EIP-191 personal signatures of the hash count as well.
    expect(await validate(recoveryCall, concatHex([await low.signMessage({ message: { raw: hash } }), await high.signMessage({ message: { raw: hash } })]))).toBe(0n);
  });

  it("recovers: initiate → confirm → initiateRecovery on chain → 400 before the chain's executable_at → doRecovery → executed; then B owns the account, A does not", async () => {
    const initiate = { account: address, chain_id: CHAIN_ID, guardian: g1.address, new_signer: newOwner.address };
    expect((await api(t, "POST", "/v1/connect/recovery/initiate", { ...initiate, guardian: stranger.address })).body.error).toMatchObject({ code: "not_a_guardian", param: "guardian" });
    expect((await api(other, "POST", "/v1/connect/recovery/initiate", initiate)).status).toBe(404);
    const started = await api(t, "POST", "/v1/connect/recovery/initiate", initiate);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const request = started.body;
    expect(request).toMatchObject({
      object: "recovery_request", status: "pending", account: address, chain_id: CHAIN_ID, initiated_by: g1.address, confirmations: [g1.address], threshold: 2,
      new_validator: network.validators.ecdsa, new_signer: newOwner.address, executable: false, executed_tx_hash: null,
      executable_at: null, initiated_tx_hash: null, cancel_user_op_hash: null, // not on chain yet
    });
    expect(request.id).toMatch(/^rcv_/);
    expect((await api(t, "POST", "/v1/connect/recovery/initiate", { ...initiate, guardian: g2.address })).status).toBe(409); // one pending per account
    expect((await api(t, "POST", "/v1/connect/recovery/configure", { account: address, chain_id: CHAIN_ID, guardians: [g1.address], threshold: 1 })).status).toBe(409);

    // One confirmation of two: 400.
    expect((await api(t, "POST", `/v1/connect/recovery/${request.id}/execute`, {})).body.error.code).toBe("threshold_not_met");
    expect((await api(t, "POST", `/v1/connect/recovery/${request.id}/confirm`, { guardian: stranger.address })).body.error.code).toBe("not_a_guardian");
    for (const action of ["confirm", "cancel", "execute"]) {
      expect((await api(other, "POST", `/v1/connect/recovery/${request.id}/${action}`, action === "confirm" ? { guardian: g2.address } : {})).status, action).toBe(404);
    }
    const confirmed = await api(t, "POST", `/v1/connect/recovery/${request.id}/confirm`, { guardian: g2.address });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ confirmations: [g1.address, g2.address], executable: false });
    expect((await api(t, "POST", `/v1/connect/recovery/${request.id}/confirm`, { guardian: g2.address.toLowerCase() })).body.confirmations).toHaveLength(2); // idempotent

    const execute = await api(t, "POST", `/v1/connect/recovery/${request.id}/execute`, {});
    expect(execute.status, JSON.stringify(execute.body)).toBe(200);
    const { execution } = execute.body;
    expect(execution).toMatchObject({ phase: "initiate", recovery_validator: expect.any(String) });
    expect(execution.call_data.slice(0, 10)).toBe(toFunctionSelector("initiateRecovery(address,bytes)"));
    expect(BigInt(execution.nonce_key) >> 176n).toBe(1n); // mode 0x00, type 0x01 (a non-root validator)
    const nonce = BigInt(execution.nonce);
    expect(nonce >> 64n).toBe(BigInt(execution.nonce_key));

    // Through the RecoveryValidator, anything but doRecovery is refused on chain (the bundler's simulation).
    const transfer = await guardianOp(encodeKernelCalls([{ to: RECIPIENT, value: 1n }]), nonce, [g1, g2]);
    const refused = await api(t, "POST", "/v1/connect/relay", { chain_id: CHAIN_ID, user_operation: transfer.user_operation });
    expect(refused.status, JSON.stringify(refused.body)).toBe(502);
    expect(refused.body.error.code).toBe("bundler_rejected");
    expect(refused.body.error.message).toMatch(/AA23/); // Kernel: the RecoveryValidator may validate doRecovery only (InvalidValidator)
    // doRecovery with one guardian's signature is refused too.
    const alone = await guardianOp(execution.call_data, nonce, [g1]);
    const aloneRes = await api(t, "POST", "/v1/connect/relay", { chain_id: CHAIN_ID, user_operation: alone.user_operation });
    expect(aloneRes.status).toBe(502);
    expect(aloneRes.body.error.message).toMatch(/AA24/); // the RecoveryValidator: below the threshold

    // A wrong transaction (the module install) is not accepted as the proof.
    const installTx = (await api(t, "GET", `/v1/connect/accounts/${address}/relay`)).body.data.find((o: any) => o.status === "confirmed").transaction_hash;
    expect((await api(t, "POST", `/v1/connect/recovery/${request.id}/execute`, { executed_tx_hash: installTx })).body.error.code).toBe("recovery_not_applied");
    expect((await api(t, "POST", `/v1/connect/recovery/${request.id}/execute`, { executed_tx_hash: `0x${"12".repeat(32)}` })).body.error.code).toBe("transaction_not_found");

    // G1 + G2 sign initiateRecovery: the timelock starts on chain; executable_at comes from its event (chain time).
    const initiatedTx = await guardiansRecover(request.id, [g1, g2], "initiate");
    const rv = execution.recovery_validator as Address;
    const [, chainExecutableAt] = await chain().readContract({ address: rv, abi: pendingAbi, functionName: "pendingRecovery", args: [address] });
    const recorded = await api(t, "POST", `/v1/connect/recovery/${request.id}/execute`, { executed_tx_hash: initiatedTx });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(recorded.body).toMatchObject({ status: "pending", initiated_tx_hash: initiatedTx, executable_at: Number(chainExecutableAt), execution: null });
    const block = await chain().getBlock({ blockNumber: (await chain().getTransactionReceipt({ hash: initiatedTx })).blockNumber });
    expect(recorded.body.executable_at).toBe(Number(block.timestamp) + TIMELOCK);
    expect(await ownerOfNow()).toBe(owner.address); // nothing changed yet

    // Before the chain's clock reaches executable_at: 400, naming when.
    const early = await api(t, "POST", `/v1/connect/recovery/${request.id}/execute`, {});
    expect(early.status, JSON.stringify(early.body)).toBe(400);
    expect(early.body.error.code).toBe("timelock_active");
    expect(early.body.error.message).toContain(new Date(recorded.body.executable_at * 1000).toISOString());
    await chainClockReaches(recorded.body.executable_at);

    // G1 + G2 sign doRecovery: now it executes.
    const executedTx = await guardiansRecover(request.id, [g1, g2], "execute");
    const ecdsa = getAddress(network.validators.ecdsa);
    expect((await chain().readContract({ address, abi: kernelRead, functionName: "rootValidator" })).toLowerCase()).toBe(concatHex(["0x01", ecdsa]).toLowerCase());
    expect(await ownerOfNow()).toBe(newOwner.address);

    const again = await api(t, "POST", `/v1/connect/recovery/${request.id}/execute`, { executed_tx_hash: initiatedTx }); // the initiation again: unchanged
    expect(again.body).toMatchObject({ status: "pending", initiated_tx_hash: initiatedTx, execution: null });
    const executed = await api(t, "POST", `/v1/connect/recovery/${request.id}/execute`, { executed_tx_hash: executedTx });
    expect(executed.status, JSON.stringify(executed.body)).toBe(200);
    expect(executed.body).toMatchObject({ status: "executed", executed_tx_hash: executedTx, execution: null, executable: false });
    expect(executed.body.executed).toBeGreaterThanOrEqual(executed.body.created);
    expect((await api(t, "POST", `/v1/connect/recovery/${request.id}/execute`, {})).body.status).toBe("executed"); // terminal, answered again
    expect((await api(t, "POST", `/v1/connect/recovery/${request.id}/cancel`, {})).body.error.code).toBe("recovery_not_pending");
    expect((await api(t, "GET", `/v1/connect/accounts/${address}/recovery?chain_id=${CHAIN_ID}`)).body.active_requests).toEqual([]);

    // B now signs for the account through the root validator; A's signature is refused by the API and by the chain.
    const recipientBefore = await chain().getBalance({ address: RECIPIENT });
    const byB = await runAsOwner(newOwner, [{ to: RECIPIENT, value: 1n }]);
    expect(byB.res.status, JSON.stringify(byB.res.body)).toBe(200);
    await confirmedRelay(byB.op.user_op_hash);
    expect(await chain().getBalance({ address: RECIPIENT })).toBe(recipientBefore + 1n);

    const byA = await runAsOwner(owner, [{ to: RECIPIENT, value: 1n }]);
    expect(byA.res.status).toBe(400);
    expect(byA.res.body.error.code).toBe("signature_invalid");
    const opA = { ...byA.op.user_operation, signature: await owner.signMessage({ message: { raw: byA.op.user_op_hash as Hex } }) };
    const direct = await fetch(network.bundler_url, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_sendUserOperation", params: [opA, network.entry_point] }),
    }).then((r) => r.json());
    expect(direct.error, JSON.stringify(direct)).toBeTruthy();
    expect(direct.error.message).toMatch(/AA24|signature/i);
    await api(t, "POST", `/v1/connect/ops/${byA.op.user_op_hash}/cancel`);

    // B updates the guardians: the configure answer is now the setGuardians call for the installed module.
    const update = await api(t, "POST", "/v1/connect/recovery/configure", { account: address, chain_id: CHAIN_ID, guardians: [g1.address, g2.address, g3.address], threshold: 2, timelock_seconds: TIMELOCK });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    expect(update.body).toMatchObject({ installed: true, setup: { action: "update_guardians" }, guardians: [g1.address, g2.address, g3.address] });
    const updated = await runAsOwner(newOwner, update.body.setup.calls.map((c: any) => ({ to: c.to, data: c.data })));
    expect(updated.res.status, JSON.stringify(updated.res.body)).toBe(200);
    await confirmedRelay(updated.op.user_op_hash);
    expect(await chain().readContract({ address: update.body.recovery_validator, abi: recoveryRead, functionName: "guardiansOf", args: [address] })).toEqual([g1.address, g2.address, g3.address]);
  });

  it("the owner cancels a pending recovery: off chain before its on-chain initiation; after it, by the account's own cancelRecovery user operation", async () => {
    const started = await api(t, "POST", "/v1/connect/recovery/initiate", { account: address, chain_id: CHAIN_ID, guardian: g3.address, new_signer: stranger.address });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const id = started.body.id;
    expect((await api(t, "GET", `/v1/connect/accounts/${address}/recovery?chain_id=${CHAIN_ID}`)).body.active_requests.map((r: any) => r.id)).toEqual([id]);
    const cancelled = await api(t, "POST", `/v1/connect/recovery/${id}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ id, status: "cancelled", executable: false });
    expect(cancelled.body.cancelled).toEqual(expect.any(Number));
    expect((await api(t, "POST", `/v1/connect/recovery/${id}/confirm`, { guardian: g1.address })).body.error.code).toBe("recovery_not_pending");
    expect((await api(t, "POST", `/v1/connect/recovery/${id}/execute`, {})).body.error.code).toBe("recovery_not_pending");
    expect((await api(t, "POST", `/v1/connect/recovery/${id}/cancel`, {})).status).toBe(400);
    expect((await api(t, "GET", `/v1/connect/accounts/${address}/recovery?chain_id=${CHAIN_ID}`)).body.active_requests).toEqual([]);
    expect((await api(t, "POST", "/v1/connect/recovery/rcv_doesnotexist/cancel", {})).status).toBe(404);

    // Initiated on chain by the guardians: cancel prepares the owner's (B's, since the recovery) user operation.
    const second = await api(t, "POST", "/v1/connect/recovery/initiate", { account: address, chain_id: CHAIN_ID, guardian: g1.address, new_signer: stranger.address });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const id2 = second.body.id;
    expect((await api(t, "POST", `/v1/connect/recovery/${id2}/confirm`, { guardian: g2.address })).status).toBe(200);
    const initiatedTx = await guardiansRecover(id2, [g1, g2], "initiate");
    expect((await api(t, "POST", `/v1/connect/recovery/${id2}/execute`, { executed_tx_hash: initiatedTx })).body.executable_at).toEqual(expect.any(Number));
    const rv = second.body.new_validator && ((await api(t, "GET", `/v1/connect/accounts/${address}/recovery?chain_id=${CHAIN_ID}`)).body.recovery_validator as Address);
    expect((await chain().readContract({ address: rv, abi: pendingAbi, functionName: "pendingRecovery", args: [address] }))[1]).toBeGreaterThan(0n);

    const asked = await api(t, "POST", `/v1/connect/recovery/${id2}/cancel`, {});
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({ id: id2, status: "pending", cancelled: null, cancel_user_op_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    const cancelOp = asked.body.cancel_user_op_hash as Hex;
    expect((await api(t, "POST", `/v1/connect/recovery/${id2}/cancel`, {})).body.cancel_user_op_hash).toBe(cancelOp); // the same while it is open
    expect((await api(t, "GET", `/v1/connect/relay/${cancelOp}`)).body.status).toBe("awaiting_sign");
    const signed = await api(t, "POST", `/v1/connect/ops/${cancelOp}/sign-and-relay`, { signature: await newOwner.signMessage({ message: { raw: cancelOp } }) });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    await confirmedRelay(cancelOp);

    // On chain: nothing pending. The record shows it: cancelled, and terminal.
    expect(await chain().readContract({ address: rv, abi: pendingAbi, functionName: "pendingRecovery", args: [address] })).toEqual([`0x${"00".repeat(32)}`, 0n]);
    expect((await api(t, "GET", `/v1/connect/accounts/${address}/recovery?chain_id=${CHAIN_ID}`)).body.active_requests).toEqual([]);
    const after = await api(t, "POST", `/v1/connect/recovery/${id2}/execute`, {});
    expect(after.body.error.code).toBe("recovery_not_pending");
    expect(after.body.error.message).toMatch(/cancelled/);
    expect(await ownerOfNow()).toBe(newOwner.address);
  });

  it("asking cancel again after the owner's cancel operation was itself cancelled answers 409, never 500; after another operation it works", async () => {
    const started = await api(t, "POST", "/v1/connect/recovery/initiate", { account: address, chain_id: CHAIN_ID, guardian: g1.address, new_signer: stranger.address });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const id = started.body.id;
    expect((await api(t, "POST", `/v1/connect/recovery/${id}/confirm`, { guardian: g2.address })).status).toBe(200);
    await guardiansRecover(id, [g1, g2], "initiate");
    const first = (await api(t, "POST", `/v1/connect/recovery/${id}/cancel`, {})).body.cancel_user_op_hash as Hex;
    expect((await api(t, "POST", `/v1/connect/ops/${first}/cancel`)).status).toBe(200);

    const again = await api(t, "POST", `/v1/connect/recovery/${id}/cancel`, {});
    expect([200, 409], JSON.stringify(again.body)).toContain(again.status); // 200 only if the gas price moved (another operation)
    let cancelOp = again.body.cancel_user_op_hash as Hex;
    if (again.status === 409) {
      expect(again.body.error.code).toBe("cancel_operation_exists");
      const other = await runAsOwner(newOwner, [{ to: RECIPIENT, value: 0n }]); // moves the account's nonce on
      await confirmedRelay(other.op.user_op_hash);
      const third = await api(t, "POST", `/v1/connect/recovery/${id}/cancel`, {});
      expect(third.status, JSON.stringify(third.body)).toBe(200);
      cancelOp = third.body.cancel_user_op_hash;
    }
    expect(cancelOp).not.toBe(first);
    expect((await api(t, "POST", `/v1/connect/ops/${cancelOp}/sign-and-relay`, { signature: await newOwner.signMessage({ message: { raw: cancelOp } }) })).status).toBe(200);
    await confirmedRelay(cancelOp);
    expect((await api(t, "GET", `/v1/connect/accounts/${address}/recovery?chain_id=${CHAIN_ID}`)).body.active_requests).toEqual([]);
  });

  it("another tenant's recovery records are invisible (seeded with the helper the fuzz test can use)", async () => {
    const theirs = await api(other, "POST", "/v1/connect/accounts", { signer: stranger.address, chain_id: CHAIN_ID });
    expect(theirs.status).toBe(201);
    const { requestId } = await seedRecovery(other, theirs.body.address, CHAIN_ID, 1);
    expect((await api(other, "GET", `/v1/connect/accounts/${theirs.body.address}/recovery?chain_id=${CHAIN_ID}`)).body.active_requests.map((r: any) => r.id)).toEqual([requestId]);
    expect((await api(t, "GET", `/v1/connect/accounts/${theirs.body.address}/recovery?chain_id=${CHAIN_ID}`)).status).toBe(404);
    for (const action of ["confirm", "cancel", "execute"]) {
      expect((await api(t, "POST", `/v1/connect/recovery/${requestId}/${action}`, action === "confirm" ? { guardian: stranger.address } : {})).status, action).toBe(404);
    }
    expect((await api(t, "POST", "/v1/connect/recovery/initiate", { account: theirs.body.address, chain_id: CHAIN_ID, guardian: stranger.address, new_signer: stranger.address })).status).toBe(404);
    // Past its timelock and at its threshold, but the account (never deployed) has no RecoveryValidator: 400.
    const seeded = (await api(other, "GET", `/v1/connect/accounts/${theirs.body.address}/recovery?chain_id=${CHAIN_ID}`)).body.active_requests[0];
    expect(seeded).toMatchObject({ executable_at: null, executable: false });
    expect((await api(other, "POST", `/v1/connect/recovery/${requestId}/execute`, {})).body.error).toMatchObject({ code: "recovery_validator_not_installed" });
    expect((await api(other, "POST", `/v1/connect/recovery/${requestId}/cancel`, {})).body.status).toBe("cancelled");
  });
});
