// Connect mode end to end, through the HTTP API, a real bundler and the local chain: the tenant's token
// writes are made by its smart account as user operations the owner signs. A deployment and a mint wait in
// ops/pending, are signed by the owner, and their transaction records confirm with the same events and
// webhooks as custodial writes; cancelling an operation fails its record.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAddress, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";
import { api, chain, eventsOf, ERC20_FEATURES, NETWORK, read, settled, tenant, type TestTenant, eventually } from "@/lib/tokens/testing";
import { ROLE_IDS } from "@/lib/tokens/standards";
import { prepareUserOperation } from "@/lib/connect/user-ops/prepare";
import { reconcileTransactions } from "@/lib/chain/records/reconciler";
import { ownerProofFields } from "@/lib/connect/testing/owner-proof";

const HOLDER: Address = getAddress("0x00000000000000000000000000000000000c0de1");

describe("connect mode", () => {
  const owner = privateKeyToAccount(generatePrivateKey());
  let t: TestTenant;
  let account: Address;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await tenant();
    receiver = await startReceiver();
    expect((await api(t, "POST", "/v1/webhook_endpoints", { url: receiver.url, events: ["token.minted"] })).status).toBe(201);
  });
  afterAll(() => receiver?.close());

  /**
   * The one operation of the account awaiting its owner; signs it and returns its record id. No operation under
   * `notUnderKey` (a server-held session's nonce key) may ever be listed: the owner could not sign it.
   */
  async function signPending(transactionId: string, notUnderKey?: string) {
    const op = await eventually(async () => {
      const pending = await api(t, "GET", `/v1/connect/ops/pending?account=${account}`);
      expect(pending.status, JSON.stringify(pending.body)).toBe(200);
      const listed = pending.body.data.filter((o: any) => o.status === "awaiting_sign");
      if (notUnderKey) for (const o of listed) expect((BigInt(o.nonce) >> 64n).toString(), "an operation under the session's key was listed as awaiting the owner").not.toBe(notUnderKey);
      return listed[0];
    }, "an operation awaiting the owner", 30_000, 400); // within the key's 100 requests a minute
    const carried = await db.relayOperation.findFirstOrThrow({ where: { userOpHash: op.user_op_hash } });
    expect(carried.transactionId).toBe(transactionId);
    const signature = await owner.signMessage({ message: { raw: op.user_op_hash as Hex } });
    const signed = await api(t, "POST", `/v1/connect/ops/${op.user_op_hash}/sign`, { signature });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    return op;
  }

  it("switches with PUT /v1/settings/connect; the wallet mode shows the owner's smart account", async () => {
    const refused = await api(t, "PUT", "/v1/settings/connect", { wallet_mode: "connect" });
    expect(refused.status).toBe(400);
    expect(refused.body.error.param).toBe("owner_signer");
    // The owner proves control of its key for this tenant and mode (lib/connect/settings/owner-proof.ts).
    const put = await api(t, "PUT", "/v1/settings/connect", { wallet_mode: "connect", ...(await ownerProofFields({ tenantId: t.id, livemode: false }, owner)) });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ wallet_mode: "connect", owner_signer: owner.address });
    const mode = await api(t, "GET", "/v1/settings/wallet-mode");
    expect(mode.body).toMatchObject({ object: "wallet_mode", mode: "connect", owner_signer: owner.address, wallet_address: t.wallet });
    account = getAddress(mode.body.connect_account_address);
    // Reading the mode predicts the account; it does not register it (its first write does, below).
    expect((await api(t, "GET", `/v1/connect/accounts/${account}`)).status).toBe(404);
    expect(await db.connectAccount.count({ where: { tenantId: t.id } })).toBe(0);
  });

  it("a deployment and a mint wait for the owner's signature, then confirm with the custodial path's events and webhook", async () => {
    const created = await api(t, "POST", "/v1/tokens", { network: NETWORK, name: "Owned", symbol: "OWN", standard: "ERC20", features: ERC20_FEATURES });
    expect(created.status).toBe(201);
    const deploy = await db.transaction.findUniqueOrThrow({ where: { id: created.body.deploy_tx } });
    expect(deploy).toMatchObject({ submitter: "user_operation", fromAddress: account, status: "pending" });
    expect((await api(t, "GET", `/v1/connect/accounts/${account}`)).body).toMatchObject({ signer: owner.address });
    await new Promise((r) => setTimeout(r, 300));
    expect((await db.transaction.findUniqueOrThrow({ where: { id: deploy.id } })).status).toBe("pending"); // nothing happens unsigned

    await signPending(deploy.id);
    expect((await settled(deploy.id)).status).toBe("confirmed");
    const token = (await api(t, "GET", `/v1/tokens/${created.body.id}`)).body;
    expect(token.status).toBe("deployed");
    expect(await chain().getCode({ address: token.address })).not.toBe("0x");
    expect(await read(token, "hasRole", [ROLE_IDS.DEFAULT_ADMIN_ROLE, account])).toBe(true); // the smart account administers it
    expect(await read(token, "hasRole", [ROLE_IDS.DEFAULT_ADMIN_ROLE, t.wallet])).toBe(false);

    const mint = await api(t, "POST", `/v1/tokens/${token.id}/mint`, { to: HOLDER, amount: "42" });
    expect(mint.status).toBe(201);
    expect(mint.body).toMatchObject({ object: "transaction", status: "pending", from: account });
    await signPending(mint.body.id);
    const done = await settled(mint.body.id);
    expect(done.status).toBe("confirmed");
    expect(await read(token, "balanceOf", [HOLDER])).toBe(42n);
    expect((await api(t, "GET", `/v1/transactions/${mint.body.id}`)).body).toMatchObject({ status: "confirmed", hash: done.hash });
    const minted = await eventsOf(t.id, "token.minted");
    expect(minted.at(-1)).toMatchObject({ token: token.id, transaction: mint.body.id, to: HOLDER, amount: "42" });
    const delivered = await receiver.waitFor(1);
    expect(JSON.parse(delivered[0].body)).toMatchObject({ type: "token.minted", data: { object: { transaction: mint.body.id } } });
  });

  it("a cancelled operation fails its record, and the next write goes on", async () => {
    const token = await db.token.findFirstOrThrow({ where: { tenantId: t.id, status: "deployed" } });
    const first = await api(t, "POST", `/v1/tokens/${token.id}/mint`, { to: HOLDER, amount: "1" });
    const second = await api(t, "POST", `/v1/tokens/${token.id}/mint`, { to: HOLDER, amount: "2" });
    const op = await eventually(async () => (await api(t, "GET", `/v1/connect/ops/pending?account=${account}`)).body.data[0], "the first mint's operation");
    expect((await api(t, "POST", `/v1/connect/ops/${op.user_op_hash}/cancel`, {})).status).toBe(200);
    const cancelled = await settled(first.body.id);
    expect(cancelled).toMatchObject({ status: "failed", errorCode: "cancelled" });
    await signPending(second.body.id);
    expect((await settled(second.body.id)).status).toBe("confirmed");
    expect(await read({ address: token.address as Address, standard: "ERC20" }, "balanceOf", [HOLDER])).toBe(44n);
  });

  it("a write covered by a session key the owner granted is signed by it, without the owner", async () => {
    const token = await db.token.findFirstOrThrow({ where: { tenantId: t.id, status: "deployed" } });
    const granted = await api(t, "POST", "/v1/connect/sessions", {
      account, chain_id: "80002", valid_until: Math.floor(Date.now() / 1000) + 3600, targets: [token.address], selectors: ["mint(address,uint256)"],
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    // The owner installs it: one user operation carrying the install call, signed by the owner.
    const install = await prepareUserOperation({ tenantId: t.id, livemode: false }, { address: account, chain_id: "80002", calls: [granted.body.install_call] });
    const signature = await owner.signMessage({ message: { raw: install.user_op_hash as Hex } });
    expect((await api(t, "POST", `/v1/connect/ops/${install.user_op_hash}/sign`, { signature })).status).toBe(200);
    await eventually(async () => (await api(t, "GET", `/v1/connect/accounts/${account}/sessions`)).body.data[0]?.status === "active", "the session installed");

    const mint = await api(t, "POST", `/v1/tokens/${token.id}/mint`, { to: HOLDER, amount: "5" });
    expect((await settled(mint.body.id)).status).toBe("confirmed");
    expect(await read({ address: token.address as Address, standard: "ERC20" }, "balanceOf", [HOLDER])).toBe(49n);
    const carried = await db.relayOperation.findFirstOrThrow({ where: { transactionId: mint.body.id } });
    expect(BigInt(carried.nonce) >> 64n).not.toBe(0n); // under the session validator's nonce key, not the root's
    // Outside its scope (a burn), the owner is still asked.
    const burn = await api(t, "POST", `/v1/tokens/${token.id}/burn`, { amount: "0" });
    await signPending(burn.body.id);
    expect((await settled(burn.body.id)).status).toBe("confirmed");
  });

  it("a write over the session's gas limit is not signed by the session: the owner signs it, under the root validator", async () => {
    const token = await db.token.findFirstOrThrow({ where: { tenantId: t.id, status: "deployed" } });
    for (const s of (await api(t, "GET", `/v1/connect/accounts/${account}/sessions`)).body.data) await api(t, "DELETE", `/v1/connect/accounts/${account}/sessions/${s.id}`);
    const granted = await api(t, "POST", "/v1/connect/sessions", {
      account, chain_id: "80002", valid_until: Math.floor(Date.now() / 1000) + 3600, permissions: [{ target: token.address, selector: "mint(address,uint256)" }], gas_limit: 21_000,
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    const install = await prepareUserOperation({ tenantId: t.id, livemode: false }, { address: account, chain_id: "80002", calls: [granted.body.install_call] });
    const signature = await owner.signMessage({ message: { raw: install.user_op_hash as Hex } });
    expect((await api(t, "POST", `/v1/connect/ops/${install.user_op_hash}/sign`, { signature })).status).toBe(200);
    await eventually(async () => (await api(t, "GET", `/v1/connect/accounts/${account}/sessions`)).body.data.find((s: { id: string }) => s.id === granted.body.id)?.status === "active", "the session installed");

    const mint = await api(t, "POST", `/v1/tokens/${token.id}/mint`, { to: HOLDER, amount: "1" });
    await signPending(mint.body.id, granted.body.nonce_key);
    expect((await settled(mint.body.id)).status).toBe("confirmed");
    const carried = await db.relayOperation.findMany({ where: { transactionId: mint.body.id } });
    // One operation, the owner's (not under the session's nonce key); the session's unsigned draft is gone.
    expect(carried.map((op) => op.status)).toEqual(["confirmed"]);
    expect((BigInt(carried[0].nonce) >> 64n).toString()).not.toBe(granted.body.nonce_key);
  });

  it("a record whose operation ended but whose settling was lost is settled when the reconciler comes by", async () => {
    const carried = await db.relayOperation.findFirstOrThrow({ where: { sender: account.toLowerCase(), status: "confirmed", transactionId: { not: null } } });
    const id = carried.transactionId!;
    // As if the process died between the operation's receipt and the record's end.
    await db.transaction.update({ where: { id }, data: { status: "pending", hash: null, confirmedAt: null, updatedAt: new Date(Date.now() - 10 * 60_000) } });
    expect(await reconcileTransactions()).toBeGreaterThan(0);
    expect((await settled(id)).status).toBe("confirmed");
  });
});
