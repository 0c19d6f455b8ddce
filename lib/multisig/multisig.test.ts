// Safe multisigs through the HTTP API on the local chain: a 2-of-3 Safe deployed at its predicted address,
// an ERC-20 transfer executed with two owner signatures (refused with one, recording nothing), approvals
// by the acting account, owner swap / removal / threshold change taking effect on chain, and another
// tenant's ids answering 404. Owner signatures come from an independent Safe client (./testing-safe-client).
import { beforeAll, describe, expect, it } from "vitest";
import { encodeFunctionData, erc20Abi, getAddress, type Abi, type Address, type Hex } from "viem";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { api, chain, deployToken, ERC20_FEATURES, NETWORK, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { canonicalSafeBase } from "./base";
import { SENTINEL } from "./safe-tx";
import { owners as newOwners, safeClient, type ClientTx, type TestOwner } from "@/lib/multisig/testing/safe-client";

const safeAbi = () => artifact("SafeL2").abi as Abi;
const readSafe = <T>(safe: Address, functionName: string, args: unknown[] = []) =>
  chain().readContract({ address: safe, abi: safeAbi(), functionName, args } as never) as Promise<T>;
const balanceOf = (token: Address, who: Address) => chain().readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });

describe("multisigs (Safe 1.4.1)", () => {
  let t: TestTenant;
  let other: TestTenant;
  let o: TestOwner[];
  let token: { id: string; address: Address };
  let safe: any; // the 2-of-3 multisig of o[0..2]

  /** POST /v1/multisigs, then waits for the deployment; returns the record. */
  async function deployed(body: Record<string, unknown>) {
    const res = await api(t, "POST", "/v1/multisigs", { name: "Treasury", network: NETWORK, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ object: "multisig", status: "deploying" });
    expect((await settled(res.body.deploy_transaction)).status).toBe("confirmed");
    const got = (await api(t, "GET", `/v1/multisigs/${res.body.id}`)).body;
    expect(got.status, JSON.stringify(got)).toBe("active");
    expect(got.address).toBe(res.body.address);
    return got;
  }

  const counts = async () => [await db.transaction.count({ where: { tenantId: t.id } }), await db.multisigTransaction.count({ where: { tenantId: t.id } })];

  /** Executes an owner change or a proposal and waits for it; returns the chain transaction. */
  async function executed(method: string, path: string, body: Record<string, unknown>, status = 201) {
    const res = await api(t, method, path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ object: "transaction", kind: "multisig.execute", status: "pending" });
    const tx = await settled(res.body.id);
    expect(tx.status, tx.errorMessage ?? "").toBe("confirmed");
    return tx;
  }

  beforeAll(async () => {
    [t, other] = await Promise.all([tenant(), tenant()]);
    o = newOwners(5);
    token = await deployToken(t, { name: "Safe Cash", symbol: "SC", standard: "ERC20", initial_supply: "100000", features: ERC20_FEATURES });
  });

  it("deploys a 2-of-3 Safe through the factory at the predicted address and reads it on chain", async () => {
    const owners = o.slice(0, 3).map((x) => x.address);
    safe = await deployed({ owners, threshold: 2, salt_nonce: 7 });
    expect(safe.on_chain).toEqual({
      owners, threshold: 2, nonce: 0, version: "1.4.1", modules: [], fallback_handler: canonicalSafeBase().fallbackHandler,
    });
    expect(safe).toMatchObject({ owners, threshold: 2, salt_nonce: "7", safe_singleton_address: canonicalSafeBase().singleton, network: NETWORK });

    const query = `owners=${owners.join(",")}&threshold=2&salt_nonce=8`;
    const predicted = await api(t, "GET", `/v1/multisigs/${safe.id}/predict_address?${query}`);
    expect(predicted.status, JSON.stringify(predicted.body)).toBe(200);
    expect(predicted.body).toMatchObject({ object: "multisig_address_prediction", deployed: false });
    const again = await api(t, "GET", `/v1/multisigs/${safe.id}/predict_address?${query}`);
    expect(again.body.address).toBe(predicted.body.address);
    const second = await deployed({ owners, threshold: 2, salt_nonce: 8 });
    expect(second.address).toBe(predicted.body.address);
    expect((await api(t, "GET", `/v1/multisigs/${safe.id}/predict_address?${query}`)).body.deployed).toBe(true);
    // The same salt for another tenant is another address (salts are per tenant and mode).
    const theirs = await api(other, "POST", "/v1/multisigs", { name: "Theirs", network: NETWORK, owners, threshold: 2, salt_nonce: 8 });
    expect(theirs.status).toBe(201);
    expect(theirs.body.address).not.toBe(second.address);

    const dup = await api(t, "POST", "/v1/multisigs", { name: "Again", network: NETWORK, owners, threshold: 2, salt_nonce: 8 });
    expect(dup.status).toBe(400);
    expect(dup.body.error).toMatchObject({ code: "multisig_exists", param: "salt_nonce" });
  });

  it("executes an ERC-20 transfer with two owner signatures; with one it answers 400 GS020 and records nothing", async () => {
    const recipient = o[4].address;
    const fund = await api(t, "POST", `/v1/tokens/${token.id}/transfer`, { to: safe.address, amount: "500" });
    expect(fund.status, JSON.stringify(fund.body)).toBe(201);
    await settled(fund.body.id);

    const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [recipient, 120n] });
    const proposed = await api(t, "POST", `/v1/multisigs/${safe.id}/transactions`, { to: token.address, data });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const ptx = proposed.body;
    expect(ptx).toMatchObject({ object: "multisig_transaction", tx_index: 0, kind: "call", to: token.address, value: "0", data, nonce: 0, status: "proposed" });

    // The independent client computes the same safeTxHash, and so does the Safe itself.
    const client = await safeClient(safe.address);
    const clientTx = await client.transaction({ to: token.address, value: "0", data, nonce: 0 });
    expect(ptx.safe_tx_hash).toBe(clientTx.hash);
    const onChain = await readSafe<Hex>(safe.address, "getTransactionHash", [token.address, 0n, data, 0, 0n, 0n, 0n, "0x0000000000000000000000000000000000000000", "0x0000000000000000000000000000000000000000", 0n]);
    expect(ptx.safe_tx_hash).toBe(onChain);

    const one = await client.signEip712(o[0], clientTx);
    const before = await counts();
    const refused = await api(t, "POST", `/v1/multisigs/${safe.id}/transactions/0/execute`, { signatures: one });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ type: "invalid_request_error", code: "GS020", param: "signatures" });
    expect(refused.body.error.message).toContain("Signatures data too short");
    expect(await counts()).toEqual(before);

    // A signature by a non-owner (the SDK refuses to make one: signed here over the raw hash, as EIP-712 does): GS026.
    const stranger = await o[3].account.sign({ hash: clientTx.hash });
    const bad = await api(t, "POST", `/v1/multisigs/${safe.id}/transactions/0/execute`, { signatures: `${one}${stranger.slice(2)}` });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("GS026");

    // EIP-712 and eth_sign, given in any order: sorted by owner before execution. Of two concurrent
    // executions, one is recorded and the other refused.
    const two = await client.signEthSign(o[1], clientTx);
    const both = await Promise.all([1, 2].map(() => api(t, "POST", `/v1/multisigs/${safe.id}/transactions/0/execute`, { signatures: `${two}${one.slice(2)}` })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
    const sent = both.find((r) => r.status === 201)!.body;
    expect(sent).toMatchObject({ object: "transaction", kind: "multisig.execute", to: safe.address });
    expect(both.find((r) => r.status === 400)!.body.error.code).toBe("multisig_transaction_not_open");
    expect((await settled(sent.id)).status).toBe("confirmed");
    expect(await balanceOf(token.address, recipient)).toBe(120n);
    expect(await balanceOf(token.address, safe.address)).toBe(380n);
    const done = (await api(t, "GET", `/v1/multisigs/${safe.id}/transactions/0`)).body;
    expect(done).toMatchObject({ status: "executed", safe_tx_hash: ptx.safe_tx_hash });
    expect(done.executed_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await api(t, "GET", `/v1/multisigs/${safe.id}`)).body.on_chain.nonce).toBe(1);

    const again = await api(t, "POST", `/v1/multisigs/${safe.id}/transactions/0/execute`, { signatures: `${two}${one.slice(2)}` });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe("multisig_transaction_not_open");

    // A transfer the token refuses: GS013 with the token's reason, nothing recorded.
    const tooMuch = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [recipient, 10_000n] });
    const p2 = (await api(t, "POST", `/v1/multisigs/${safe.id}/transactions`, { to: token.address, data: tooMuch })).body;
    const tx2 = await client.transaction({ to: token.address, value: "0", data: tooMuch, nonce: p2.nonce });
    const sigs2 = `${await client.signEip712(o[0], tx2)}${(await client.signEip712(o[2], tx2)).slice(2)}`;
    const before2 = await counts();
    const reverted = await api(t, "POST", `/v1/multisigs/${safe.id}/transactions/${p2.tx_index}/execute`, { signatures: sigs2 });
    expect(reverted.status).toBe(400);
    expect(reverted.body.error.code).toBe("GS013");
    expect(reverted.body.error.message).toContain("ERC20InsufficientBalance");
    expect(await counts()).toEqual(before2);

    const list = await api(t, "GET", `/v1/multisigs/${safe.id}/transactions?status=proposed`);
    expect(list.body.data.map((x: any) => x.tx_index)).toEqual([p2.tx_index]);
  });

  it("approves on chain from the acting account when it is an owner; any other owner must sign off-chain", async () => {
    const owned = await deployed({ owners: [t.wallet, o[0].address], threshold: 2 });
    const p = (await api(t, "POST", `/v1/multisigs/${owned.id}/transactions`, { to: o[4].address, data: "0x" })).body;
    const offChain = await api(t, "POST", `/v1/multisigs/${owned.id}/transactions/${p.tx_index}/confirm`, { signer_address: o[0].address });
    expect(offChain.status).toBe(400);
    expect(offChain.body.error).toMatchObject({ code: "off_chain_signature_required", param: "signer_address" });
    expect(offChain.body.error.message).toContain(p.safe_tx_hash);

    const path = `/v1/multisigs/${owned.id}/transactions/${p.tx_index}`;
    expect((await api(t, "GET", `${path}/confirmations/${t.wallet}`)).body).toMatchObject({ confirmed: false, is_owner: true });
    const confirm = await api(t, "POST", `${path}/confirm`, { signer_address: t.wallet });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(201);
    expect(confirm.body).toMatchObject({ object: "transaction", kind: "multisig.approve_hash" });
    expect((await settled(confirm.body.id)).status).toBe("confirmed");
    expect((await api(t, "GET", `${path}/confirmations/${t.wallet}`)).body).toMatchObject({ object: "multisig_confirmation", confirmed: true, is_owner: true, safe_tx_hash: p.safe_tx_hash });
    expect((await api(t, "GET", `${path}/confirmations/${o[0].address}`)).body).toMatchObject({ confirmed: false, is_owner: true });
    const twice = await api(t, "POST", `${path}/confirm`, { signer_address: t.wallet });
    expect(twice.body.error?.code).toBe("already_confirmed");

    // The on-chain approval plus one off-chain signature meet the threshold of 2.
    const client = await safeClient(owned.address);
    const sig = await client.signEip712(o[0], await client.transaction({ to: o[4].address, value: "0", data: "0x", nonce: p.nonce }));
    await executed("POST", `${path}/execute`, { signatures: sig });
    expect((await api(t, "GET", path)).body.status).toBe("executed");

    // The tenant wallet is no owner of the first Safe: GS030.
    const q = (await api(t, "POST", `/v1/multisigs/${safe.id}/transactions`, { to: o[4].address })).body;
    const notOwner = await api(t, "POST", `/v1/multisigs/${safe.id}/transactions/${q.tx_index}/confirm`, { signer_address: t.wallet });
    expect(notOwner.status).toBe(400);
    expect(notOwner.body.error.code).toBe("GS030");
  });

  it("accepts a contract signature: a Safe that owns a Safe signs through its own owner (EIP-1271)", async () => {
    const inner = await deployed({ owners: [o[0].address], threshold: 1 });
    const outer = await deployed({ owners: [inner.address, o[1].address], threshold: 2 });
    const p = (await api(t, "POST", `/v1/multisigs/${outer.id}/transactions`, { to: o[4].address })).body;
    const client = await safeClient(outer.address);
    const tx = await client.transaction({ to: o[4].address, value: "0", data: "0x", nonce: p.nonce });
    expect(p.safe_tx_hash).toBe(tx.hash);
    const contractSig = await client.contractSignature(inner.address, o[0], tx);
    const plain = await client.eip712Signature(o[1], tx);
    const onlyContract = await api(t, "POST", `/v1/multisigs/${outer.id}/transactions/${p.tx_index}/execute`, { signatures: client.encode([contractSig]) });
    // One signature of a 2-of-2: the Safe reads two static parts, the second inside the contract signature's data.
    expect(onlyContract.body.error?.code).toBe("GS021");
    await executed("POST", `/v1/multisigs/${outer.id}/transactions/${p.tx_index}/execute`, { signatures: client.encode([contractSig, plain]) });
    expect((await api(t, "GET", `/v1/multisigs/${outer.id}/transactions/${p.tx_index}`)).body.status).toBe("executed");
  });

  it("swaps and removes owners and changes the threshold on chain; owners/{address} agrees", async () => {
    const client = await safeClient(safe.address);
    const ownersNow = async () => (await api(t, "GET", `/v1/multisigs/${safe.id}`)).body.on_chain as { owners: Address[]; threshold: number; nonce: number };
    const sign = async (tx: ClientTx, a: TestOwner, b: TestOwner) => `${await client.signEip712(a, tx)}${(await client.signEthSign(b, tx)).slice(2)}`;

    // Swap o[2] → o[3]: a wrong prev_owner is refused before anything is sent.
    let chainState = await ownersNow();
    const at = chainState.owners.indexOf(o[2].address);
    const prev = at === 0 ? SENTINEL : chainState.owners[at - 1];
    const swapTx = await client.swapOwnerTx({ old: o[2].address, next: o[3].address, nonce: chainState.nonce });
    const swapBody = { prev_owner: prev, old_owner: o[2].address, new_owner: o[3].address, signatures: await sign(swapTx, o[0], o[1]) };
    const before = await counts();
    const wrongPrev = await api(t, "POST", `/v1/multisigs/${safe.id}/owners/swap`, { ...swapBody, prev_owner: o[4].address });
    expect(wrongPrev.status).toBe(400);
    expect(wrongPrev.body.error).toMatchObject({ code: "GS205", param: "prev_owner" });
    const existing = await api(t, "POST", `/v1/multisigs/${safe.id}/owners/swap`, { ...swapBody, new_owner: o[0].address });
    expect(existing.body.error).toMatchObject({ code: "GS204", param: "new_owner" });
    expect(await counts()).toEqual(before);
    await executed("POST", `/v1/multisigs/${safe.id}/owners/swap`, swapBody);
    expect((await api(t, "GET", `/v1/multisigs/${safe.id}/owners/${o[3].address}`)).body).toMatchObject({ object: "multisig_owner", is_owner: true });
    expect((await api(t, "GET", `/v1/multisigs/${safe.id}/owners/${o[2].address}`)).body.is_owner).toBe(false);
    expect(await readSafe<boolean>(safe.address, "isOwner", [o[3].address])).toBe(true);

    // Threshold 2 → 1 (legacy PUT form: 200).
    chainState = await ownersNow();
    const thrTx = await client.changeThresholdTx({ threshold: 1, nonce: chainState.nonce });
    await executed("PUT", `/v1/multisigs/${safe.id}/threshold`, { threshold: 1, signatures: await sign(thrTx, o[1], o[3]) }, 200);
    expect(await readSafe<bigint>(safe.address, "getThreshold")).toBe(1n);
    const tooHigh = await api(t, "POST", `/v1/multisigs/${safe.id}/threshold`, { threshold: 4, signatures: "0x" });
    expect(tooHigh.body.error).toMatchObject({ code: "GS201", param: "threshold" });

    // Remove o[3] with one signature (threshold 1 now).
    chainState = await ownersNow();
    const i = chainState.owners.indexOf(o[3].address);
    const prevOf3 = i === 0 ? SENTINEL : chainState.owners[i - 1];
    const rmTx = await client.removeOwnerTx({ owner: o[3].address, threshold: 1, nonce: chainState.nonce });
    await executed("DELETE", `/v1/multisigs/${safe.id}/owners/${o[3].address}`, { prev_owner: prevOf3, signatures: await client.signEip712(o[0], rmTx) }, 200);
    expect((await api(t, "GET", `/v1/multisigs/${safe.id}/owners/${o[3].address}`)).body.is_owner).toBe(false);
    const after = await ownersNow();
    expect(after).toMatchObject({ owners: [o[0].address, o[1].address], threshold: 1 });
    const record = (await api(t, "GET", `/v1/multisigs/${safe.id}`)).body;
    expect([...record.owners].sort()).toEqual([o[0].address, o[1].address].sort());
    expect(record.threshold).toBe(1);
    const kinds = (await api(t, "GET", `/v1/multisigs/${safe.id}/transactions?status=executed`)).body.data.map((x: any) => x.kind);
    expect(kinds).toEqual(["remove_owner", "change_threshold", "swap_owner", "call"]);

    // Add an owner back with threshold 2, signed by an owner.
    chainState = await ownersNow();
    const addTx = await client.addOwnerTx({ owner: o[2].address, threshold: 2, nonce: chainState.nonce });
    await executed("POST", `/v1/multisigs/${safe.id}/owners`, { owner: o[2].address, threshold: 2, signatures: await client.signEip712(o[1], addTx) });
    expect((await ownersNow())).toMatchObject({ owners: [o[2].address, o[0].address, o[1].address], threshold: 2 });
  });

  it("refuses malformed requests with 400 and records nothing", async () => {
    const before = await counts();
    const owners = o.slice(0, 2).map((x) => x.address);
    const cases: [string, string, Record<string, unknown>, string, string][] = [
      ["POST", "/v1/multisigs", { name: "x", network: NETWORK, owners, threshold: 3 }, "GS201", "threshold"],
      ["POST", "/v1/multisigs", { name: "x", network: NETWORK, owners: [owners[0], owners[0]], threshold: 1 }, "GS204", "owners"],
      ["POST", "/v1/multisigs", { name: "x", network: NETWORK, owners: [SENTINEL], threshold: 1 }, "GS203", "owners"],
      ["POST", "/v1/multisigs", { name: "x", network: NETWORK, owners, threshold: 1, safe_singleton_address: o[4].address }, "no_contract", "safe_singleton_address"],
      ["POST", "/v1/multisigs", { name: "x", network: "sepolia_nope", owners, threshold: 1 }, "network_unknown", "network"],
      ["POST", `/v1/multisigs/${safe.id}/transactions/0/execute`, { signatures: "0x" }, "multisig_transaction_not_open", "tx_index"],
      ["POST", `/v1/multisigs/${safe.id}/owners`, { owner: o[0].address, signatures: "0x" }, "GS204", "owner"],
    ];
    for (const [method, path, body, code, param] of cases) {
      const res = await api(t, method, path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toMatchObject({ code, param });
    }
    const p = (await api(t, "POST", `/v1/multisigs/${safe.id}/transactions`, { to: o[4].address })).body;
    const malformed = await api(t, "POST", `/v1/multisigs/${safe.id}/transactions/${p.tx_index}/execute`, { signatures: "0x1234" });
    expect(malformed.body.error).toMatchObject({ code: "invalid_signatures", param: "signatures" });
    expect((await counts())[0]).toBe(before[0]);
  });

  it("lists with network and status filters; another tenant's ids answer 404 on every route", async () => {
    const all = await api(t, "GET", `/v1/multisigs?network=${NETWORK}&status=active`);
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThanOrEqual(3);
    expect(all.body.data.every((m: any) => m.status === "active" && m.network === NETWORK)).toBe(true);
    expect((await api(t, "GET", "/v1/multisigs?status=failed")).body.data).toEqual([]);

    const id = safe.id;
    const a = o[0].address;
    const routes: [string, string, unknown?][] = [
      ["GET", `/v1/multisigs/${id}`],
      ["GET", `/v1/multisigs/${id}/predict_address?owners=${a}&threshold=1&salt_nonce=1`],
      ["GET", `/v1/multisigs/${id}/owners/${a}`],
      ["POST", `/v1/multisigs/${id}/owners`, { owner: o[4].address, signatures: "0x" }],
      ["DELETE", `/v1/multisigs/${id}/owners/${a}`, { prev_owner: SENTINEL, signatures: "0x" }],
      ["POST", `/v1/multisigs/${id}/owners/swap`, { prev_owner: SENTINEL, old_owner: a, new_owner: o[4].address, signatures: "0x" }],
      ["PUT", `/v1/multisigs/${id}/owners/swap`, { prev_owner: SENTINEL, old_owner: a, new_owner: o[4].address, signatures: "0x" }],
      ["POST", `/v1/multisigs/${id}/threshold`, { threshold: 1, signatures: "0x" }],
      ["PUT", `/v1/multisigs/${id}/threshold`, { threshold: 1, signatures: "0x" }],
      ["GET", `/v1/multisigs/${id}/transactions`],
      ["POST", `/v1/multisigs/${id}/transactions`, { to: a }],
      ["GET", `/v1/multisigs/${id}/transactions/0`],
      ["POST", `/v1/multisigs/${id}/transactions/0/confirm`, { signer_address: other.wallet }],
      ["GET", `/v1/multisigs/${id}/transactions/0/confirmations/${a}`],
      ["POST", `/v1/multisigs/${id}/transactions/0/execute`, { signatures: "0x" }],
    ];
    for (const [method, path, body] of routes) {
      const res = await api(other, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe("resource_missing");
    }
    expect((await api(other, "GET", "/v1/multisigs")).body.data.every((m: any) => m.id !== id)).toBe(true);
    expect((await api(t, "GET", `/v1/multisigs/${id}/transactions/999`)).status).toBe(404);
    expect(getAddress(safe.address)).toBe(safe.address);
  });

  it("two proposals at once get different Safe nonces (the nonce is taken under the multisig's row lock)", async () => {
    const both = await Promise.all([1, 2, 3].map((i) => api(t, "POST", `/v1/multisigs/${safe.id}/transactions`, { to: o[4].address, value: String(i) })));
    for (const res of both) expect(res.status, JSON.stringify(res.body)).toBe(201);
    const nonces = both.map((res) => res.body.nonce);
    expect(new Set(nonces).size).toBe(3);
  });
});
