// Passkey-owned accounts over the HTTP API, all real (PostgreSQL, the local chain, alto, the durable
// function): a passkey registered through POST /v1/connect/passkeys (a software P-256 authenticator,
// verified by @simplewebauthn/server), the account it owns (PasskeyValidator as Kernel's root), an ERC-20
// minted to it, its first user operation (a token transfer) built server-side, signed by the passkey over
// the userOpHash in the validator's layout, sign-and-relay → the account deployed, receipt read back.
import { beforeAll, describe, expect, it } from "vitest";
import { encodeFunctionData, erc20Abi, parseAbi, type Address, type Hex } from "viem";
import { getUserOperationHash } from "viem/account-abstraction";
import { encodeKernelCalls, prepareUserOperation } from "@/lib/connect/user-ops/prepare";
import { passkeyDevice } from "@/lib/connect/testing/passkey-account";
import { passkeySignature, userOpChallenge } from "@/lib/connect/accounts/passkey-signature";
import { passkeyKeyId, PASSKEY_VERIFICATION_GAS_MARGIN } from "@/lib/connect/accounts/passkey";
import { api, chain, confirmed, deployToken, ERC20_FEATURES, read, tenant, type TestTenant, readUntil } from "@/lib/tokens/testing";

const CHAIN_ID = "80002"; // polygon_amoy, served by the local chain in tests
const RP_ID = "wallet.example.com";
const ORIGIN = `https://${RP_ID}`;
const RECIPIENT: Address = "0x00000000000000000000000000000000000beef1";

describe("Connect: a passkey-owned account", () => {
  let t: TestTenant;
  let other: TestTenant;
  let network: any;

  beforeAll(async () => {
    [t, other] = await Promise.all([tenant(), tenant()]);
    for (const x of [t, other]) {
      const res = await api(x, "PUT", "/v1/settings/connect", { cors: { allowed_origins: [ORIGIN] }, passkeys: { rp_id: RP_ID, rp_name: "Wallet" } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    network = (await api(t, "GET", `/v1/connect/networks/${CHAIN_ID}`)).body;
  });

  it("registers per key and chain (idempotent, by coordinates or a stored passkey); refuses mixed or missing keys", async () => {
    const device = passkeyDevice();
    const res = await api(t, "POST", "/v1/connect/accounts", { validator: "passkey", chain_id: CHAIN_ID, public_key_x: device.x, public_key_y: device.y });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ object: "connect_account", validator: "passkey", validator_address: network.validators.passkey, signer: passkeyKeyId(device), chain_id: CHAIN_ID });
    const again = await api(t, "POST", "/v1/connect/accounts", { validator: "passkey", chain_id: CHAIN_ID, public_key_x: device.x.toUpperCase().replace("0X", "0x"), public_key_y: device.y });
    expect(again.body.id).toBe(res.body.id);

    // The passkey stored on that account (verified registration), then the account named by its credential id.
    const challenge = Buffer.from("registration challenge of the test!").toString("base64url");
    const stored = await api(t, "POST", "/v1/connect/passkeys", {
      address: res.body.address, chain_id: CHAIN_ID, challenge, registration: device.register({ rpId: RP_ID, origin: ORIGIN, challenge }),
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    expect(stored.body).toMatchObject({ verified: true, public_key_x: device.x, public_key_y: device.y });
    const byCredential = await api(t, "POST", "/v1/connect/accounts", { validator: "passkey", chain_id: CHAIN_ID, credential_id: device.credentialId });
    expect(byCredential.status).toBe(201);
    expect(byCredential.body.id).toBe(res.body.id);
    // Another tenant cannot name this tenant's passkey.
    expect((await api(other, "POST", "/v1/connect/accounts", { validator: "passkey", chain_id: CHAIN_ID, credential_id: device.credentialId })).body.error)
      .toMatchObject({ code: "passkey_unknown", param: "credential_id" });

    // Another key: another account; a passkey account takes no signer, an ECDSA account no key.
    const second = passkeyDevice();
    const other2 = await api(t, "POST", "/v1/connect/accounts", { validator: "passkey", chain_id: CHAIN_ID, public_key_x: second.x, public_key_y: second.y });
    expect(other2.body.address).not.toBe(res.body.address);
    const errors: [unknown, string, string][] = [
      [{ validator: "passkey", chain_id: CHAIN_ID, public_key_x: device.x }, "parameter_missing", "public_key_y"],
      [{ validator: "passkey", chain_id: CHAIN_ID, credential_id: device.credentialId, public_key_x: device.x, public_key_y: device.y }, "parameter_invalid", "credential_id"],
      [{ validator: "passkey", chain_id: CHAIN_ID, signer: RECIPIENT, public_key_x: device.x, public_key_y: device.y }, "parameter_invalid", "signer"],
      [{ chain_id: CHAIN_ID, public_key_x: device.x, public_key_y: device.y }, "parameter_missing", "signer"],
      [{ validator: "passkey", chain_id: CHAIN_ID, public_key_x: "0x1234", public_key_y: device.y }, "parameter_invalid", "public_key_x"],
    ];
    for (const [body, code, param] of errors) {
      const bad = await api(t, "POST", "/v1/connect/accounts", body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error, JSON.stringify(body)).toMatchObject({ code, param });
    }
  });

  it("is deployed by its first user operation (an ERC-20 transfer) signed with the passkey; the receipt is read back", async () => {
    const device = passkeyDevice();
    const account = (await api(t, "POST", "/v1/connect/accounts", { validator: "passkey", chain_id: CHAIN_ID, public_key_x: device.x, public_key_y: device.y })).body;
    const address = account.address as Address;
    const token = await deployToken(t, { name: "Passkey", symbol: "PSK", standard: "ERC20", decimals: 18, initial_supply: "0", features: ERC20_FEATURES });
    await confirmed(t, "POST", `/v1/tokens/${token.id}/mint`, { to: address, amount: "1000" });
    // Self-custody without a paymaster: the account pays its own gas.
    await chain().request({ method: "hardhat_setBalance" as never, params: [address, "0xDE0B6B3A7640000"] as never });

    const scope = { tenantId: t.id, livemode: false };
    const op = await prepareUserOperation(scope, {
      address, chain_id: CHAIN_ID, calls: [{ to: token.address, data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [RECIPIENT, 250n] }) }],
    });
    expect(op).toMatchObject({ status: "awaiting_sign", account: address });
    expect(op.user_operation.factory).toBe(network.factory_address); // undeployed: the operation deploys it
    expect(BigInt(op.user_operation.verificationGasLimit)).toBeGreaterThan(PASSKEY_VERIFICATION_GAS_MARGIN);
    const hash = op.user_op_hash as Hex;

    // Signed by another passkey: the validator refuses it, the bundler answers 502 with its reason; it still waits.
    const stranger = passkeyDevice();
    const wrong = passkeySignature(stranger.assert({ rpId: RP_ID, origin: ORIGIN, challenge: userOpChallenge(hash) }).response);
    const refused = await api(t, "POST", `/v1/connect/ops/${hash}/sign-and-relay`, { signature: wrong });
    expect(refused.status, JSON.stringify(refused.body)).toBe(502);
    expect(refused.body.error.code).toBe("bundler_rejected");
    expect((await api(t, "GET", `/v1/connect/relay/${hash}`)).body.status).toBe("awaiting_sign");

    // The passkey's assertion over the userOpHash, in the validator's layout.
    const signature = passkeySignature(device.assert({ rpId: RP_ID, origin: ORIGIN, challenge: userOpChallenge(hash) }).response);
    expect((await api(other, "POST", `/v1/connect/ops/${hash}/sign-and-relay`, { signature })).status).toBe(404);
    const relayed = await api(t, "POST", `/v1/connect/ops/${hash}/sign-and-relay`, { signature });
    expect(relayed.status, JSON.stringify(relayed.body)).toBe(200);
    expect(relayed.body).toMatchObject({ status: "pending", user_op_hash: hash });

    const done = await readUntil(() => api(t, "GET", `/v1/connect/relay/${hash}`), (r) => r.body.status !== "pending", 60_000);
    expect(done.body).toMatchObject({ status: "confirmed", success: true });
    const receipt = await api(t, "GET", `/v1/connect/relay/${hash}/receipt?chain_id=${CHAIN_ID}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ object: "relay_receipt", user_op_hash: hash, receipt: { success: true, sender: address, transaction_hash: done.body.transaction_hash } });
    const gasUsed = BigInt(receipt.body.receipt.actual_gas_used ?? 0);
    console.log(`passkey first operation: actual gas used ${gasUsed}, verificationGasLimit ${BigInt(op.user_operation.verificationGasLimit)}`);

    // On chain: deployed with the passkey as root validator, tokens moved.
    expect(await read<bigint>(token, "balanceOf", [RECIPIENT])).toBe(250n);
    expect(await read<bigint>(token, "balanceOf", [address])).toBe(750n);
    const details = await api(t, "GET", `/v1/connect/accounts/${address}?chain_id=${CHAIN_ID}`);
    expect(details.body).toMatchObject({ deployed: true, nonce: (BigInt(op.nonce) + 1n).toString(), validator: "passkey" });
    const key = await chain().readContract({
      address: network.validators.passkey, abi: parseAbi(["function keyOf(address) view returns (bytes32 x, bytes32 y, bool requireUV)"]), functionName: "keyOf", args: [address],
    });
    expect(key).toEqual([device.x, device.y, true]);

    // A second operation (deployed now) goes through the same way.
    const next = await prepareUserOperation(scope, {
      address, chain_id: CHAIN_ID, calls: [{ to: token.address, data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [RECIPIENT, 50n] }) }],
    });
    expect(next.user_operation.factory).toBeUndefined();
    const nextSig = passkeySignature(device.assert({ rpId: RP_ID, origin: ORIGIN, challenge: userOpChallenge(next.user_op_hash as Hex) }).response);
    expect((await api(t, "POST", `/v1/connect/ops/${next.user_op_hash}/sign-and-relay`, { signature: nextSig })).status).toBe(200);
    await readUntil(() => api(t, "GET", `/v1/connect/relay/${next.user_op_hash}`), (r) => r.body.status === "confirmed", 60_000);
    expect(await read<bigint>(token, "balanceOf", [RECIPIENT])).toBe(300n);
  });

  it("over the HTTP API alone: estimate-gas (the passkey stub and margin), a client-built first operation signed with the passkey, relay, receipt", async () => {
    const device = passkeyDevice();
    const created = await api(t, "POST", "/v1/connect/accounts", { validator: "passkey", chain_id: CHAIN_ID, public_key_x: device.x, public_key_y: device.y });
    expect(created.status).toBe(201);
    const address = created.body.address as Address;
    const token = await deployToken(t, { name: "Passkey HTTP", symbol: "PKH", standard: "ERC20", decimals: 18, initial_supply: "0", features: ERC20_FEATURES });
    await confirmed(t, "POST", `/v1/tokens/${token.id}/mint`, { to: address, amount: "500" });
    await chain().request({ method: "hardhat_setBalance" as never, params: [address, "0xDE0B6B3A7640000"] as never });

    const details = (await api(t, "GET", `/v1/connect/accounts/${address}?chain_id=${CHAIN_ID}`)).body;
    expect(details).toMatchObject({ deployed: false, validator: "passkey" });
    const callData = encodeKernelCalls([{ to: token.address, data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [RECIPIENT, 100n] }) }]);
    const unsigned = { sender: address, nonce: `0x${BigInt(details.nonce).toString(16)}`, factory: details.factory_address, factoryData: details.factory_data, callData };
    const estimate = await api(t, "POST", "/v1/connect/relay/estimate-gas", { chain_id: CHAIN_ID, user_operation: unsigned });
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
    expect(BigInt(estimate.body.verificationGasLimit)).toBeGreaterThan(PASSKEY_VERIFICATION_GAS_MARGIN);
    const op = {
      ...unsigned,
      callGasLimit: estimate.body.callGasLimit,
      verificationGasLimit: estimate.body.verificationGasLimit,
      preVerificationGas: estimate.body.preVerificationGas,
      maxFeePerGas: estimate.body.maxFeePerGas,
      maxPriorityFeePerGas: estimate.body.maxPriorityFeePerGas,
    };
    // The client computes the userOpHash itself and signs it with the passkey.
    const hash = getUserOperationHash({
      chainId: network.rpc_chain_id,
      entryPointAddress: network.entry_point,
      entryPointVersion: "0.7",
      userOperation: {
        ...op, nonce: BigInt(op.nonce), callGasLimit: BigInt(op.callGasLimit), verificationGasLimit: BigInt(op.verificationGasLimit),
        preVerificationGas: BigInt(op.preVerificationGas), maxFeePerGas: BigInt(op.maxFeePerGas), maxPriorityFeePerGas: BigInt(op.maxPriorityFeePerGas), signature: "0x",
      },
    });
    const signature = passkeySignature(device.assert({ rpId: RP_ID, origin: ORIGIN, challenge: userOpChallenge(hash) }).response);
    const relayed = await api(t, "POST", "/v1/connect/relay", { chain_id: CHAIN_ID, user_operation: { ...op, signature } });
    expect(relayed.status, JSON.stringify(relayed.body)).toBe(202);
    expect(relayed.body.user_op_hash).toBe(hash);
    const done = await readUntil(() => api(t, "GET", `/v1/connect/relay/${hash}`), (r) => r.body.status !== "pending", 60_000);
    expect(done.body).toMatchObject({ status: "confirmed", success: true });
    const receipt = await api(t, "GET", `/v1/connect/relay/${hash}/receipt?chain_id=${CHAIN_ID}`);
    expect(receipt.body).toMatchObject({ object: "relay_receipt", receipt: { success: true, sender: address } });
    expect(await read<bigint>(token, "balanceOf", [address])).toBe(400n);
    expect((await api(t, "GET", `/v1/connect/accounts/${address}?chain_id=${CHAIN_ID}`)).body.deployed).toBe(true);
  });
});
