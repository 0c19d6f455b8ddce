// Connect session keys, all real: the local chain with the ERC-4337 base and our SessionKeyValidator, alto as
// the bundler, PostgreSQL and the durable function that follows relayed operations. An ECDSA-owned account
// (the owner key is the test's) installs a session key scoped to one ERC-20's transfer; operations signed by
// the session key are built by the client and relayed through the API. Out of scope, expired or revoked,
// they are rejected and no token moves.
import { beforeAll, describe, expect, it, vi } from "vitest";

// One tenant drives every operation of this file (and polls their status): more than the default 100 a minute.
vi.hoisted(() => {
  process.env.RATE_LIMIT_GENERAL_PER_MINUTE = "1000";
});
import { encodeFunctionData, erc20Abi, getAddress, type Address, type Hex } from "viem";
import { entryPoint07Abi, getUserOperationHash, toPackedUserOperation } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { decryptPrivateKey } from "@/lib/crypto/secrets";
import { api, chain, confirmed, deployToken, ERC20_FEATURES, read, tenant, type TestTenant, readUntil } from "@/lib/tokens/testing";
import { encodeKernelCalls, prepareUserOperation } from "@/lib/connect/user-ops/prepare";
import { connectBase } from "@/lib/connect/local/setup";
import { sessionSignerFor } from "@/lib/connect/sessions/signer";
import { seedConnect } from "@/lib/connect/testing/records";

const CHAIN_ID = "80002"; // polygon_amoy, served by the local chain in tests
const RECIPIENT: Address = "0x000000000000000000000000000000000005e55e";
interface Gas { callGasLimit: string; verificationGasLimit: string; preVerificationGas: string; maxFeePerGas: string; maxPriorityFeePerGas: string }
const now = () => Math.floor(Date.now() / 1000);

describe("Connect session keys through the API, enforced on chain", () => {
  let t: TestTenant;
  let other: TestTenant;
  let network: any;
  let account: Address;
  let tokenA: Awaited<ReturnType<typeof deployToken>>;
  let tokenB: Awaited<ReturnType<typeof deployToken>>;
  const owner = privateKeyToAccount(generatePrivateKey());
  const sessionKey = privateKeyToAccount(generatePrivateKey());
  const scope = () => ({ tenantId: t.id, livemode: false });
  const transfer = (amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [RECIPIENT, amount] });
  const balances = async () => [await read<bigint>(tokenA, "balanceOf", [RECIPIENT]), await read<bigint>(tokenB, "balanceOf", [RECIPIENT])];

  /** What the owner does with callData the API answered: a server-built operation, signed by the owner, relayed, confirmed. */
  async function asOwner(call: { to: string; data: string }) {
    const op = await prepareUserOperation(scope(), { address: account, chain_id: CHAIN_ID, calls: [{ to: call.to as Address, data: call.data as Hex }] });
    const res = await api(t, "POST", `/v1/connect/ops/${op.user_op_hash}/sign-and-relay`, { signature: await owner.signMessage({ message: { raw: op.user_op_hash as Hex } }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = await readUntil(() => api(t, "GET", `/v1/connect/relay/${op.user_op_hash}`), (r) => r.body.status !== "pending");
    expect(done.body.status, JSON.stringify(done.body)).toBe("confirmed");
  }

  /** A user operation under the session validator's nonce key, built and signed by the client. */
  async function sessionOp(nonceKey: string, call: { to: Address; value?: bigint; data: Hex }, sign: (hash: Hex) => Promise<Hex>, gas?: Gas) {
    const nonce = await chain().readContract({ address: network.entry_point, abi: entryPoint07Abi, functionName: "getNonce", args: [account, BigInt(nonceKey)] });
    const unsigned = { sender: account, nonce: nonce.toString(), callData: encodeKernelCalls([call]) };
    if (!gas) {
      const estimate = await api(t, "POST", "/v1/connect/relay/estimate-gas", { chain_id: CHAIN_ID, user_operation: unsigned });
      expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
      gas = {
        callGasLimit: estimate.body.callGasLimit,
        // The stub signature does not recover to the session key: a margin for the recovery that succeeds.
        verificationGasLimit: (BigInt(estimate.body.verificationGasLimit) + 30_000n).toString(),
        preVerificationGas: estimate.body.preVerificationGas,
        maxFeePerGas: estimate.body.maxFeePerGas,
        maxPriorityFeePerGas: estimate.body.maxPriorityFeePerGas,
      };
    }
    const op = { ...unsigned, ...gas };
    const hash = getUserOperationHash({
      chainId: network.rpc_chain_id,
      entryPointAddress: network.entry_point,
      entryPointVersion: "0.7",
      userOperation: {
        sender: account, nonce, callData: op.callData, signature: "0x",
        callGasLimit: BigInt(op.callGasLimit), verificationGasLimit: BigInt(op.verificationGasLimit), preVerificationGas: BigInt(op.preVerificationGas),
        maxFeePerGas: BigInt(op.maxFeePerGas), maxPriorityFeePerGas: BigInt(op.maxPriorityFeePerGas),
      },
    });
    return { op: { ...op, signature: await sign(hash) }, gas, nonce };
  }

  const byKey = (key: typeof sessionKey) => (hash: Hex) => key.signMessage({ message: { raw: hash } });

  async function relayConfirmed(op: Record<string, unknown>) {
    const relayed = await api(t, "POST", "/v1/connect/relay", { chain_id: CHAIN_ID, user_operation: op });
    expect(relayed.status, JSON.stringify(relayed.body)).toBe(202);
    const done = await readUntil(() => api(t, "GET", `/v1/connect/relay/${relayed.body.user_op_hash}`), (r) => r.body.status !== "pending");
    expect(done.body.status, JSON.stringify(done.body)).toBe("confirmed");
  }

  async function relayRejected(op: Record<string, unknown>, reason: RegExp) {
    const res = await api(t, "POST", "/v1/connect/relay", { chain_id: CHAIN_ID, user_operation: op });
    expect(res.status, JSON.stringify(res.body)).toBe(502);
    expect(res.body.error.code).toBe("bundler_rejected");
    expect(res.body.error.message).toMatch(reason);
  }

  const list = async () => (await api(t, "GET", `/v1/connect/accounts/${account}/sessions?chain_id=${CHAIN_ID}`)).body;
  const sessionIn = async (id: string) => (await list()).data.find((s: any) => s.id === id);

  beforeAll(async () => {
    [t, other] = await Promise.all([tenant(), tenant()]);
    [tokenA, tokenB] = await Promise.all([
      deployToken(t, { name: "Session A", symbol: "SSA", standard: "ERC20", decimals: 18, initial_supply: "0", features: ERC20_FEATURES }),
      deployToken(t, { name: "Session B", symbol: "SSB", standard: "ERC20", decimals: 18, initial_supply: "0", features: ERC20_FEATURES }),
    ]);
    network = (await api(t, "GET", `/v1/connect/networks/${CHAIN_ID}`)).body;
    const registered = await api(t, "POST", "/v1/connect/accounts", { signer: owner.address, chain_id: CHAIN_ID });
    expect(registered.status).toBe(201);
    account = registered.body.address;
    await confirmed(t, "POST", `/v1/tokens/${tokenA.id}/mint`, { to: account, amount: "1000" });
    await confirmed(t, "POST", `/v1/tokens/${tokenB.id}/mint`, { to: account, amount: "1000" });
    await chain().request({ method: "hardhat_setBalance" as never, params: [account, "0xDE0B6B3A7640000"] as never }); // the account pays its gas
  });

  it("installs a client-held session key scoped to one token's transfer; it transfers, and cannot do anything else", async () => {
    const validUntil = now() + 3600;
    const created = await api(t, "POST", "/v1/connect/sessions", {
      account, chain_id: CHAIN_ID, signer: sessionKey.address, name: "game", valid_until: validUntil,
      targets: [tokenA.address], selectors: ["transfer(address,uint256)"], value_limit: "10",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const session = created.body;
    expect(session).toMatchObject({
      object: "session_key", account, chain_id: CHAIN_ID, signer: sessionKey.address, server_held: false, name: "game", status: "awaiting_install",
      valid_after: 0, valid_until: validUntil, targets: [getAddress(tokenA.address)], selectors: ["0xa9059cbb"], value_limit: "10",
      validator: connectBase().sessionKeyValidator, install_action: "install_module", activated: null, revoked: null,
      on_chain: { present: false, validator_installed: false },
    });
    expect(session.id).toMatch(/^ses_/);
    expect(BigInt(session.nonce_key) >> 176n).toBe(1n); // mode 0x00, type 0x01 (validator), then the validator
    expect(session.install_call).toEqual({ to: account, value: "0", data: session.install_call_data });
    expect((await list()).data.map((s: any) => [s.id, s.status])).toEqual([[session.id, "awaiting_install"]]);
    // A live session for this signer already exists.
    const twice = await api(t, "POST", "/v1/connect/sessions", { account, chain_id: CHAIN_ID, signer: sessionKey.address, valid_until: validUntil, targets: [tokenA.address], selectors: ["0xa9059cbb"] });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("session_key_exists");

    // The owner's first operation deploys the account and installs the validator with the session.
    await asOwner(session.install_call);
    const active = await sessionIn(session.id);
    expect(active).toMatchObject({ status: "active", on_chain: { present: true, valid_after: 0, valid_until: validUntil, value_limit: "10", validator_installed: true } });
    expect(active.activated).toBeGreaterThan(0);
    const installed = await api(t, "GET", `/v1/connect/accounts/${account}/modules/installed?module_type=1&module=${session.validator}&chain_id=${CHAIN_ID}`);
    expect(installed.body.installed).toBe(true);

    // In scope: the session key alone moves tokens.
    const ok = await sessionOp(session.nonce_key, { to: tokenA.address, data: transfer(25n) }, byKey(sessionKey));
    await relayConfirmed(ok.op);
    expect(await balances()).toEqual([25n, 0n]);
    expect(await read<bigint>(tokenA, "balanceOf", [account])).toBe(975n);

    // Out of scope: the validator fails the signature; alto refuses the operation at submission.
    const gas = ok.gas;
    const outOfScope: [string, { to: Address; value?: bigint; data: Hex }][] = [
      ["another selector", { to: tokenA.address, data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [RECIPIENT, 5n] }) }],
      ["another target", { to: tokenB.address, data: transfer(5n) }],
      ["value above the limit", { to: tokenA.address, value: 11n, data: transfer(5n) }],
    ];
    for (const [what, call] of outOfScope) {
      const { op } = await sessionOp(session.nonce_key, call, byKey(sessionKey), gas);
      await relayRejected(op, /signature/i).catch((e) => { throw new Error(`${what}: ${e.message}`); });
    }
    // Another key on the session's nonce key, and the owner key there: rejected too.
    await relayRejected((await sessionOp(session.nonce_key, { to: tokenA.address, data: transfer(5n) }, byKey(privateKeyToAccount(generatePrivateKey())), gas)).op, /signature/i);
    await relayRejected((await sessionOp(session.nonce_key, { to: tokenA.address, data: transfer(5n) }, byKey(owner), gas)).op, /signature/i);

    // The chain itself refuses it (not only the bundler): handleOps reverts with AA24 for the other selector.
    const { op, nonce } = await sessionOp(session.nonce_key, outOfScope[0][1], byKey(sessionKey), gas);
    const packed = toPackedUserOperation({
      sender: account, nonce, callData: op.callData as Hex, signature: op.signature,
      callGasLimit: BigInt(gas.callGasLimit), verificationGasLimit: BigInt(gas.verificationGasLimit), preVerificationGas: BigInt(gas.preVerificationGas),
      maxFeePerGas: BigInt(gas.maxFeePerGas), maxPriorityFeePerGas: BigInt(gas.maxPriorityFeePerGas),
    });
    await expect(
      chain().simulateContract({ address: network.entry_point, abi: entryPoint07Abi, functionName: "handleOps", args: [[packed], RECIPIENT], account: RECIPIENT }),
    ).rejects.toThrow(/AA24 signature error/);
    expect(await balances()).toEqual([25n, 0n]);

    // Revoked: the record at once; on chain once the owner relays revoke_call_data. Then the key moves nothing.
    const revoked = await api(t, "DELETE", `/v1/connect/accounts/${account}/sessions/${session.id}`);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body).toMatchObject({ id: session.id, status: "revoked", on_chain: { present: true } });
    expect(revoked.body.revoked).toBeGreaterThan(0);
    expect(revoked.body.revoke_call).toMatchObject({ to: session.validator, value: "0" });
    await asOwner(revoked.body.revoke_call);
    expect(await sessionIn(session.id)).toMatchObject({ status: "revoked", on_chain: { present: false, validator_installed: true } });
    await relayRejected((await sessionOp(session.nonce_key, { to: tokenA.address, data: transfer(5n) }, byKey(sessionKey), gas)).op, /signature/i);
    expect(await balances()).toEqual([25n, 0n]);
    // DELETE again answers the same revoked record.
    expect((await api(t, "DELETE", `/v1/connect/accounts/${account}/sessions/${session.id}?chain_id=${CHAIN_ID}`)).body).toMatchObject({ id: session.id, status: "revoked" });
  });

  it("a server-held session key signs for the platform (sessionSignerFor) until it is revoked; the key is never returned", async () => {
    const created = await api(t, "POST", "/v1/connect/sessions", { account, chain_id: CHAIN_ID, valid_until: now() + 7200, targets: [tokenA.address], selectors: ["0xa9059cbb"] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const session = created.body;
    // The validator is installed already: the session is added through execute.
    expect(session).toMatchObject({ server_held: true, status: "awaiting_install", install_action: "add_session", value_limit: "0", on_chain: { present: false, validator_installed: true } });
    expect(session.install_call).toMatchObject({ to: session.validator, value: "0" });
    // The key is stored encrypted, is the signer's, and appears nowhere in the answer.
    const stored = await db.connectSessionKey.findUniqueOrThrow({ where: { id: session.id } });
    expect(stored.encryptedKey).toMatch(/^v1:/);
    const key = decryptPrivateKey(stored.encryptedKey!);
    expect(privateKeyToAccount(key).address).toBe(session.signer);
    expect(JSON.stringify(created.body).toLowerCase()).not.toContain(key.slice(2).toLowerCase());

    const call = { to: tokenA.address as Address, data: transfer(40n) };
    const accountRef = { address: account, chainId: CHAIN_ID };
    expect(await sessionSignerFor(scope(), accountRef, call)).toBeNull(); // not on chain yet
    await asOwner(session.install_call);
    expect((await sessionIn(session.id)).status).toBe("active");

    const signer = await sessionSignerFor(scope(), accountRef, call);
    expect(signer).toMatchObject({ sessionKeyId: session.id, validator: session.validator, nonceKey: BigInt(session.nonce_key) });
    // Outside its scope, for another tenant, or with value: none.
    expect(await sessionSignerFor(scope(), accountRef, { to: tokenB.address, data: transfer(1n) })).toBeNull();
    expect(await sessionSignerFor(scope(), accountRef, { to: tokenA.address, data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [RECIPIENT, 1n] }) })).toBeNull();
    expect(await sessionSignerFor(scope(), accountRef, { ...call, value: 1n })).toBeNull();
    expect(await sessionSignerFor({ tenantId: other.id, livemode: false }, accountRef, call)).toBeNull();

    // It signs an operation the platform built (as the account's run does), and the operation confirms.
    const before = await balances();
    const built = await prepareUserOperation(scope(), { address: account, chain_id: CHAIN_ID, calls: [call], nonce_key: signer!.nonceKey });
    const relayed = await api(t, "POST", `/v1/connect/ops/${built.user_op_hash}/sign-and-relay`, { signature: await signer!.sign(built.user_op_hash as Hex) });
    expect(relayed.status, JSON.stringify(relayed.body)).toBe(200);
    const done = await readUntil(() => api(t, "GET", `/v1/connect/relay/${built.user_op_hash}`), (r) => r.body.status !== "pending");
    expect(done.body.status, JSON.stringify(done.body)).toBe("confirmed");
    expect(await balances()).toEqual([before[0] + 40n, before[1]]);

    const revoked = await api(t, "DELETE", `/v1/connect/accounts/${account}/sessions/${session.id}`);
    expect(revoked.body.status).toBe("revoked");
    expect((await db.connectSessionKey.findUniqueOrThrow({ where: { id: session.id } })).encryptedKey).toBeNull();
    await expect(signer!.sign(built.user_op_hash as Hex)).rejects.toMatchObject({ code: "session_key_revoked" });
    expect(await sessionSignerFor(scope(), accountRef, call)).toBeNull();
  });

  it("an expired session is rejected, with its record expired", async () => {
    const key = privateKeyToAccount(generatePrivateKey());
    const validUntil = now() + 45; // room for the install and one operation on a busy machine, then a short wait
    const created = await api(t, "POST", "/v1/connect/sessions", { account, chain_id: CHAIN_ID, signer: key.address, valid_until: validUntil, targets: [tokenA.address], selectors: ["transfer(address,uint256)"] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await asOwner(created.body.install_call);
    const before = await balances();
    const first = await sessionOp(created.body.nonce_key, { to: tokenA.address, data: transfer(3n) }, byKey(key));
    await relayConfirmed(first.op); // works before expiry
    expect(await balances()).toEqual([before[0] + 3n, before[1]]);

    await readUntil(async () => now(), (t) => t > validUntil, 60_000);
    expect(await sessionIn(created.body.id)).toMatchObject({ status: "expired", on_chain: { present: true, valid_until: validUntil } });
    // The validator hands validUntil to the EntryPoint; the bundler refuses an operation past it (or about to pass).
    await relayRejected((await sessionOp(created.body.nonce_key, { to: tokenA.address, data: transfer(3n) }, byKey(key), first.gas)).op, /expire/i);
    expect(await balances()).toEqual([before[0] + 3n, before[1]]);
    // Its signer can be registered again once expired.
    const again = await api(t, "POST", "/v1/connect/sessions", { account, chain_id: CHAIN_ID, signer: key.address, valid_until: now() + 600, targets: [tokenA.address], selectors: ["0xa9059cbb"] });
    expect(again.status).toBe(201);
  }, 150_000);

  it("refuses bad input with 400s and hides every record from another tenant (404)", async () => {
    const base = { account, chain_id: CHAIN_ID, valid_until: now() + 600, targets: [tokenA.address], selectors: ["0xa9059cbb"] };
    const bad: [Record<string, unknown>, string][] = [
      [{ valid_until: now() - 1 }, "valid_until"],
      [{ valid_until: now() + 91 * 86_400 }, "valid_until"],
      [{ valid_after: base.valid_until }, "valid_after"],
      [{ targets: [account] }, "targets.0"],
      [{ targets: [] }, "targets"],
      [{ selectors: ["transfer(address,uint256"] }, "selectors.0"],
      [{ selectors: ["transfer(notatype)"] }, "selectors.0"],
      [{ value_limit: (2n ** 128n).toString() }, "value_limit"],
      [{ signer: account }, "signer"],
      [{ chain_id: "999999" }, "chain_id"],
    ];
    for (const [patch, param] of bad) {
      const res = await api(t, "POST", "/v1/connect/sessions", { ...base, ...patch });
      expect(res.status, `${JSON.stringify(patch)} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.param, JSON.stringify(patch)).toBe(param);
    }

    const mine = (await list()).data[0];
    expect(mine).toBeTruthy();
    expect((await api(other, "POST", "/v1/connect/sessions", base)).status).toBe(404);
    expect((await api(other, "GET", `/v1/connect/accounts/${account}/sessions`)).status).toBe(404);
    expect((await api(other, "DELETE", `/v1/connect/accounts/${account}/sessions/${mine.id}`)).status).toBe(404);
    expect((await api(t, "DELETE", `/v1/connect/accounts/${account}/sessions/ses_nope`)).status).toBe(404);
    expect((await api(t, "GET", `/v1/connect/accounts/${account}/sessions?chain_id=1`)).status).toBe(404);

    // The other tenant's own account and session: invisible to this tenant, even with its own account in the path.
    const seeded = await seedConnect(other);
    const theirs = await api(other, "POST", "/v1/connect/sessions", { ...base, account: seeded.address });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    expect((await api(other, "GET", `/v1/connect/accounts/${seeded.address}/sessions`)).body.data.map((s: any) => s.id)).toEqual([theirs.body.id]);
    expect((await api(t, "GET", `/v1/connect/accounts/${seeded.address}/sessions`)).status).toBe(404);
    expect((await api(t, "DELETE", `/v1/connect/accounts/${seeded.address}/sessions/${theirs.body.id}`)).status).toBe(404);
    expect((await api(t, "DELETE", `/v1/connect/accounts/${account}/sessions/${theirs.body.id}`)).status).toBe(404);
    expect((await api(other, "GET", `/v1/connect/accounts/${seeded.address}/sessions`)).body.data[0].status).toBe("awaiting_install");
  });

  it("a scope is (target, selector) pairs: (A, transfer) and (B, approve) never allow (A, approve), off chain or on chain", async () => {
    const approve = (amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [RECIPIENT, amount] });
    const pairs = [{ target: tokenA.address, selector: "transfer(address,uint256)" }, { target: tokenB.address, selector: "0x095ea7b3" }];
    // Two lists of several each would be their cross product: refused, pairs are asked for.
    const ambiguous = await api(t, "POST", "/v1/connect/sessions", {
      account, chain_id: CHAIN_ID, valid_until: now() + 600, targets: [tokenA.address, tokenB.address], selectors: ["transfer(address,uint256)", "approve(address,uint256)"],
    });
    expect(ambiguous.status, JSON.stringify(ambiguous.body)).toBe(400);
    expect(ambiguous.body.error).toMatchObject({ code: "session_scope_ambiguous", param: "permissions" });

    // A client-held key: in-scope pairs go through; the crossed ones fail the validator (the bundler refuses them).
    const key = privateKeyToAccount(generatePrivateKey());
    const created = await api(t, "POST", "/v1/connect/sessions", { account, chain_id: CHAIN_ID, signer: key.address, valid_until: now() + 3600, permissions: pairs });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.permissions).toEqual([
      { target: getAddress(tokenA.address), selector: "0xa9059cbb" },
      { target: getAddress(tokenB.address), selector: "0x095ea7b3" },
    ]);
    expect(created.body).toMatchObject({ gas_limit: null, paymaster: "any" });
    await asOwner(created.body.install_call);
    expect(await sessionIn(created.body.id)).toMatchObject({ status: "active", on_chain: { present: true, gas_limit: null, paymaster: "any" } });
    const before = await balances();
    const ok = await sessionOp(created.body.nonce_key, { to: tokenA.address, data: transfer(2n) }, byKey(key));
    await relayConfirmed(ok.op);
    expect(await balances()).toEqual([before[0] + 2n, before[1]]);
    for (const [what, call] of [["(A, approve)", { to: tokenA.address, data: approve(1n) }], ["(B, transfer)", { to: tokenB.address, data: transfer(1n) }]] as const) {
      const { op } = await sessionOp(created.body.nonce_key, call, byKey(key), ok.gas);
      await relayRejected(op, /signature/i).catch((e) => { throw new Error(`${what}: ${e.message}`); });
    }
    expect(await balances()).toEqual([before[0] + 2n, before[1]]);
    await api(t, "DELETE", `/v1/connect/accounts/${account}/sessions/${created.body.id}`);

    // A server-held key: the platform finds no session for (A, approve), and its signer refuses to sign one.
    const held = await api(t, "POST", "/v1/connect/sessions", { account, chain_id: CHAIN_ID, valid_until: now() + 3600, permissions: pairs });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    await asOwner(held.body.install_call);
    const accountRef = { address: account, chainId: CHAIN_ID };
    expect(await sessionSignerFor(scope(), accountRef, { to: tokenA.address, data: approve(1n) })).toBeNull();
    expect(await sessionSignerFor(scope(), accountRef, { to: tokenB.address, data: transfer(1n) })).toBeNull();
    const signer = await sessionSignerFor(scope(), accountRef, { to: tokenA.address, data: transfer(1n) });
    expect(signer?.sessionKeyId).toBe(held.body.id);
    const crossed = await prepareUserOperation(scope(), { address: account, chain_id: CHAIN_ID, calls: [{ to: tokenA.address, data: approve(1n) }], nonce_key: signer!.nonceKey });
    await expect(signer!.sign(crossed.user_op_hash as Hex)).rejects.toMatchObject({ status: 400, code: "session_scope_exceeded" });
    await expect(signer!.sign(ok.op.signature as Hex)).rejects.toMatchObject({ code: "session_scope_exceeded" }); // not an operation built here
    await api(t, "DELETE", `/v1/connect/accounts/${account}/sessions/${held.body.id}`);
  });

  it("a session's gas limit and paymaster allowance bind what its key signs", async () => {
    const base = { account, chain_id: CHAIN_ID, valid_until: now() + 3600, permissions: [{ target: tokenA.address, selector: "0xa9059cbb" }] };
    const accountRef = { address: account, chainId: CHAIN_ID };
    const call = { to: tokenA.address as Address, data: transfer(1n) };

    const tight = await api(t, "POST", "/v1/connect/sessions", { ...base, gas_limit: 21_000 });
    expect(tight.status, JSON.stringify(tight.body)).toBe(201);
    expect(tight.body).toMatchObject({ gas_limit: 21_000, paymaster: "any" });
    await asOwner(tight.body.install_call);
    expect(await sessionIn(tight.body.id)).toMatchObject({ status: "active", on_chain: { gas_limit: 21_000 } });
    const signer = await sessionSignerFor(scope(), accountRef, call);
    expect(signer?.sessionKeyId).toBe(tight.body.id);
    const op = await prepareUserOperation(scope(), { address: account, chain_id: CHAIN_ID, calls: [call], nonce_key: signer!.nonceKey });
    const refused = await signer!.sign(op.user_op_hash as Hex).catch((e) => e);
    expect(refused).toMatchObject({ status: 400, code: "session_scope_exceeded" });
    expect(refused.message).toMatch(/gas limit 21000/);
    await api(t, "DELETE", `/v1/connect/accounts/${account}/sessions/${tight.body.id}`);

    // Only one paymaster: the platform's own (unsponsored) writes are not signed by it.
    const paymaster = "0x00000000000000000000000000000000000000Aa";
    const only = await api(t, "POST", "/v1/connect/sessions", { ...base, paymaster });
    expect(only.status, JSON.stringify(only.body)).toBe(201);
    expect(only.body.paymaster).toBe(getAddress(paymaster));
    await asOwner(only.body.install_call);
    expect(await sessionIn(only.body.id)).toMatchObject({ status: "active", on_chain: { paymaster: getAddress(paymaster) } });
    expect(await sessionSignerFor(scope(), accountRef, call)).toBeNull();
    await api(t, "DELETE", `/v1/connect/accounts/${account}/sessions/${only.body.id}`);

    for (const [patch, param] of [[{ gas_limit: 100 }, "gas_limit"], [{ paymaster: "some" }, "paymaster"], [{ targets: [tokenA.address] }, "permissions"]] as const) {
      const res = await api(t, "POST", "/v1/connect/sessions", { ...base, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.error.param, JSON.stringify(res.body)).toBe(param);
    }
  });
});
