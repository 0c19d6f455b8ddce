// Connect acceptance, all real: the local chain with the ERC-4337 base (EntryPoint v0.7, Kernel v3.1 and
// our ECDSA validator), alto as the bundler, PostgreSQL and the durable function. A client builds and signs
// a user operation with permissionless for the account the API registered; the API relays it; the first
// operation deploys the account and transfers an ERC-20 the tenant deployed and minted to it.
import { beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, decodeFunctionData, defineChain, encodeAbiParameters, encodeFunctionData, keccak256, parseAbi, toHex, erc20Abi, getAddress, http, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { toKernelSmartAccount } from "permissionless/accounts";
import { db } from "@/lib/db";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { prepareUserOperation } from "@/lib/connect/user-ops/prepare";
import { chainEvidence } from "@/lib/connect/user-ops/evidence";
import { seedConnect } from "@/lib/connect/testing/records";
import { api, chain, confirmed, deployToken, ERC20_FEATURES, read, tenant, type TestTenant, readUntil } from "@/lib/tokens/testing";

const CHAIN_ID = "80002"; // polygon_amoy, served by the local chain in tests
const RECIPIENT: Address = "0x00000000000000000000000000000000000c0ffe";

describe("Connect: accounts and relay through alto", () => {
  let t: TestTenant;
  let other: TestTenant;
  let network: any;
  const owner = privateKeyToAccount(generatePrivateKey());
  let kernel: Awaited<ReturnType<typeof toKernelSmartAccount>>;
  let registered: any;
  let token: Awaited<ReturnType<typeof deployToken>>;

  beforeAll(async () => {
    [t, other] = await Promise.all([tenant(), tenant()]);
    token = await deployToken(t, { name: "Connect", symbol: "CNX", standard: "ERC20", decimals: 18, initial_supply: "0", features: ERC20_FEATURES });
    network = (await api(t, "GET", `/v1/connect/networks/${CHAIN_ID}`)).body;
  });

  it("describes the chain: EntryPoint, factory, validators, RPC and bundler", async () => {
    expect(network).toMatchObject({ object: "connect_network", chain_id: CHAIN_ID, network: "polygon_amoy", available: true });
    expect(network.bundler_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const address of [network.entry_point, network.factory_address, network.account_implementation, network.validators.ecdsa]) {
      expect((await chain().getCode({ address })) ?? "0x").not.toBe("0x");
    }
    expect((await api(t, "GET", "/v1/connect/networks/424242")).status).toBe(404);
  });

  it("registers one counterfactual account per signer and chain (idempotent)", async () => {
    const res = await api(t, "POST", "/v1/connect/accounts", { signer: owner.address, chain_id: CHAIN_ID });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    registered = res.body;
    expect(registered).toMatchObject({ object: "connect_account", signer: owner.address, chain_id: CHAIN_ID, network: "polygon_amoy", validator: "ecdsa" });
    const again = await api(t, "POST", "/v1/connect/accounts", { signer: owner.address.toLowerCase(), chain_id: CHAIN_ID });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(registered.id);
    expect(again.body.address).toBe(registered.address);

    // The client derives the same address with permissionless from the network's configuration.
    const client = createPublicClient({
      chain: defineChain({ id: network.rpc_chain_id, name: "local", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [network.rpc_url] } } }),
      transport: http(network.rpc_url),
    });
    kernel = await toKernelSmartAccount({
      client,
      version: "0.3.1",
      entryPoint: { address: network.entry_point, version: "0.7" },
      factoryAddress: network.factory_address,
      accountLogicAddress: network.account_implementation,
      validatorAddress: network.validators.ecdsa,
      useMetaFactory: false,
      owners: [owner],
      index: BigInt(registered.salt), // the account's salt: one per tenant and mode
    });
    expect(kernel.address).toBe(registered.address);
    expect((await kernel.getFactoryArgs()).factoryData).toBe(registered.factory_data);

    const details = await api(t, "GET", `/v1/connect/accounts/${registered.address}`);
    expect(details.body).toMatchObject({ id: registered.id, deployed: false, balance: "0", nonce: (await kernel.getNonce()).toString() });
    const list = await api(t, "GET", `/v1/connect/accounts?chain_id=${CHAIN_ID}`);
    expect(list.body.data.map((a: any) => a.id)).toEqual([registered.id]);

    expect((await api(t, "POST", "/v1/connect/accounts", { signer: owner.address, chain_id: "1" })).status).toBe(400); // mainnet with a test key
    expect((await api(t, "POST", "/v1/connect/accounts", { signer: owner.address, chain_id: "999999" })).body.error.code).toBe("network_unknown");
  });

  it("deploys the account with its first user operation (an ERC-20 transfer), relayed through the API", async () => {
    const address = registered.address as Address;
    await confirmed(t, "POST", `/v1/tokens/${token.id}/mint`, { to: address, amount: "1000" });
    // Self-custody without a paymaster: the account pays its own gas.
    await chain().request({ method: "hardhat_setBalance" as never, params: [address, "0xDE0B6B3A7640000"] as never });

    const callData = await kernel.encodeCalls([
      { to: token.address, data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [RECIPIENT, 250n] }) },
    ]);
    const { factory, factoryData } = await kernel.getFactoryArgs();
    const nonce = await kernel.getNonce();
    const unsigned = { sender: address, nonce: `0x${nonce.toString(16)}`, factory, factoryData, callData };

    const estimate = await api(t, "POST", "/v1/connect/relay/estimate-gas", { chain_id: CHAIN_ID, user_operation: unsigned });
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
    expect(estimate.body).toMatchObject({ object: "gas_estimate", chain_id: CHAIN_ID });
    expect(BigInt(estimate.body.verificationGasLimit)).toBeGreaterThan(100_000n); // deployment is part of verification
    expect(BigInt(estimate.body.callGasLimit)).toBeGreaterThan(0n);

    const op = {
      ...unsigned,
      callGasLimit: estimate.body.callGasLimit,
      verificationGasLimit: estimate.body.verificationGasLimit,
      preVerificationGas: estimate.body.preVerificationGas,
      maxFeePerGas: estimate.body.maxFeePerGas,
      maxPriorityFeePerGas: estimate.body.maxPriorityFeePerGas,
    };
    const big = (v: string) => BigInt(v);
    const signature = await kernel.signUserOperation({
      ...op,
      nonce,
      callGasLimit: big(op.callGasLimit),
      verificationGasLimit: big(op.verificationGasLimit),
      preVerificationGas: big(op.preVerificationGas),
      maxFeePerGas: big(op.maxFeePerGas),
      maxPriorityFeePerGas: big(op.maxPriorityFeePerGas),
      chainId: network.rpc_chain_id,
    } as never);

    const relayed = await api(t, "POST", "/v1/connect/relay", { chain_id: CHAIN_ID, user_operation: { ...op, signature } });
    expect(relayed.status, JSON.stringify(relayed.body)).toBe(202);
    expect(relayed.body).toMatchObject({ object: "relay_operation", status: "pending", account: address, chain_id: CHAIN_ID, nonce: nonce.toString(), call_data: callData });
    const hash = relayed.body.user_op_hash as Hex;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);

    // The durable function follows it to its receipt (read from the table, without asking the API).
    await readUntil(() => db.relayOperation.findUniqueOrThrow({ where: { id: relayed.body.id } }), (r) => r.status !== "pending");
    const done = await api(t, "GET", `/v1/connect/relay/${hash}`);
    expect(done.body).toMatchObject({ status: "confirmed", success: true, user_op_hash: hash });
    expect(done.body.transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);

    const receipt = await api(t, "GET", `/v1/connect/relay/${hash}/receipt?chain_id=${CHAIN_ID}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ object: "relay_receipt", user_op_hash: hash, receipt: { success: true, sender: address, nonce: nonce.toString(), transaction_hash: done.body.transaction_hash } });
    expect(BigInt(receipt.body.receipt.actual_gas_cost)).toBeGreaterThan(0n);

    // On chain: the account exists, the tokens moved, the account paid its gas.
    expect(await read<bigint>(token, "balanceOf", [RECIPIENT])).toBe(250n);
    expect(await read<bigint>(token, "balanceOf", [address])).toBe(750n);
    const details = await api(t, "GET", `/v1/connect/accounts/${address}?chain_id=${CHAIN_ID}`);
    expect(details.body).toMatchObject({ deployed: true, nonce: (nonce + 1n).toString() });
    // The account prefunded the EntryPoint; what the operation did not use stays there as its deposit.
    const deposit = await chain().readContract({ address: network.entry_point, abi: parseAbi(["function balanceOf(address) view returns (uint256)"]), functionName: "balanceOf", args: [address] });
    expect(BigInt(details.body.balance) + deposit).toBe(10n ** 18n - BigInt(receipt.body.receipt.actual_gas_cost));
    const installed = await api(t, "GET", `/v1/connect/accounts/${address}/modules/installed?module_type=1&module=${network.validators.ecdsa}`);
    expect(installed.body).toMatchObject({ object: "module_installation", installed: true });
    const notInstalled = await api(t, "GET", `/v1/connect/accounts/${address}/modules/installed?module_type=1&module=${network.validators.passkey}`);
    expect(notInstalled.body.installed).toBe(false);

    const relays = await api(t, "GET", `/v1/connect/accounts/${address}/relay`);
    expect(relays.body).toMatchObject({ object: "list", total: 1 });
    expect(relays.body.data[0]).toMatchObject({ user_op_hash: hash, status: "confirmed" });

    // The same operation again answers its record; it is not sent twice.
    const repeat = await api(t, "POST", "/v1/connect/relay", { chain_id: CHAIN_ID, user_operation: { ...op, signature } });
    expect(repeat.body).toMatchObject({ id: relayed.body.id, status: "confirmed" });

    // Another tenant sees none of it.
    for (const path of [`/v1/connect/accounts/${address}`, `/v1/connect/accounts/${address}/relay`, `/v1/connect/relay/${hash}`, `/v1/connect/relay/${hash}/receipt?chain_id=${CHAIN_ID}`,
      `/v1/connect/accounts/${address}/modules/installed?module_type=1&module=${network.validators.ecdsa}`]) {
      expect((await api(other, "GET", path)).status, path).toBe(404);
    }
    expect((await api(other, "POST", "/v1/connect/relay", { chain_id: CHAIN_ID, user_operation: { ...op, signature } })).status).toBe(404);
    expect((await api(other, "POST", "/v1/connect/relay/estimate-gas", { chain_id: CHAIN_ID, user_operation: unsigned })).status).toBe(404);

    // The other tenant's own records (the seed the fuzz test can use) are invisible to this one, and vice versa.
    const seeded = await seedConnect(other);
    expect((await api(other, "GET", `/v1/connect/relay/${seeded.userOpHash}`)).body).toMatchObject({ status: "awaiting_sign", account: seeded.address });
    expect((await api(t, "GET", `/v1/connect/relay/${seeded.userOpHash}`)).status).toBe(404);
    expect((await api(t, "GET", `/v1/connect/accounts/${seeded.address}`)).status).toBe(404);
    expect((await api(t, "POST", `/v1/connect/ops/${seeded.userOpHash}/cancel`)).status).toBe(404);
    expect((await api(t, "GET", "/v1/connect/ops/pending")).body.data).toEqual([]);
  });

  it("without the bundler's receipt, finds the operation's event in bounded log ranges from its submission block, never from block 0", async () => {
    const record = await db.relayOperation.findFirstOrThrow({ where: { tenantId: t.id, status: "confirmed" }, orderBy: { createdAt: "asc" } });
    expect(record.submittedBlock).not.toBeNull();
    expect(BigInt(record.blockNumber!)).toBeGreaterThanOrEqual(record.submittedBlock!);
    await chain().request({ method: "hardhat_mine" as never, params: ["0x4e20"] as never }); // 20,000 blocks later
    // An RPC as hosted providers run it: eth_getLogs refused from block 0 and over 1,000 blocks.
    const ranges: [bigint, bigint][] = [];
    const upstream: string = network.rpc_url;
    const proxy = createServer(async (req, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      const parsed = JSON.parse(body);
      // viem batches calls made in the same tick: answer each of them.
      const answers = await Promise.all((Array.isArray(parsed) ? parsed : [parsed]).map(async (call) => {
        const [filter] = call.method === "eth_getLogs" ? call.params : [];
        if (filter) {
          const [from, to] = [BigInt(filter.fromBlock), BigInt(filter.toBlock)];
          ranges.push([from, to]);
          if (from === 0n || to - from + 1n > 1_000n) return { jsonrpc: "2.0", id: call.id, error: { code: -32005, message: "query exceeds max block range 1000" } };
        }
        const answer = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(call) });
        return answer.json();
      }));
      res.end(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]));
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const saved = process.env.RPC_URL_SEPOLIA;
    process.env.RPC_URL_SEPOLIA = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const evidence = await chainEvidence({ ...record, network: "sepolia" });
      expect(evidence).toMatchObject({ kind: "executed", execution: { transactionHash: record.transactionHash, blockNumber: BigInt(record.blockNumber!), success: true } });
      const answered = ranges.filter(([from, to]) => from > 0n && to - from + 1n <= 1_000n);
      expect(answered.length).toBeGreaterThan(0);
      expect(Math.min(...answered.map(([from]) => Number(from)))).toBeGreaterThanOrEqual(Number(record.submittedBlock!) - 128);
    } finally {
      if (saved === undefined) delete process.env.RPC_URL_SEPOLIA;
      else process.env.RPC_URL_SEPOLIA = saved;
      proxy.close();
    }
  });

  it("builds operations server-side: awaiting_sign → sign-and-relay / sign → confirmed; cancel only before signing", async () => {
    const address = registered.address as Address;
    const scope = { tenantId: t.id, livemode: false };
    const transfer = (amount: bigint) => [{ to: token.address, data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [RECIPIENT, amount] }) }];
    const ownerSignature = (hash: Hex) => owner.signMessage({ message: { raw: hash } });

    // What a connect-mode write does: the server builds the full v0.7 operation, the owner signs its hash.
    const first = await prepareUserOperation(scope, { address, chain_id: CHAIN_ID, calls: transfer(50n) });
    const stale = await prepareUserOperation(scope, { address, chain_id: CHAIN_ID, calls: transfer(1n) }); // same nonce as first
    expect(first).toMatchObject({ status: "awaiting_sign", account: address, nonce: (await kernel.getNonce()).toString(), submitted: null });
    expect(first.user_operation).toMatchObject({ sender: address, callData: first.call_data });
    expect(first.user_operation.factory).toBeUndefined(); // deployed by the first operation already
    const pending = await api(t, "GET", `/v1/connect/ops/pending?account=${address}`);
    expect(pending.status).toBe(200);
    expect(pending.body.data.map((o: any) => o.user_op_hash)).toEqual([stale.user_op_hash, first.user_op_hash]);
    expect(pending.body.data[1].call_data.toLowerCase()).toBe((await kernel.encodeCalls(transfer(50n))).toLowerCase()); // the same Kernel execute encoding
    expect((await api(other, "GET", "/v1/connect/ops/pending")).body.data.map((o: any) => o.user_op_hash)).not.toContain(first.user_op_hash);
    for (const action of ["sign", "sign-and-relay", "cancel"]) {
      expect((await api(other, "POST", `/v1/connect/ops/${first.user_op_hash}/${action}`, action === "cancel" ? {} : { signature: "0x00" })).status, action).toBe(404);
    }

    // Not the owner's signature: a 400 naming it, before anything reaches the bundler; the operation still waits.
    const wrong = await privateKeyToAccount(generatePrivateKey()).signMessage({ message: { raw: first.user_op_hash as Hex } });
    const refused = await api(t, "POST", `/v1/connect/ops/${first.user_op_hash}/sign-and-relay`, { signature: wrong });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "signature_invalid", param: "signature" });
    expect((await api(t, "GET", `/v1/connect/relay/${first.user_op_hash}`)).body.status).toBe("awaiting_sign");

    const relayed = await api(t, "POST", `/v1/connect/ops/${first.user_op_hash}/sign-and-relay`, { signature: await ownerSignature(first.user_op_hash as Hex) });
    expect(relayed.status, JSON.stringify(relayed.body)).toBe(200);
    expect(relayed.body).toMatchObject({ status: "pending", user_op_hash: first.user_op_hash });
    const done = await readUntil(() => api(t, "GET", `/v1/connect/relay/${first.user_op_hash}`), (r) => r.body.status !== "pending");
    expect(done.body).toMatchObject({ status: "confirmed", success: true });
    expect(await read<bigint>(token, "balanceOf", [RECIPIENT])).toBe(300n);
    expect((await api(t, "POST", `/v1/connect/ops/${first.user_op_hash}/sign-and-relay`, { signature: "0x00" })).body.error.code).toBe("operation_not_awaiting_sign");
    expect((await api(t, "POST", `/v1/connect/ops/${first.user_op_hash}/cancel`)).status).toBe(400);

    // Correctly signed, but its nonce is used now: the bundler refuses, 502 with its reason; it still waits, and can be cancelled.
    const replay = await api(t, "POST", `/v1/connect/ops/${stale.user_op_hash}/sign-and-relay`, { signature: await ownerSignature(stale.user_op_hash as Hex) });
    expect(replay.status, JSON.stringify(replay.body)).toBe(502);
    expect(replay.body.error).toMatchObject({ type: "api_error", code: "bundler_rejected" });
    expect(replay.body.error.message).toMatch(/AA25|nonce/i);
    expect((await api(t, "POST", `/v1/connect/ops/${stale.user_op_hash}/cancel`)).body.status).toBe("cancelled");

    // Cancel before signing; then it can be neither signed nor cancelled again.
    const second = await prepareUserOperation(scope, { address, chain_id: CHAIN_ID, calls: transfer(7n) });
    const cancelled = await api(t, "POST", `/v1/connect/ops/${second.user_op_hash}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", user_op_hash: second.user_op_hash });
    expect((await api(t, "POST", `/v1/connect/ops/${second.user_op_hash}/sign`, { signature: await ownerSignature(second.user_op_hash as Hex) })).status).toBe(400);
    expect((await api(t, "GET", "/v1/connect/ops/pending")).body.data).toEqual([]);

    // Sign: the client's signature moves it to pending and on to its receipt.
    const third = await prepareUserOperation(scope, { address, chain_id: CHAIN_ID, calls: transfer(25n) });
    const signed = await api(t, "POST", `/v1/connect/ops/${third.user_op_hash}/sign`, { signature: await ownerSignature(third.user_op_hash as Hex) });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.status).toBe("pending");
    await readUntil(() => api(t, "GET", `/v1/connect/relay/${third.user_op_hash}`), (r) => r.body.status === "confirmed");
    expect(await read<bigint>(token, "balanceOf", [RECIPIENT])).toBe(325n);
    const relays = await api(t, "GET", `/v1/connect/accounts/${address}/relay`);
    expect(relays.body.data.map((o: any) => o.status)).toEqual(["confirmed", "cancelled", "cancelled", "confirmed", "confirmed"]);
  });

  it("installs and uninstalls a validator with the call data of modules/install and validators/uninstall", async () => {
    const address = registered.address as Address;
    const scope = { tenantId: t.id, livemode: false };
    const passkey = network.validators.passkey as Address;
    const installedPasskey = async () =>
      (await api(t, "GET", `/v1/connect/accounts/${address}/modules/installed?module_type=1&module=${passkey}&chain_id=${CHAIN_ID}`)).body.installed;
    const run = async (callData: Hex) => {
      const op = await prepareUserOperation(scope, { address, chain_id: CHAIN_ID, calls: [{ to: address, data: callData }] });
      const res = await api(t, "POST", `/v1/connect/ops/${op.user_op_hash}/sign-and-relay`, { signature: await owner.signMessage({ message: { raw: op.user_op_hash as Hex } }) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const done = await readUntil(() => api(t, "GET", `/v1/connect/relay/${op.user_op_hash}`), (r) => r.body.status !== "pending");
      expect(done.body.status).toBe("confirmed");
    };

    const key = encodeAbiParameters([{ type: "bytes32" }, { type: "bytes32" }, { type: "bool" }], [keccak256(toHex("x")), keccak256(toHex("y")), false]);
    const install = await api(t, "POST", "/v1/connect/modules/install", { account: address, chain_id: CHAIN_ID, module_type: 1, module: passkey, data: key });
    expect(install.status, JSON.stringify(install.body)).toBe(200);
    expect(install.body).toMatchObject({ object: "module_call_data", action: "install_module", account: address, module: passkey, module_type: 1 });
    expect(BigInt(install.body.validator_nonce_key) >> 176n).toBe(1n); // mode 0x00, type 0x01 (validator), then the validator
    expect(await installedPasskey()).toBe(false);
    await run(install.body.call_data);
    expect(await installedPasskey()).toBe(true);

    const uninstall = await api(t, "POST", "/v1/connect/validators/uninstall", { account: address, validator: passkey });
    expect(uninstall.body).toMatchObject({ action: "uninstall_validation", module: passkey });
    await run(uninstall.body.call_data);
    expect(await installedPasskey()).toBe(false);

    const root = await api(t, "POST", "/v1/connect/validators/change-root", { validator: network.validators.ecdsa, data: RECIPIENT });
    expect(root.body).toMatchObject({ action: "change_root_validator", account: null });
    expect(decodeFunctionData({ abi: parseAbi(["function changeRootValidator(bytes21,address,bytes,bytes)"]), data: root.body.call_data }).args[2]).toBe(RECIPIENT);
    const module = await api(t, "POST", "/v1/connect/modules/uninstall", { module_type: 2, module: RECIPIENT, data: "0x01" });
    expect(decodeFunctionData({ abi: parseAbi(["function uninstallModule(uint256,address,bytes)"]), data: module.body.call_data }).args).toEqual([2n, getAddress(RECIPIENT), "0x01"]);
    expect((await api(t, "POST", "/v1/connect/modules/install", { module_type: 3, module: RECIPIENT })).body.error.param).toBe("init_data");
    for (const path of ["/v1/connect/modules/install", "/v1/connect/modules/uninstall"]) {
      expect((await api(other, "POST", path, { account: address, module_type: 1, module: passkey })).status, path).toBe(404);
    }
    expect((await api(other, "POST", "/v1/connect/validators/uninstall", { account: address, validator: passkey })).status).toBe(404);
    expect((await api(other, "POST", "/v1/connect/validators/change-root", { account: address, validator: passkey, data: "0x" })).status).toBe(404);
  });

  it("records an included operation whose call reverted as failed, with the reason", async () => {
    const address = registered.address as Address;
    const nonce = await kernel.getNonce();
    const callData = await kernel.encodeCalls([
      { to: token.address, data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [RECIPIENT, 10n ** 30n] }) },
    ]);
    const op = {
      sender: address, nonce: nonce.toString(), callData,
      callGasLimit: "200000", verificationGasLimit: "200000", preVerificationGas: "80000", maxFeePerGas: "3000000000", maxPriorityFeePerGas: "1000000000",
    };
    const big = (v: string) => BigInt(v);
    const signature = await kernel.signUserOperation({
      ...op, nonce, callGasLimit: big(op.callGasLimit), verificationGasLimit: big(op.verificationGasLimit), preVerificationGas: big(op.preVerificationGas),
      maxFeePerGas: big(op.maxFeePerGas), maxPriorityFeePerGas: big(op.maxPriorityFeePerGas), chainId: network.rpc_chain_id,
    } as never);
    const relayed = await api(t, "POST", "/v1/connect/relay", { chain_id: CHAIN_ID, user_operation: { ...op, signature } });
    expect(relayed.status, JSON.stringify(relayed.body)).toBe(202);
    const done = await readUntil(() => api(t, "GET", `/v1/connect/relay/${relayed.body.user_op_hash}`), (r) => r.body.status !== "pending");
    expect(done.body).toMatchObject({ status: "failed", success: false });
    expect(done.body.failure_reason).toMatch(/reverted/);
    expect(done.body.transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await api(t, "GET", `/v1/connect/relay/${relayed.body.user_op_hash}/receipt?chain_id=${CHAIN_ID}`);
    expect(receipt.body.receipt).toMatchObject({ success: false });
    expect(await read<bigint>(token, "balanceOf", [RECIPIENT])).toBe(325n);
  });

  it("refuses a signature that is not the owner's (400), and answers 502 with the bundler's reason when it rejects (no prefund)", async () => {
    const address = registered.address as Address;
    const before = (await api(t, "GET", `/v1/connect/accounts/${address}/relay`)).body.total;
    const nonce = await kernel.getNonce();
    const callData = await kernel.encodeCalls([{ to: RECIPIENT, value: 1n, data: "0x" }]);
    const gas = { callGasLimit: "100000", verificationGasLimit: "400000", preVerificationGas: "80000", maxFeePerGas: "2000000000", maxPriorityFeePerGas: "1000000000" };
    const op = { sender: address, nonce: nonce.toString(), callData, ...gas };
    const intruder = privateKeyToAccount(generatePrivateKey());
    const wrong = await api(t, "POST", "/v1/connect/relay", { chain_id: CHAIN_ID, user_operation: { ...op, signature: await intruder.signMessage({ message: "not the owner" }) } });
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: "signature_invalid", param: "user_operation.signature" });

    // A new account with no funds: its first operation, correctly signed, cannot pay its prefund.
    const poorOwner = privateKeyToAccount(generatePrivateKey());
    const poor = (await api(t, "POST", "/v1/connect/accounts", { signer: poorOwner.address, chain_id: CHAIN_ID })).body;
    const poorKernel = await toKernelSmartAccount({
      client: createPublicClient({ chain: defineChain({ id: network.rpc_chain_id, name: "local", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [network.rpc_url] } } }), transport: http(network.rpc_url) }),
      version: "0.3.1", entryPoint: { address: network.entry_point, version: "0.7" }, factoryAddress: network.factory_address,
      accountLogicAddress: network.account_implementation, validatorAddress: network.validators.ecdsa, useMetaFactory: false, owners: [poorOwner],
      index: BigInt(poor.salt),
    });
    const poorNonce = await poorKernel.getNonce();
    const poorOp = { sender: poor.address, nonce: poorNonce.toString(), ...(await poorKernel.getFactoryArgs()), callData, ...gas };
    const big = (v: string) => BigInt(v);
    const signature = await poorKernel.signUserOperation({
      ...poorOp, nonce: poorNonce, callGasLimit: big(gas.callGasLimit), verificationGasLimit: big(gas.verificationGasLimit), preVerificationGas: big(gas.preVerificationGas),
      maxFeePerGas: big(gas.maxFeePerGas), maxPriorityFeePerGas: big(gas.maxPriorityFeePerGas), chainId: network.rpc_chain_id,
    } as never);
    const res = await api(t, "POST", "/v1/connect/relay", { chain_id: CHAIN_ID, user_operation: { ...poorOp, signature } });
    expect(res.status, JSON.stringify(res.body)).toBe(502);
    expect(res.body.error).toMatchObject({ type: "api_error", code: "bundler_rejected" });
    expect(res.body.error.message).toMatch(/AA21|prefund|funds/i);
    expect((await api(t, "GET", `/v1/connect/accounts/${address}/relay`)).body.total).toBe(before);
    expect((await api(t, "GET", `/v1/connect/accounts/${poor.address}/relay`)).body.total).toBe(0);
    expect(getAddress(address)).toBe(address);
  });
});
