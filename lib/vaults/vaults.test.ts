// ERC-4626 vaults through the HTTP API on the local chain: deployment, deposits and mints (approve, then the
// action), withdrawals and redemptions, share balances, allowances and transfers, conversions and previews
// after the vault gains assets, the events with the vault's own figures and their webhook, and refusals
// that record nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc20Abi, getAddress, type Address } from "viem";
import { db } from "@/lib/db";
import { startReceiver, type Receiver } from "@/lib/webhooks/test-receiver";
import { account, api, chain, deployToken, ERC20_FEATURES, eventsOf, settled, tenant, type TestTenant } from "@/lib/tokens/testing";

const balanceOf = (token: Address, who: Address) => chain().readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });

describe("vaults", () => {
  let t: TestTenant;
  let other: TestTenant;
  let asset: { id: string; address: Address };
  let vault: { id: string; address: Address };
  let receiver: Receiver;

  /** A write that must be accepted and confirm; returns its transaction record. */
  async function confirmed(path: string, body: object) {
    const res = await api(t, "POST", path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.object).toBe("transaction");
    const tx = await settled(res.body.id);
    expect(tx.status, tx.errorMessage ?? "").toBe("confirmed");
    return res.body;
  }

  beforeAll(async () => {
    [t, other] = await Promise.all([tenant(), tenant()]);
    receiver = await startReceiver();
    expect((await api(t, "POST", "/v1/webhook_endpoints", { url: receiver.url, events: ["vault.deposit", "vault.redeem"] })).status).toBe(201);
    asset = await deployToken(t, { name: "Asset", symbol: "AST", standard: "ERC20", initial_supply: "1000000", features: ERC20_FEATURES });
  });
  afterAll(() => receiver?.close());

  it("deploys a vault over one of the tenant's tokens", async () => {
    const res = await api(t, "POST", "/v1/vaults", { asset: asset.id, name: "Asset Vault", symbol: "vAST" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ object: "vault", status: "deploying", asset: asset.id, asset_address: asset.address, address: null, name: "Asset Vault" });
    expect((await settled(res.body.deploy_transaction)).status).toBe("confirmed");
    const details = (await api(t, "GET", `/v1/vaults/${res.body.id}`)).body;
    expect(details).toMatchObject({ status: "active", total_assets: "0", total_shares: "0" });
    vault = { id: details.id, address: details.address };
    expect(await chain().readContract({ address: vault.address, abi: erc20Abi, functionName: "symbol" })).toBe("vAST");
    const [event] = (await eventsOf(t.id, "vault.deployed")).filter((e) => e.id === vault.id);
    expect(event).toMatchObject({ object: "vault", address: vault.address, status: "active" });
  });

  it("deposits (approve, then deposit) and mints shares for the tenant wallet and for a receiver", async () => {
    const before = await balanceOf(asset.address, t.wallet);
    const dep = await confirmed(`/v1/vaults/${vault.id}/deposit`, { assets: "1000" });
    expect(dep).toMatchObject({ kind: "vault.deposit", to: vault.address });
    const approval = await db.transaction.findFirstOrThrow({ where: { tenantId: t.id, kind: "vault.approve_asset" } });
    expect(approval.nonce! + 1).toBe((await db.transaction.findUniqueOrThrow({ where: { id: dep.id } })).nonce);
    expect(await balanceOf(asset.address, t.wallet)).toBe(before - 1000n);
    expect((await api(t, "GET", `/v1/vaults/${vault.id}/shares/balance`)).body).toMatchObject({ address: t.wallet, shares: "1000", assets: "1000" });
    const [deposited] = (await eventsOf(t.id, "vault.deposit")).filter((e) => e.transaction === dep.id);
    expect(deposited).toMatchObject({ object: "vault_operation", vault: vault.id, action: "deposit", sender: t.wallet, owner: t.wallet, assets: "1000", shares: "1000" });
    const [delivered] = await receiver.waitFor(1, (r) => JSON.parse(r.body).data?.object?.transaction === dep.id);
    expect(JSON.parse(delivered.body)).toMatchObject({ type: "vault.deposit", data: { object: { assets: "1000" } } });

    const friend = (await account()).address;
    const minted = await confirmed(`/v1/vaults/${vault.id}/mint`, { shares: "500", receiver: friend });
    expect((await api(t, "GET", `/v1/vaults/${vault.id}/shares/balance?address=${friend}`)).body.shares).toBe("500");
    const [mintEvent] = (await eventsOf(t.id, "vault.mint")).filter((e) => e.transaction === minted.id);
    expect(mintEvent).toMatchObject({ action: "mint", receiver: friend, owner: friend, shares: "500", assets: "500" });
    expect((await api(t, "GET", `/v1/vaults/${vault.id}`)).body).toMatchObject({ total_assets: "1500", total_shares: "1500" });
  });

  it("converts and previews at the vault's rate once it gains assets", async () => {
    // The asset is sent to the vault without shares: each share is now worth 2 assets.
    await confirmed(`/v1/tokens/${asset.id}/transfer`, { to: vault.address, amount: "1500" });
    const get = async (path: string) => {
      const res = await api(t, "GET", `/v1/vaults/${vault.id}/${path}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    // OpenZeppelin's virtual share and asset (offset 0): shares = assets × (1500 + 1) / (3000 + 1), rounded down.
    expect(await get("convert?assets=3000")).toMatchObject({ object: "vault_conversion", direction: "to_shares", shares: "1500" });
    expect(await get("convert?shares=100")).toMatchObject({ direction: "to_assets", assets: "199" });
    expect(await get("preview?action=deposit&amount=200")).toMatchObject({ result: "100", result_unit: "shares" });
    expect(await get("preview?action=mint&amount=100")).toMatchObject({ result: "200", result_unit: "assets" }); // rounded up
    expect(await get("preview?action=withdraw&amount=200")).toMatchObject({ result: "101", result_unit: "shares" }); // rounded up
    expect(await get("preview?action=redeem&amount=100")).toMatchObject({ result: "199", result_unit: "assets" });
    const limits = await get("limits");
    expect(limits).toMatchObject({ object: "vault_limits", address: t.wallet, max_redeem: "1000", max_withdraw: "1999" });
    expect(BigInt(limits.max_deposit)).toBeGreaterThan(10n ** 70n); // unlimited
  });

  it("withdraws and redeems the tenant wallet's shares, paying the receiver", async () => {
    const payee = (await account()).address;
    const withdrawn = await confirmed(`/v1/vaults/${vault.id}/withdraw`, { assets: "200", receiver: payee });
    expect(await balanceOf(asset.address, payee)).toBe(200n);
    const [w] = (await eventsOf(t.id, "vault.withdraw")).filter((e) => e.transaction === withdrawn.id);
    expect(w).toMatchObject({ action: "withdraw", receiver: payee, owner: t.wallet, assets: "200", shares: "101" });

    const redeemed = await confirmed(`/v1/vaults/${vault.id}/redeem`, { shares: "99" });
    const [r] = (await eventsOf(t.id, "vault.redeem")).filter((e) => e.transaction === redeemed.id);
    expect(r).toMatchObject({ action: "redeem", receiver: t.wallet, owner: t.wallet, shares: "99" });
    expect((await api(t, "GET", `/v1/vaults/${vault.id}/shares/balance`)).body.shares).toBe("800");
    await receiver.waitFor(1, (d) => JSON.parse(d.body).type === "vault.redeem");
  });

  it("approves and transfers shares", async () => {
    const spender = getAddress("0x00000000000000000000000000000000005e11e4");
    await confirmed(`/v1/vaults/${vault.id}/shares/approve`, { spender, amount: "77" });
    expect((await api(t, "GET", `/v1/vaults/${vault.id}/shares/allowance?spender=${spender}`)).body).toMatchObject({
      object: "vault_shares_allowance", owner: t.wallet, spender, allowance: "77",
    });
    const to = (await account()).address;
    await confirmed(`/v1/vaults/${vault.id}/shares/transfer`, { to, amount: "300" });
    expect((await api(t, "GET", `/v1/vaults/${vault.id}/shares/balance?address=${to}`)).body.shares).toBe("300");
    expect((await api(t, "GET", `/v1/vaults/${vault.id}/shares/balance`)).body.shares).toBe("500");
  });

  it("refuses what the vault or the wallet cannot do, recording nothing; another tenant's vault answers 404", async () => {
    const writes = await db.transaction.count({ where: { tenantId: t.id } });
    const refusals: [string, object, string, string][] = [
      ["withdraw", { assets: "5000" }, "insufficient_shares", "assets"],
      ["redeem", { shares: "501" }, "insufficient_shares", "shares"],
      ["shares/transfer", { to: t.wallet, amount: "501" }, "insufficient_shares", "amount"],
      ["deposit", { assets: "10000000" }, "insufficient_balance", "assets"],
      ["mint", { shares: "10000000" }, "insufficient_balance", "shares"],
      ["deposit", { assets: "0" }, "parameter_invalid", "assets"],
      ["deposit", { assets: "1", receiver: "0x123" }, "parameter_invalid", "receiver"],
    ];
    for (const [path, body, code, param] of refusals) {
      const res = await api(t, "POST", `/v1/vaults/${vault.id}/${path}`, body);
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toMatchObject({ code, param });
    }
    const both = await api(t, "GET", `/v1/vaults/${vault.id}/convert?assets=1&shares=1`);
    expect(both.status).toBe(400);
    const created = await api(t, "POST", "/v1/vaults", { asset: "0x00000000000000000000000000000000000000aa", network: "polygon_amoy", name: "x", symbol: "x" });
    expect(created.body.error).toMatchObject({ code: "token_not_erc20", param: "asset" });
    expect(await db.transaction.count({ where: { tenantId: t.id } })).toBe(writes);

    expect((await api(other, "GET", "/v1/vaults")).body.data).toEqual([]);
    for (const path of ["", "/convert?assets=1", "/preview?action=deposit&amount=1", "/limits", "/shares/balance", `/shares/allowance?spender=${t.wallet}`]) {
      expect((await api(other, "GET", `/v1/vaults/${vault.id}${path}`)).status, path).toBe(404);
    }
    for (const path of ["deposit", "withdraw"]) expect((await api(other, "POST", `/v1/vaults/${vault.id}/${path}`, { assets: "1" })).status, path).toBe(404);
    expect((await api(t, "GET", "/v1/vaults?status=active")).body.data.map((v: any) => v.id)).toEqual([vault.id]);
  });
});
