// Tokens over HTTP against the real local chain and transaction processor: the reference flow, create
// validation, listing, environment and tenant isolation, and a reverted operation.
import { describe, expect, it } from "vitest";
import { call } from "@/test/client";
import { db, pool } from "@/lib/db";
import { newId } from "@/lib/core/ids";
import type { Transaction } from "@/lib/generated/prisma/client";
import { tokenOperations } from "./effects";
import { api, confirmed, deployToken, ERC20_FEATURES, eventsOf, settled, tenant, NETWORK, type TestTenant } from "@/lib/tokens/testing";

const HOLDER = "0x00000000000000000000000000000000000000a1";

async function confirmedTransfer(t: TestTenant, id: string, amount: string) {
  const res = await api(t, "POST", `/v1/tokens/${id}/transfer`, { to: HOLDER, amount });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return settled(res.body.id);
}

describe("reference flow", () => {
  it("register → key → deploy ERC20 on polygon_amoy → poll until deployed → mint 1000 → balance 1000", async () => {
    const t = await tenant();
    const created = await api(t, "POST", "/v1/tokens", {
      name: "Acme Dollar", symbol: "ACD", standard: "ERC20", network: "polygon_amoy", initial_supply: "0", decimals: 18,
      features: { mintable: true, burnable: false, pausable: false },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: "token", name: "Acme Dollar", symbol: "ACD", standard: "ERC20", network: "polygon_amoy", status: "deploying",
      decimals: 18, initial_supply: "0", features: { mintable: true, burnable: false, pausable: false }, address: null, livemode: false,
    });
    expect(created.body.id).toMatch(/^tok_/);
    expect(created.body.deploy_tx).toMatch(/^tx_/);

    let token = created.body;
    for (let i = 0; token.status === "deploying" && i < 150; i++) {
      await new Promise((r) => setTimeout(r, 200));
      token = (await api(t, "GET", `/v1/tokens/${token.id}`)).body;
    }
    expect(token.status).toBe("deployed");
    expect(token.address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    const mint = await api(t, "POST", `/v1/tokens/${token.id}/mint`, { to: HOLDER, amount: "1000", idempotency_key: "mint-1" });
    expect(mint.status).toBe(201);
    expect(mint.body).toMatchObject({ object: "transaction", kind: "token.mint", status: "pending", token: token.id, to: token.address });
    expect((await settled(mint.body.id)).status).toBe("confirmed");

    const balance = await api(t, "GET", `/v1/tokens/${token.id}/balance?address=${HOLDER}&nft_token_id=0`);
    expect(balance.status).toBe(200);
    expect(balance.body).toEqual({ object: "balance", token: token.id, address: "0x00000000000000000000000000000000000000A1", nft_token_id: "0", balance: "1000" });

    const [deployed] = await eventsOf(t.id, "token.deployed");
    expect(deployed).toMatchObject({ object: "token", id: token.id, status: "deployed", address: token.address });
    const [minted] = await eventsOf(t.id, "token.minted");
    expect(minted).toMatchObject({ object: "token_operation", livemode: false, token: token.id, transaction: mint.body.id, to: "0x00000000000000000000000000000000000000A1", amount: "1000" });
    expect(minted.hash).toMatch(/^0x[0-9a-f]{64}$/);
  });
});

describe("create, list, retrieve", () => {
  it("validates the body and names the field", async () => {
    const t = await tenant();
    const base = { name: "T", symbol: "T", standard: "ERC20", network: NETWORK };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, standard: "ERC777" }, "standard", "parameter_invalid"],
      [{ ...base, name: undefined }, "name", "parameter_missing"],
      [{ ...base, initial_supply: "-1" }, "initial_supply", "parameter_invalid"],
      [{ ...base, initial_supply: 1000 }, "initial_supply", "parameter_invalid"],
      [{ ...base, initial_supply: "9".repeat(78) }, "initial_supply", "parameter_invalid"],
      [{ ...base, decimals: 99 }, "decimals", "parameter_invalid"],
      [{ ...base, features: { mintable: "yes" } }, "features.mintable", "parameter_invalid"],
      [{ ...base, features: { transferable: true } }, "features.transferable", "parameter_unknown"],
      [{ ...base, network: "mars" }, "network", "network_unknown"],
      [{ ...base, network: "polygon" }, "network", "network_mainnet_with_test_key"],
      [{ ...base, base_uri: "ipfs://x/" }, "base_uri", "parameter_invalid"],
      [{ ...base, standard: "ERC721", initial_supply: "5" }, "initial_supply", "parameter_invalid"],
      [{ ...base, standard: "ERC721", decimals: 18 }, "decimals", "parameter_invalid"],
      [{ ...base, standard: "ERC1155", royalty: { receiver: HOLDER, basis_points: 10_001 } }, "royalty.basis_points", "parameter_invalid"],
      [{ ...base, colour: "red" }, "colour", "parameter_unknown"],
      [{ ...base, standard: "ERC721", royalty: { receiver: "0x5FbDB2315678afecb367f032d93F642f64180aA3", basis_points: 1 } }, "royalty.receiver", "parameter_invalid"],
    ];
    for (const [body, param, code] of cases) {
      const res = await api(t, "POST", "/v1/tokens", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toMatchObject({ type: "invalid_request_error", code, param });
    }
    expect(await db.token.count({ where: { tenantId: t.id } })).toBe(0);
  });

  it("lists with filters and cursor pagination; other tenants and live keys see 404", async () => {
    const t = await tenant();
    const a = await api(t, "POST", "/v1/tokens", { name: "A", symbol: "A", standard: "ERC20", network: NETWORK });
    const b = await api(t, "POST", "/v1/tokens", { name: "B", symbol: "B", standard: "ERC721", network: NETWORK, base_uri: "ipfs://b/" });
    const c = await api(t, "POST", "/v1/tokens", { name: "C", symbol: "C", standard: "ERC1155", network: "base_sepolia" });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(b.body).toMatchObject({ decimals: 0, initial_supply: "0", features: { mintable: true, burnable: false, pausable: false } });
    await Promise.all([a, b, c].map((r) => settled(r.body.deploy_tx)));

    const all = await api(t, "GET", "/v1/tokens?limit=2");
    expect(all.body).toMatchObject({ object: "list", has_more: true, total: 3 });
    expect(all.body.data.map((x: any) => x.id)).toEqual([c.body.id, b.body.id]);
    const next = await api(t, "GET", `/v1/tokens?limit=2&starting_after=${b.body.id}`);
    expect(next.body.data.map((x: any) => x.id)).toEqual([a.body.id]);
    expect(next.body.has_more).toBe(false);
    expect((await api(t, "GET", "/v1/tokens?standard=ERC721")).body.data.map((x: any) => x.id)).toEqual([b.body.id]);
    expect((await api(t, "GET", "/v1/tokens?network=base_sepolia")).body.total).toBe(1);
    expect((await api(t, "GET", "/v1/tokens?status=deployed")).body.total).toBe(3);
    expect((await api(t, "GET", "/v1/tokens?status=deploying")).body.total).toBe(0);
    expect((await api(t, "GET", "/v1/tokens?status=burnt")).body.error.param).toBe("status");

    // The owner's write keeps the deployed token in this process (lib/tokens/lookup): another tenant still gets 404.
    const minted = await api(t, "POST", `/v1/tokens/${a.body.id}/mint`, { to: HOLDER, amount: "1" });
    expect((await settled(minted.body.id)).status).toBe("confirmed");
    const other = await tenant();
    expect((await api(other, "GET", `/v1/tokens/${a.body.id}`)).status).toBe(404);
    expect((await api(other, "POST", `/v1/tokens/${a.body.id}/mint`, { to: HOLDER, amount: "1" })).status).toBe(404);
    expect((await api(other, "GET", "/v1/tokens")).body.total).toBe(0);
  });

  it("a live key deploys on mainnets only; a live key never sees test tokens", async () => {
    const t = await tenant();
    const key = await call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "prod", environment: "live" } });
    const live = { ...t, apiKey: key.body.secret as string };
    const refused = await api(live, "POST", "/v1/tokens", { name: "L", symbol: "L", standard: "ERC20", network: NETWORK });
    expect(refused.body.error).toMatchObject({ code: "network_testnet_with_live_key", param: "network" });
    // A mainnet without RPC_URL_<NETWORK> is never served by the local chain (lib/chain/network/networks.test.ts).
    const unavailable = await api(live, "POST", "/v1/tokens", { name: "L", symbol: "L", standard: "ERC20", network: "polygon" });
    expect(unavailable.body.error).toMatchObject({ code: "network_unavailable", param: "network" });
    const testToken = await api(t, "POST", "/v1/tokens", { name: "T", symbol: "T", standard: "ERC20", network: NETWORK });
    expect((await api(live, "GET", `/v1/tokens/${testToken.body.id}`)).status).toBe(404);
    expect((await api(live, "GET", "/v1/tokens")).body.data).toEqual([]);
    await settled(testToken.body.deploy_tx);
    const minted = await api(t, "POST", `/v1/tokens/${testToken.body.id}/mint`, { to: HOLDER, amount: "1" });
    expect((await settled(minted.body.id)).status).toBe("confirmed");
    expect((await api(live, "POST", `/v1/tokens/${testToken.body.id}/mint`, { to: HOLDER, amount: "1" })).status).toBe(404);
  });
});

describe("pre-checks and failures", () => {
  it("refuses unsupported operations with 400 before any chain call", async () => {
    const t = await tenant();
    const erc20 = await api(t, "POST", "/v1/tokens", { name: "F", symbol: "F", standard: "ERC20", network: NETWORK, features: { mintable: false } });
    // Still deploying: the standard and feature checks come first, then the status check.
    const deploying = await api(t, "POST", `/v1/tokens/${erc20.body.id}/transfer`, { to: HOLDER, amount: "1" });
    expect(deploying.body.error).toMatchObject({ code: "token_not_deployed", param: "id" });
    await settled(erc20.body.deploy_tx);
    const id = erc20.body.id;
    const before = await db.transaction.count({ where: { tenantId: t.id } });

    const refused: [string, unknown, string, string?][] = [
      ["mint", { to: HOLDER, amount: "1" }, "feature_disabled"],
      ["burn", { amount: "1" }, "feature_disabled"],
      ["pause", {}, "feature_disabled"],
      ["set_base_uri", { base_uri: "ipfs://x/" }, "operation_not_supported"],
      ["set_uri", { uri: "ipfs://x/{id}" }, "operation_not_supported"],
      ["royalty", { receiver: HOLDER, basis_points: 100 }, "operation_not_supported"],
      ["set_approval_for_all", { operator: HOLDER, approved: true }, "operation_not_supported"],
      ["nfts/1/metadata", { uri: "ipfs://x" }, "operation_not_supported"],
      ["nfts/1/royalty", { receiver: HOLDER, basis_points: 1 }, "operation_not_supported"],
      ["permit2_transfer", { to: HOLDER, amount: "1" }, "operation_not_supported"],
      ["transfer", { to: HOLDER }, "parameter_missing", "amount"],
      ["transfer", { to: HOLDER, amount: "1", nft_token_id: "1" }, "parameter_invalid", "nft_token_id"],
      ["transfer", { to: "0x123", amount: "1" }, "parameter_invalid", "to"],
      ["approve", { spender: HOLDER, amount: "1.5" }, "parameter_invalid", "amount"],
      ["transfer_and_call", { to: HOLDER, amount: "1", data: "0xz" }, "parameter_invalid", "data"],
      ["permit", { owner: HOLDER, spender: HOLDER, value: "1", deadline: 1 }, "parameter_invalid", "signature"],
    ];
    for (const [path, body, code, param] of refused) {
      const res = await api(t, "POST", `/v1/tokens/${id}/${path}`, body);
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toMatchObject({ code, ...(param ? { param } : {}) });
    }
    for (const path of [`roles/check_any?roles=MINTER_ROLE&address=${HOLDER}`, `roles/alt/${HOLDER}`]) {
      const res = await api(t, "GET", `/v1/tokens/${id}/${path}`);
      expect(res.body.error, path).toMatchObject({ code: "operation_not_supported" });
    }
    expect((await api(t, "GET", `/v1/tokens/${id}/balance?address=${HOLDER}`)).body.error).toMatchObject({ code: "parameter_missing", param: "nft_token_id" });
    expect((await api(t, "GET", `/v1/tokens/${id}/balance?address=${HOLDER}&nft_token_id=3`)).body.error).toMatchObject({ param: "nft_token_id" });
    expect((await api(t, "POST", `/v1/tokens/${id}/roles`, { role: "OWNER_ROLE", address: HOLDER })).body.error).toMatchObject({ code: "role_unknown", param: "role" });
    expect(await db.transaction.count({ where: { tenantId: t.id } })).toBe(before);
  });

  it("a transfer or burn over the balance is refused before anything is recorded, in both forms", async () => {
    const t = await tenant();
    const token = await deployToken(t, { name: "R", symbol: "TKN", standard: "ERC20", initial_supply: "1000000000000000000000", features: ERC20_FEATURES });
    const before = await db.transaction.count({ where: { tenantId: t.id } });
    const transfer = await api(t, "POST", `/v1/tokens/${token.id}/transfer`, { to: HOLDER, amount: "9000000000000000000000000" });
    expect(transfer.status).toBe(400);
    expect(transfer.body.error).toMatchObject({ code: "insufficient_balance", param: "amount" });
    expect(transfer.body.error.message).toBe(
      `Insufficient balance: the transfer needs 9,000,000 TKN (9000000000000000000000000 base units), but ${t.wallet} holds 1,000 TKN (1000000000000000000000 base units).`,
    );
    const burn = await api(t, "POST", `/v1/tokens/${token.id}/burn`, { amount: "1000000000000000000001" });
    expect(burn.body.error).toMatchObject({ code: "insufficient_balance", param: "amount" });
    expect(burn.body.error.message).toContain("the burn needs 1,000.000000000000000001 TKN (1000000000000000000001 base units)");
    const burnFrom = await api(t, "POST", `/v1/tokens/${token.id}/burn_from`, { from: HOLDER, amount: "1" });
    expect(burnFrom.body.error).toMatchObject({ code: "insufficient_balance" });
    expect(await db.transaction.count({ where: { tenantId: t.id } })).toBe(before);
    // The whole balance still goes.
    expect((await confirmedTransfer(t, token.id, "1000000000000000000000")).status).toBe("confirmed");
    expect(await eventsOf(t.id, "token.transferred")).toHaveLength(1);
  });

  it("a failed deployment marks the token failed with the reason", async () => {
    const t = await tenant();
    const token = await db.token.create({
      data: { id: newId("tok"), tenantId: t.id, name: "X", symbol: "X", standard: "ERC20", network: NETWORK, decimals: 18, initialSupply: "0", features: ERC20_FEATURES },
    });
    const tx = { id: "tx_test", tenantId: t.id, tokenId: token.id, kind: "token.deploy" } as Transaction;
    const reason = "The wallet 0x… holds 0 POL on polygon_amoy but needs 0.01 for this transaction's gas: fund it and retry.";
    const client = await pool.connect();
    await tokenOperations["token.deploy"].onFailed!({ tx, reason, client, submit: () => Promise.reject(new Error("no follow-up expected")) }).finally(() => client.release());
    const res = await api(t, "GET", `/v1/tokens/${token.id}`);
    expect(res.body).toMatchObject({ status: "failed", failure_reason: reason, deploy_tx: "tx_test", address: null });
    const op = await api(t, "POST", `/v1/tokens/${token.id}/mint`, { to: HOLDER, amount: "1" });
    expect(op.body.error).toMatchObject({ code: "token_not_deployed" });
    expect(op.body.error.message).toMatch(/failed to deploy/);
  });
});
