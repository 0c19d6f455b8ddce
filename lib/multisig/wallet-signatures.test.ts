// Owners' wallet signatures kept by the console (lib/multisig/wallet-signatures) on the local chain and the test
// database: a 3-of-3 Safe of the acting account and two wallet owners. The typed data handed to a wallet hashes
// to the Safe's own getTransactionHash; a non-owner's signature, a signature over another transaction and a
// malformed one are refused with nothing kept; an owner's second signature answers the first again; another
// tenant sees none of it; and the execution lays the acting account's approved-hash entry and both EIP-712
// signatures sorted by owner, moving the coin and the Safe's nonce on chain.
import "@/lib/composition";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeFunctionData, getAddress, hashTypedData, hexToBigInt, parseEther, zeroAddress, type Abi, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { refusal } from "@/test/refusal";
import { artifact } from "@/lib/chain/artifacts";
import { api, chain, NETWORK, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { owners as newOwners, type TestOwner } from "@/lib/multisig/testing/safe-client";
import type { Scope } from "@/lib/core/scope";
import { multisigOverview } from "./overview";
import { parseSignatures } from "./signatures";
import { addWalletSignature, executeWithWalletSignatures, keptSignatureBytes, safeTxToSign } from "./wallet-signatures";
import { deployedMultisig } from "./service";

const safeAbi = () => artifact("SafeL2").abi as Abi;
const readSafe = <T>(safe: Address, functionName: string, args: unknown[] = []) =>
  chain().readContract({ address: safe, abi: safeAbi(), functionName, args } as never) as Promise<T>;

describe("owners' wallet signatures of pending Safe transactions", () => {
  let t: TestTenant;
  let other: TestTenant;
  let scope: Scope;
  let o: TestOwner[];
  let safe: { id: string; address: Address };
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const kept = () => db.multisigSignature.count({ where: { multisigId: safe.id } });
  const sign = async (owner: { signTypedData: (typed: never) => Promise<Hex> }, txIndex: number) =>
    owner.signTypedData((await safeTxToSign(scope, safe.id, txIndex)) as never);

  beforeAll(async () => {
    [t, other] = await Promise.all([tenant(), tenant()]);
    scope = { tenantId: t.id, livemode: false };
    o = newOwners(2);
    const res = await api(t, "POST", "/v1/multisigs", { name: "Wallet Safe", network: NETWORK, owners: [t.wallet, o[0].address, o[1].address], threshold: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await settled(res.body.deploy_transaction)).status).toBe("confirmed");
    safe = { id: res.body.id, address: res.body.address };
    await chain().request({ method: "hardhat_setBalance" as never, params: [safe.address, "0xDE0B6B3A7640000"] as never }); // 1 coin
    for (const value of [parseEther("0.25"), parseEther("0.5")]) {
      const proposed = await api(t, "POST", `/v1/multisigs/${safe.id}/transactions`, { to: recipient, value: value.toString() });
      expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    }
  });

  it("hands the wallet the SafeTx typed data whose hash is the Safe's getTransactionHash", async () => {
    const typed = await safeTxToSign(scope, safe.id, 0);
    expect(typed.domain).toEqual({ chainId: await chain().getChainId(), verifyingContract: safe.address });
    expect(typed.message).toMatchObject({ to: recipient, value: parseEther("0.25").toString(), data: "0x", operation: 0, nonce: "0", gasToken: zeroAddress });
    const onChain = await readSafe<Hex>(safe.address, "getTransactionHash", [recipient, parseEther("0.25"), "0x", 0, 0n, 0n, 0n, zeroAddress, zeroAddress, 0n]);
    expect(hashTypedData(typed as never)).toBe(onChain);
    expect(typed.safe_tx_hash).toBe(onChain);
  });

  it("refuses a non-owner, a signature over another transaction and malformed bytes, keeping nothing", async () => {
    const stranger = privateKeyToAccount(generatePrivateKey());
    const notOwner = await refusal(async () => addWalletSignature(scope, safe.id, 0, { signer: stranger.address, signature: await sign(stranger, 0) }));
    expect(notOwner).toMatchObject({ status: 400, code: "not_an_owner", param: "signer" });
    expect(notOwner.message).toContain(`${stranger.address} is not an owner of this Safe`);

    // The owner signed transaction 1 and the signature is given for transaction 0.
    const elsewhere = await refusal(async () => addWalletSignature(scope, safe.id, 0, { signer: o[0].address, signature: await sign(o[0].account, 1) }));
    expect(elsewhere).toMatchObject({ status: 400, code: "signature_mismatch", param: "signature" });
    expect(elsewhere.message).toContain("Safe transaction 0");

    // Signed by another owner than the one named.
    const named = await refusal(async () => addWalletSignature(scope, safe.id, 0, { signer: o[1].address, signature: await sign(o[0].account, 0) }));
    expect(named.code).toBe("signature_mismatch");

    for (const signature of ["0x1234", "nothex", `0x${"00".repeat(65)}`]) {
      expect((await refusal(() => addWalletSignature(scope, safe.id, 0, { signer: o[0].address, signature }))).code).toBe("invalid_signature");
    }
    expect((await refusal(() => addWalletSignature(scope, safe.id, 0, { signer: "0x12", signature: "0x" }))).code).toBe("parameter_invalid");
    expect(await kept()).toBe(0);
  });

  it("keeps an owner's signature once (the second answers the first), for this tenant and mode only", async () => {
    const first = await addWalletSignature(scope, safe.id, 0, { signer: o[0].address, signature: await sign(o[0].account, 0) });
    expect(first).toMatchObject({ object: "multisig_signature", owner: o[0].address, duplicate: false });
    const again = await addWalletSignature(scope, safe.id, 0, { signer: o[0].address.toLowerCase(), signature: await sign(o[0].account, 0) });
    expect(again).toMatchObject({ owner: o[0].address, duplicate: true, signature: first.signature });
    expect(await kept()).toBe(1);
    expect(await db.multisigSignature.findFirstOrThrow({ where: { multisigId: safe.id } })).toMatchObject({ tenantId: t.id, livemode: false });

    // Another tenant, and this tenant's live mode, do not find the multisig at all.
    for (const s of [{ tenantId: other.id, livemode: false }, { tenantId: t.id, livemode: true }]) {
      expect((await refusal(async () => addWalletSignature(s, safe.id, 0, { signer: o[1].address, signature: await sign(o[1].account, 0) }))).status).toBe(404);
      expect((await refusal(() => safeTxToSign(s, safe.id, 0))).status).toBe(404);
    }
    expect(await kept()).toBe(1);

    // The console counts it: the acting account (it sends the execution) and o[0]'s wallet signature.
    const overview = await multisigOverview(scope, safe.id);
    expect(overview.pending[0]).toMatchObject({ confirmations: [t.wallet, o[0].address], wallet_signed: [o[0].address], executable: false });
  });

  it("executes with the acting account's approved hash and both wallet signatures sorted by owner", async () => {
    await addWalletSignature(scope, safe.id, 0, { signer: o[1].address, signature: await sign(o[1].account, 0) });
    const overview = await multisigOverview(scope, safe.id);
    expect(overview.pending[0]).toMatchObject({ executable: true });
    expect(overview.pending[0].confirmations).toHaveLength(3);

    const row = await deployedMultisig(scope, safe.id);
    const tx = await db.multisigTransaction.findFirstOrThrow({ where: { multisigId: safe.id, txIndex: 0 } });
    expect(await parseSignatures(await keptSignatureBytes(scope, row, tx), tx.safeTxHash as Hex)).toHaveLength(2);

    const sent = await executeWithWalletSignatures(scope, safe.id, 0);
    const write = await settled(sent.id);
    expect(write.status, write.errorMessage ?? "").toBe("confirmed");
    expect(await chain().getBalance({ address: recipient })).toBe(parseEther("0.25"));
    expect(await readSafe<bigint>(safe.address, "nonce")).toBe(1n);

    // What was sent: three entries, ascending by owner; the acting account's as an approved hash (v = 1).
    const { args } = decodeFunctionData({ abi: safeAbi(), data: write.data as Hex });
    const laid = await parseSignatures(args![9] as Hex, tx.safeTxHash as Hex);
    const expected = [t.wallet, o[0].address, o[1].address].map((a) => getAddress(a)).sort((a, b) => (hexToBigInt(a) < hexToBigInt(b) ? -1 : 1));
    expect(laid.map((s) => s.owner)).toEqual(expected);
    expect(laid.map((s) => s.kind)).toEqual(expected.map((a) => (a === t.wallet ? "approved_hash" : "eip712")));

    // Executed: nothing left to sign.
    expect((await refusal(async () => addWalletSignature(scope, safe.id, 0, { signer: o[0].address, signature: await sign(o[0].account, 1) }))).code).toBe("multisig_transaction_not_open");
  });
});
