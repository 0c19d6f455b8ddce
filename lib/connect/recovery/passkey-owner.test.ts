// Social recovery of a passkey-owned account to an ECDSA owner, all real (the local chain, alto, PostgreSQL,
// the HTTP API): guardians recover it, and Kernel's root validator itself changes (PasskeyValidator →
// ECDSAOwnerValidator with the new owner).
import { describe, expect, it } from "vitest";
import { concatHex, getAddress, type Address, type Hex } from "viem";
import { getUserOperationHash } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { prepareUserOperation } from "@/lib/connect/user-ops/prepare";
import { passkeyDevice } from "@/lib/connect/testing/passkey-account";
import { passkeySignature, userOpChallenge } from "@/lib/connect/accounts/passkey-signature";
import { api, chain, tenant, readUntil } from "@/lib/tokens/testing";
import { chainClockReaches, guardianSignature, kernelRead, ownerOfAbi, CHAIN_ID, RECIPIENT } from "@/lib/connect/testing/recovery";

describe("Connect social recovery of a passkey-owned account to a new ECDSA owner (the root validator changes)", () => {
  it("guardians move the root from the PasskeyValidator to the ECDSA validator with the new owner", async () => {
    const t = await tenant();
    const network = (await api(t, "GET", `/v1/connect/networks/${CHAIN_ID}`)).body;
    const device = passkeyDevice();
    const registered = await api(t, "POST", "/v1/connect/accounts", { validator: "passkey", chain_id: CHAIN_ID, public_key_x: device.x, public_key_y: device.y });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const address = registered.body.address as Address;
    await chain().request({ method: "hardhat_setBalance" as never, params: [address, "0xDE0B6B3A7640000"] as never });
    const scope = { tenantId: t.id, livemode: false };
    const [g1, g2, b] = [0, 1, 2].map(() => privateKeyToAccount(generatePrivateKey()));
    const until2 = (hash: string) => readUntil(() => api(t, "GET", `/v1/connect/relay/${hash}`), (r) => r.body.status !== "pending", 60_000);

    // Guardians, installed by the passkey's first operation (it deploys the account too).
    const configured = await api(t, "POST", "/v1/connect/recovery/configure", { account: address, chain_id: CHAIN_ID, guardians: [g1.address, g2.address], threshold: 2, timelock_seconds: 1 });
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);
    const install = await prepareUserOperation(scope, { address, chain_id: CHAIN_ID, calls: configured.body.setup.calls.map((c: any) => ({ to: c.to, data: c.data })) });
    const rpId = "wallet.example.com";
    const signature = passkeySignature(device.assert({ rpId, origin: `https://${rpId}`, challenge: userOpChallenge(install.user_op_hash as Hex) }).response);
    expect((await api(t, "POST", `/v1/connect/ops/${install.user_op_hash}/sign-and-relay`, { signature })).status).toBe(200);
    expect((await until2(install.user_op_hash)).body.status).toBe("confirmed");
    const passkeyRoot = concatHex(["0x01", getAddress(network.validators.passkey)]).toLowerCase();
    expect((await chain().readContract({ address, abi: kernelRead, functionName: "rootValidator" })).toLowerCase()).toBe(passkeyRoot);

    const started = await api(t, "POST", "/v1/connect/recovery/initiate", { account: address, chain_id: CHAIN_ID, guardian: g2.address, new_signer: b.address });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect((await api(t, "POST", `/v1/connect/recovery/${started.body.id}/confirm`, { guardian: g1.address })).body.confirmations).toHaveLength(2);
    /** The guardians' doRecovery for the current phase, relayed and mined: its transaction hash. */
    const recover = async (phase: "initiate" | "execute") => {
      const execute = await api(t, "POST", `/v1/connect/recovery/${started.body.id}/execute`, {});
      expect(execute.status, JSON.stringify(execute.body)).toBe(200);
      expect(execute.body.execution.phase).toBe(phase);
      const op = {
        sender: address, nonce: BigInt(execute.body.execution.nonce), callData: execute.body.execution.call_data as Hex,
        callGasLimit: 400_000n, verificationGasLimit: 400_000n, preVerificationGas: 100_000n,
        maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, signature: "0x" as Hex,
      };
      const hash = getUserOperationHash({ chainId: network.rpc_chain_id, entryPointAddress: network.entry_point, entryPointVersion: "0.7", userOperation: op });
      const user_operation = Object.fromEntries(Object.entries({ ...op, signature: await guardianSignature(hash, [g1, g2]) }).map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v]));
      const relayed = await api(t, "POST", "/v1/connect/relay", { chain_id: CHAIN_ID, user_operation });
      expect(relayed.status, JSON.stringify(relayed.body)).toBe(202);
      const mined = await until2(hash);
      expect(mined.body.status, JSON.stringify(mined.body)).toBe("confirmed");
      return mined.body.transaction_hash as Hex;
    };
    const initiatedTx = await recover("initiate");
    const initiated = await api(t, "POST", `/v1/connect/recovery/${started.body.id}/execute`, { executed_tx_hash: initiatedTx });
    expect(initiated.body.executable_at).toEqual(expect.any(Number));
    await chainClockReaches(initiated.body.executable_at);
    const mined = { body: { transaction_hash: await recover("execute") } };

    // The root is the ECDSA validator now, owned by B; the API account follows (validator, signer).
    const ecdsa = getAddress(network.validators.ecdsa);
    expect((await chain().readContract({ address, abi: kernelRead, functionName: "rootValidator" })).toLowerCase()).toBe(concatHex(["0x01", ecdsa]).toLowerCase());
    expect(await chain().readContract({ address: ecdsa, abi: ownerOfAbi, functionName: "ownerOf", args: [address] })).toBe(b.address);
    const executed = await api(t, "POST", `/v1/connect/recovery/${started.body.id}/execute`, { executed_tx_hash: mined.body.transaction_hash });
    expect(executed.body).toMatchObject({ status: "executed" });
    expect((await api(t, "GET", `/v1/connect/accounts/${address}?chain_id=${CHAIN_ID}`)).body).toMatchObject({ validator: "ecdsa", validator_address: ecdsa, signer: b.address });

    // B's operation through the new root validator is mined.
    const byB = await prepareUserOperation(scope, { address, chain_id: CHAIN_ID, calls: [{ to: RECIPIENT, value: 2n }] });
    const res = await api(t, "POST", `/v1/connect/ops/${byB.user_op_hash}/sign-and-relay`, { signature: await b.signMessage({ message: { raw: byB.user_op_hash as Hex } }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await until2(byB.user_op_hash)).body.status).toBe("confirmed");
  });
});
