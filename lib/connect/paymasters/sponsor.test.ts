// Sponsored user operations, all real: a VerifyingPaymaster (EntryPoint v0.7 samples, from
// @account-abstraction/contracts) deployed on the local chain by a test owner, its signer registered through
// POST /v1/connect/paymasters, its EntryPoint deposit funded with depositTo; alto bundles the operations.
// An account holding ZERO ETH moves an ERC-20 with a sponsored first operation (which also deploys it) and
// a second one built by the client from estimate-gas: its ETH balance stays 0, the paymaster's deposit pays.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";
import { Wallet } from "ethers";
import { createPublicClient, defineChain, encodeFunctionData, erc20Abi, getAddress, http, parseAbi, recoverMessageAddress, sliceHex, type Abi, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { toPackedUserOperation } from "viem/account-abstraction";
import { toKernelSmartAccount } from "permissionless/accounts";
import { refusal } from "@/test/refusal";
import { account as testAccount, api, chain, confirmed, deployContract, deployToken, ERC20_FEATURES, read, send, tenant, type TestTenant, readUntil } from "@/lib/tokens/testing";
import { prepareUserOperation } from "@/lib/connect/user-ops/prepare";
import { verifyingPaymasterHash } from "@/lib/connect/paymasters/sponsor";

const CHAIN_ID = "80002"; // polygon_amoy, served by the local chain in tests
const RECIPIENT: Address = "0x00000000000000000000000000000000000bee75";
const artifact = JSON.parse(readFileSync(createRequire(import.meta.url).resolve("@account-abstraction/contracts/artifacts/VerifyingPaymaster.json"), "utf8")) as { abi: Abi; bytecode: Hex };
const entryPointAbi = parseAbi(["function balanceOf(address) view returns (uint256)", "function depositTo(address) payable"]);

describe("Connect: operations sponsored by the tenant's verifying paymaster", () => {
  let t: TestTenant;
  let other: TestTenant;
  let network: any;
  let token: Awaited<ReturnType<typeof deployToken>>;
  let deployer: Awaited<ReturnType<typeof testAccount>>;
  const owner = privateKeyToAccount(generatePrivateKey());
  const paymasterSigner = Wallet.createRandom();
  let address: Address;
  let salt: Hex;
  let paymaster: Address;
  let paymasterId: string;
  const ethBalance = (a: Address) => chain().getBalance({ address: a });
  const deposit = (a: Address) => chain().readContract({ address: network.entry_point, abi: entryPointAbi, functionName: "balanceOf", args: [a] });

  /** A VerifyingPaymaster owned by the test deployer whose verifyingSigner is `signer`. */
  const deployPaymaster = async (signer: Address) => getAddress(await deployContract(deployer.wallet, artifact.abi, artifact.bytecode, [network.entry_point, signer]));
  const fund = (target: Address, wei: bigint) =>
    send(deployer.wallet, { address: network.entry_point, abi: entryPointAbi as Abi, functionName: "depositTo", args: [target], value: wei } as never);

  beforeAll(async () => {
    [t, other, deployer] = await Promise.all([tenant(), tenant(), testAccount(true)]);
    network = (await api(t, "GET", `/v1/connect/networks/${CHAIN_ID}`)).body;
    token = await deployToken(t, { name: "Sponsored", symbol: "SPN", standard: "ERC20", decimals: 18, initial_supply: "0", features: ERC20_FEATURES });
    const registered = await api(t, "POST", "/v1/connect/accounts", { signer: owner.address, chain_id: CHAIN_ID });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    address = registered.body.address;
    salt = registered.body.salt;
    await confirmed(t, "POST", `/v1/tokens/${token.id}/mint`, { to: address, amount: "1000" });

    // The paymaster: deployed by the test owner, its signer registered from a keystore, its deposit funded.
    paymaster = await deployPaymaster(paymasterSigner.address as Address);
    const keystore = await paymasterSigner.encrypt("sponsor-pass", { scrypt: { N: 4096 } });
    const res = await api(t, "POST", "/v1/connect/paymasters/import-keystore", { address: paymaster, chain_id: CHAIN_ID, name: "Gas", keystore_json: keystore, keystore_password: "sponsor-pass" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    paymasterId = res.body.id;
    await fund(paymaster, 10n ** 18n);
  });

  it("a server-built first operation (deploy + ERC-20 transfer) is sponsored: the account's ETH balance stays 0", async () => {
    expect(await ethBalance(address)).toBe(0n);
    expect(await chain().getCode({ address })).toBeUndefined();
    const depositBefore = await deposit(paymaster);
    expect(depositBefore).toBe(10n ** 18n);

    // What a connect-mode write does, with the tenant's paymaster: the operation carries the paymaster fields.
    const scope = { tenantId: t.id, livemode: false };
    const calls = [{ to: token.address, data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [RECIPIENT, 400n] }) }];
    const op = await prepareUserOperation(scope, { address, chain_id: CHAIN_ID, calls, paymaster_id: paymasterId });
    expect(op).toMatchObject({ status: "awaiting_sign", account: address });
    const uo = op.user_operation;
    expect(uo.factory).toBe(getAddress(network.factory_address)); // the first operation deploys the account
    expect(uo.paymaster).toBe(paymaster);
    expect(BigInt(uo.paymasterVerificationGasLimit)).toBeGreaterThan(0n);
    expect((uo.paymasterData.length - 2) / 2).toBe(64 + 65); // abi.encode(validUntil, validAfter) ++ signature

    // The paymaster data is what the deployed contract checks: its own getHash, signed by its verifyingSigner.
    const [validUntil, validAfter] = [Number(BigInt(sliceHex(uo.paymasterData as Hex, 0, 32))), Number(BigInt(sliceHex(uo.paymasterData as Hex, 32, 64)))];
    expect(validAfter).toBe(0);
    expect(validUntil).toBeGreaterThan(Math.floor(Date.now() / 1000));
    const packed = toPackedUserOperation({
      ...Object.fromEntries(Object.entries(uo).map(([k, v]) => [k, /^(nonce|.*Gas.*|maxFee.*|maxPriority.*)$/.test(k) ? BigInt(v) : v])),
      signature: "0x",
    } as never);
    const onChainHash = await chain().readContract({ address: paymaster, abi: artifact.abi, functionName: "getHash", args: [packed, validUntil, validAfter] });
    expect(verifyingPaymasterHash(uo, network.rpc_chain_id, validUntil, validAfter)).toBe(onChainHash);
    expect(await recoverMessageAddress({ message: { raw: onChainHash as Hex }, signature: sliceHex(uo.paymasterData as Hex, 64) })).toBe(paymasterSigner.address);

    // The owner signs the hash the API returned; the API relays it.
    const relayed = await api(t, "POST", `/v1/connect/ops/${op.user_op_hash}/sign-and-relay`, { signature: await owner.signMessage({ message: { raw: op.user_op_hash as Hex } }) });
    expect(relayed.status, JSON.stringify(relayed.body)).toBe(200);
    const done = await readUntil(() => api(t, "GET", `/v1/connect/relay/${op.user_op_hash}`), (r) => r.body.status !== "pending");
    expect(done.body).toMatchObject({ status: "confirmed", success: true });
    const cost = BigInt(done.body.actual_gas_cost);
    expect(cost).toBeGreaterThan(0n);

    expect(await read<bigint>(token, "balanceOf", [RECIPIENT])).toBe(400n);
    expect(await chain().getCode({ address })).not.toBeUndefined();
    expect(await ethBalance(address)).toBe(0n); // unchanged: the paymaster paid
    expect(await deposit(address)).toBe(0n); // and the account left nothing at the EntryPoint
    expect(await deposit(paymaster)).toBe(depositBefore - cost);
  });

  it("a client-built operation sponsored through estimate-gas with paymaster_id, relayed with POST /v1/connect/relay", async () => {
    const client = createPublicClient({
      chain: defineChain({ id: network.rpc_chain_id, name: "local", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [network.rpc_url] } } }),
      transport: http(network.rpc_url),
    });
    const kernel = await toKernelSmartAccount({
      client, version: "0.3.1", entryPoint: { address: network.entry_point, version: "0.7" }, factoryAddress: network.factory_address,
      accountLogicAddress: network.account_implementation, validatorAddress: network.validators.ecdsa, useMetaFactory: false, owners: [owner],
      index: BigInt(salt), // the account's salt is per tenant and mode
    });
    expect(kernel.address).toBe(address);
    const depositBefore = await deposit(paymaster);
    const nonce = await kernel.getNonce();
    const callData = await kernel.encodeCalls([{ to: token.address, data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [RECIPIENT, 100n] }) }]);
    const unsigned = { sender: address, nonce: nonce.toString(), callData };

    const estimate = await api(t, "POST", "/v1/connect/relay/estimate-gas", { chain_id: CHAIN_ID, user_operation: unsigned, paymaster_id: paymasterId });
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
    expect(estimate.body).toMatchObject({ object: "gas_estimate", paymaster });
    expect((estimate.body.paymasterData.length - 2) / 2).toBe(129);
    expect(BigInt(estimate.body.paymasterVerificationGasLimit)).toBeGreaterThan(0n);
    const e = estimate.body;
    const op = {
      ...unsigned,
      callGasLimit: e.callGasLimit, verificationGasLimit: e.verificationGasLimit, preVerificationGas: e.preVerificationGas,
      maxFeePerGas: e.maxFeePerGas, maxPriorityFeePerGas: e.maxPriorityFeePerGas,
      paymaster: e.paymaster, paymasterVerificationGasLimit: e.paymasterVerificationGasLimit, paymasterPostOpGasLimit: e.paymasterPostOpGasLimit, paymasterData: e.paymasterData,
    };
    const big = (v: string) => BigInt(v);
    const signature = await kernel.signUserOperation({
      ...op, nonce, callGasLimit: big(op.callGasLimit), verificationGasLimit: big(op.verificationGasLimit), preVerificationGas: big(op.preVerificationGas),
      maxFeePerGas: big(op.maxFeePerGas), maxPriorityFeePerGas: big(op.maxPriorityFeePerGas),
      paymasterVerificationGasLimit: big(op.paymasterVerificationGasLimit), paymasterPostOpGasLimit: big(op.paymasterPostOpGasLimit), chainId: network.rpc_chain_id,
    } as never);
    const relayed = await api(t, "POST", "/v1/connect/relay", { chain_id: CHAIN_ID, user_operation: { ...op, signature } });
    expect(relayed.status, JSON.stringify(relayed.body)).toBe(202);
    const done = await readUntil(() => api(t, "GET", `/v1/connect/relay/${relayed.body.user_op_hash}`), (r) => r.body.status !== "pending");
    expect(done.body).toMatchObject({ status: "confirmed", success: true });
    expect(await read<bigint>(token, "balanceOf", [RECIPIENT])).toBe(500n);
    expect(await ethBalance(address)).toBe(0n);
    expect(await deposit(paymaster)).toBe(depositBefore - BigInt(done.body.actual_gas_cost));

    // The paymaster's signature covers the gas: a client that changes a gas field is refused by the bundler.
    const nonce2 = await kernel.getNonce();
    const again = await api(t, "POST", "/v1/connect/relay/estimate-gas", { chain_id: CHAIN_ID, user_operation: { ...unsigned, nonce: nonce2.toString() }, paymaster_id: paymasterId });
    const tampered = { ...op, nonce: nonce2.toString(), ...pick(again.body), callGasLimit: (big(again.body.callGasLimit) + 1n).toString() };
    const tamperedSignature = await kernel.signUserOperation({
      ...tampered, nonce: nonce2, callGasLimit: big(tampered.callGasLimit), verificationGasLimit: big(tampered.verificationGasLimit), preVerificationGas: big(tampered.preVerificationGas),
      maxFeePerGas: big(tampered.maxFeePerGas), maxPriorityFeePerGas: big(tampered.maxPriorityFeePerGas),
      paymasterVerificationGasLimit: big(tampered.paymasterVerificationGasLimit), paymasterPostOpGasLimit: big(tampered.paymasterPostOpGasLimit), chainId: network.rpc_chain_id,
    } as never);
    const refused = await api(t, "POST", "/v1/connect/relay", { chain_id: CHAIN_ID, user_operation: { ...tampered, signature: tamperedSignature } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(502);
    expect(refused.body.error.message).toMatch(/AA34|signature/i);
    expect(await ethBalance(address)).toBe(0n);
  });

  it("refuses a deactivated paymaster, another tenant's, an unknown one, one without deposit, and paymaster fields beside paymaster_id", async () => {
    const scope = { tenantId: t.id, livemode: false };
    const calls = [{ to: RECIPIENT }];
    const estimate = (who: TestTenant, sender: Address, body: Record<string, unknown>) =>
      api(who, "POST", "/v1/connect/relay/estimate-gas", { chain_id: CHAIN_ID, user_operation: { sender, nonce: "0", callData: "0x" }, ...body });

    // Another tenant: its own account cannot use this tenant's paymaster (404, as for an unknown id).
    const otherOwner = privateKeyToAccount(generatePrivateKey());
    const otherAccount = (await api(other, "POST", "/v1/connect/accounts", { signer: otherOwner.address, chain_id: CHAIN_ID })).body.address as Address;
    for (const [who, sender, id] of [[other, otherAccount, paymasterId], [t, address, "pm_does_not_exist"]] as const) {
      const res = await estimate(who, sender, { paymaster_id: id });
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body.error).toMatchObject({ code: "resource_missing", param: "paymaster_id" });
    }
    expect((await refusal(() => prepareUserOperation({ tenantId: other.id, livemode: false }, { address: otherAccount, chain_id: CHAIN_ID, calls, paymaster_id: paymasterId }))).status).toBe(404);

    const both = await estimate(t, address, { paymaster_id: paymasterId, user_operation: { sender: address, nonce: "0", callData: "0x", paymaster, paymasterData: "0x" } });
    expect(both.status).toBe(400);
    expect(both.body.error.param).toBe("paymaster_id");

    // A paymaster with nothing deposited cannot pay: refused before the owner is asked to sign.
    const poorKey = generatePrivateKey();
    const poor = await deployPaymaster(privateKeyToAccount(poorKey).address);
    const registered = await api(t, "POST", "/v1/connect/paymasters", { address: poor, chain_id: CHAIN_ID, signer_private_key: poorKey });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const unfunded = await refusal(() => prepareUserOperation(scope, { address, chain_id: CHAIN_ID, calls, paymaster_id: registered.body.id }));
    expect(unfunded.status).toBe(400);
    expect(unfunded.code, unfunded.message).toBe("paymaster_deposit_insufficient");

    // Deactivated: refused by the builder and by estimate-gas; nothing is recorded.
    const pending = (await api(t, "GET", "/v1/connect/ops/pending")).body.total;
    expect((await api(t, "DELETE", `/v1/connect/paymasters/${paymasterId}`)).body.active).toBe(false);
    const inactive = await refusal(() => prepareUserOperation(scope, { address, chain_id: CHAIN_ID, calls, paymaster_id: paymasterId }));
    expect(inactive).toMatchObject({ status: 400, code: "paymaster_inactive", param: "paymaster_id" });
    const res = await estimate(t, address, { paymaster_id: paymasterId });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("paymaster_inactive");
    expect((await api(t, "GET", "/v1/connect/ops/pending")).body.total).toBe(pending);
  });
});

const pick = (e: any) => ({
  callGasLimit: e.callGasLimit, verificationGasLimit: e.verificationGasLimit, preVerificationGas: e.preVerificationGas, maxFeePerGas: e.maxFeePerGas,
  maxPriorityFeePerGas: e.maxPriorityFeePerGas, paymaster: e.paymaster, paymasterVerificationGasLimit: e.paymasterVerificationGasLimit,
  paymasterPostOpGasLimit: e.paymasterPostOpGasLimit, paymasterData: e.paymasterData,
});
