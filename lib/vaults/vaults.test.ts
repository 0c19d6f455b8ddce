// ERC-4626 vaults through the HTTP API on the local chain: deployment and details; a deposit, a mint, yield
// and a redemption whose every amount equals its preview; a deposit or mint as approve then action (the
// action recorded only once the approval confirmed, a failed approval failing the pair with its reason);
// the first-depositor inflation attack against the decimals offset, with real numbers; share balances,
// allowances and transfers; the events and their webhook; refusals that record nothing; another tenant's 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc20Abi, getAddress, parseUnits, zeroAddress, type Abi, type Address } from "viem";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";
import { ERC20ApproveRejectMock } from "@/test/artifacts/ERC20ApproveRejectMock";
import {
  account, api, chain, deployContract, deployToken, ERC20_FEATURES, eventsOf, NETWORK, send, settled, tenant, type TestTenant,
} from "@/lib/tokens/testing";

const balanceOf = (token: Address, who: Address) => chain().readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });
const vaultAbi = () => artifact("PlatformVault").abi as Abi;
const readVault = (vault: Address, functionName: string, args: unknown[] = []) =>
  chain().readContract({ address: vault, abi: vaultAbi(), functionName, args } as never) as Promise<bigint>;

describe("vaults", () => {
  let t: TestTenant;
  let other: TestTenant;
  let asset: { id: string; address: Address };
  let vault: { id: string; address: Address };
  let receiver: Receiver;

  /** A deposit, mint, withdraw or redeem that must be accepted and succeed; returns the ended operation. */
  async function operated(path: string, body: object, v = vault) {
    const res = await api(t, "POST", `/v1/vaults/${v.id}/${path}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ object: "vault_operation", vault: v.id, action: path, assets: null, shares: null });
    return ended(res.body, v);
  }

  /** Waits for an operation's transactions and answers it as the API shows it then. */
  async function ended(op: { id: string; approve_transaction: string | null }, v = vault) {
    if (op.approve_transaction) await settled(op.approve_transaction);
    let now = (await api(t, "GET", `/v1/vaults/${v.id}/operations/${op.id}`)).body;
    if (now.transaction) await settled(now.transaction);
    now = (await api(t, "GET", `/v1/vaults/${v.id}/operations/${op.id}`)).body;
    return now;
  }

  /** A share-token write that must be accepted and confirm; returns its transaction record. */
  async function confirmed(path: string, body: object) {
    const res = await api(t, "POST", path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.object).toBe("transaction");
    const tx = await settled(res.body.id);
    expect(tx.status, tx.errorMessage ?? "").toBe("confirmed");
    return res.body;
  }

  async function deployVault(body: object) {
    const res = await api(t, "POST", "/v1/vaults", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await settled(res.body.deploy_transaction)).status).toBe("confirmed");
    return (await api(t, "GET", `/v1/vaults/${res.body.id}`)).body as { id: string; address: Address; [k: string]: any };
  }

  beforeAll(async () => {
    [t, other] = await Promise.all([tenant(), tenant()]);
    receiver = await startReceiver();
    const events = ["vault.deployed", "vault.deposit", "vault.mint", "vault.withdraw", "vault.redeem"];
    expect((await api(t, "POST", "/v1/webhook_endpoints", { url: receiver.url, events })).status).toBe(201);
    asset = await deployToken(t, { name: "Asset", symbol: "AST", standard: "ERC20", initial_supply: "1000000", features: ERC20_FEATURES });
  });
  afterAll(() => receiver?.close());

  it("deploys a vault over one of the tenant's tokens, with its decimals and the offset", async () => {
    const res = await api(t, "POST", "/v1/vaults", { asset: asset.id, name: "Asset Vault", symbol: "vAST" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ object: "vault", status: "deploying", asset: asset.id, asset_address: asset.address, address: null, decimals_offset: 6 });
    expect((await settled(res.body.deploy_transaction)).status).toBe("confirmed");
    const details = (await api(t, "GET", `/v1/vaults/${res.body.id}`)).body;
    const assetDecimals = await chain().readContract({ address: asset.address, abi: erc20Abi, functionName: "decimals" });
    expect(details).toMatchObject({ status: "active", total_assets: "0", total_supply: "0", asset_decimals: assetDecimals, decimals: assetDecimals + 6 });
    vault = { id: details.id, address: details.address };
    expect(await chain().readContract({ address: vault.address, abi: erc20Abi, functionName: "symbol" })).toBe("vAST");
    const [event] = (await eventsOf(t.id, "vault.deployed")).filter((e) => e.id === vault.id);
    expect(event).toMatchObject({ object: "vault", address: vault.address, status: "active" });
    await receiver.waitFor(1, (d) => JSON.parse(d.body).type === "vault.deployed" && JSON.parse(d.body).data?.object?.id === vault.id);
  });

  it("deposits 100, mints shares, gains yield, redeems: every amount equals its preview", async () => {
    const preview = async (action: string, amount: string | number | bigint) => (await api(t, "GET", `/v1/vaults/${vault.id}/preview?action=${action}&amount=${amount}`)).body.result;
    const start = await balanceOf(asset.address, t.wallet);

    // Empty vault: 10^6 shares per asset unit (the offset).
    const expectedShares = await preview("deposit", 100);
    expect(expectedShares).toBe("100000000");
    const dep = await operated("deposit", { assets: "100" });
    expect(dep).toMatchObject({ status: "succeeded", amount: "100", preview: expectedShares, assets: "100", shares: expectedShares, owner: t.wallet, receiver: t.wallet });
    expect(await balanceOf(asset.address, t.wallet)).toBe(start - 100n);

    const friend = (await account()).address;
    const assetsForMint = await preview("mint", 50_000_000);
    const minted = await operated("mint", { shares: "50000000", receiver: friend });
    expect(minted).toMatchObject({ status: "succeeded", preview: assetsForMint, assets: assetsForMint, shares: "50000000", receiver: friend, approved_assets: assetsForMint });
    expect((await api(t, "GET", `/v1/vaults/${vault.id}/shares/balance?address=${friend}`)).body.shares).toBe("50000000");

    // Yield: assets sent to the vault without shares raise what each share is worth.
    await confirmed(`/v1/tokens/${asset.id}/transfer`, { to: vault.address, amount: "150" });
    const details = (await api(t, "GET", `/v1/vaults/${vault.id}`)).body;
    expect(details).toMatchObject({ total_assets: String(150n + 100n + BigInt(assetsForMint)), total_supply: "150000000" });

    const payout = await preview("redeem", expectedShares);
    expect(BigInt(payout)).toBeGreaterThan(100n); // the deposit earned part of the yield
    const balance = await balanceOf(asset.address, t.wallet);
    const redeemed = await operated("redeem", { shares: expectedShares });
    expect(redeemed).toMatchObject({ status: "succeeded", preview: payout, assets: payout, shares: expectedShares, approve_transaction: null });
    expect(await balanceOf(asset.address, t.wallet)).toBe(balance + BigInt(payout));

    // Withdraw: the shares burned equal previewWithdraw.
    await operated("deposit", { assets: "100" });
    const burn = await preview("withdraw", 40);
    const withdrawn = await operated("withdraw", { assets: "40", receiver: friend });
    expect(withdrawn).toMatchObject({ status: "succeeded", preview: burn, shares: burn, assets: "40", receiver: friend, owner: t.wallet });
    expect(await balanceOf(asset.address, friend)).toBe(40n);

    // Events from the vault's logs, and their webhook.
    for (const [type, op] of [["vault.deposit", dep], ["vault.mint", minted], ["vault.redeem", redeemed], ["vault.withdraw", withdrawn]] as const) {
      const [event] = (await eventsOf(t.id, type)).filter((e) => e.id === op.id);
      expect(event, type).toMatchObject({ object: "vault_operation", status: "succeeded", assets: op.assets, shares: op.shares, transaction: op.transaction });
      await receiver.waitFor(1, (d) => JSON.parse(d.body).type === type && JSON.parse(d.body).data?.object?.id === op.id);
    }
    const listed = (await api(t, "GET", `/v1/vaults/${vault.id}/operations?action=deposit`)).body;
    expect(listed.data.map((o: any) => o.action)).toEqual(["deposit", "deposit"]);
  });

  it("records a deposit only after its approval confirmed; two at once both succeed", async () => {
    const res = await api(t, "POST", `/v1/vaults/${vault.id}/deposit`, { assets: "7" });
    expect(res.body).toMatchObject({ status: "approving", transaction: null, approved_assets: "7" });
    const approval = await settled(res.body.approve_transaction);
    expect(approval).toMatchObject({ kind: "vault.approve_asset", status: "confirmed", toAddress: asset.address });
    const op = await ended(res.body);
    const action = await db.transaction.findUniqueOrThrow({ where: { id: op.transaction } });
    expect(action).toMatchObject({ kind: "vault.deposit", status: "confirmed", toAddress: vault.address });
    // Recorded by the approval's confirmation (./effects), so after the approval was mined, in a later block.
    expect(action.request).toMatchObject({ operation: res.body.id, action: "deposit", assets: "7" });
    expect(action.blockNumber!).toBeGreaterThan(approval.blockNumber!);
    expect(op).toMatchObject({ status: "succeeded", assets: "7" });

    // An approval replaces the allowance: the second covers the first too while that one is still approving.
    const [a, b] = await Promise.all([
      api(t, "POST", `/v1/vaults/${vault.id}/deposit`, { assets: "11" }),
      api(t, "POST", `/v1/vaults/${vault.id}/deposit`, { assets: "13" }),
    ]);
    const [endedA, endedB] = await Promise.all([ended(a.body), ended(b.body)]);
    expect([endedA.status, endedB.status, endedA.assets, endedB.assets]).toEqual(["succeeded", "succeeded", "11", "13"]);
  });

  it("fails the pair with the reason when the approval fails, sending no deposit", async () => {
    const issuer = await account(true);
    const mock = getAddress(await deployContract(issuer.wallet, ERC20ApproveRejectMock.abi as Abi, ERC20ApproveRejectMock.bytecode, [t.wallet, 1000n]));
    const v = await deployVault({ asset: mock, network: NETWORK, name: "Reject Vault", symbol: "vRAP" });
    await send(issuer.wallet, { address: mock, abi: ERC20ApproveRejectMock.abi as Abi, functionName: "setRejectApprovals", args: [true] });
    const deposits = await db.transaction.count({ where: { tenantId: t.id, kind: "vault.deposit" } });

    const res = await api(t, "POST", `/v1/vaults/${v.id}/deposit`, { assets: "500" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await settled(res.body.approve_transaction)).status).toBe("failed");
    const op = (await api(t, "GET", `/v1/vaults/${v.id}/operations/${res.body.id}`)).body;
    expect(op).toMatchObject({ status: "failed", transaction: null, assets: null });
    expect(op.failure_reason).toMatch(/^The asset approval failed: .*revert.*The deposit was not sent; nothing left the wallet/);
    expect(await db.transaction.count({ where: { tenantId: t.id, kind: "vault.deposit" } })).toBe(deposits);
    expect(await balanceOf(mock, t.wallet)).toBe(1000n);
    expect((await eventsOf(t.id, "vault.deposit")).filter((e) => e.id === op.id)).toEqual([]);
  });

  it("defeats the first-depositor inflation attack: the donation does not take the second depositor's assets", async () => {
    // An 18-decimal ERC-20; the attacker deploys it, gives the tenant 100 tokens and keeps the rest.
    const attacker = await account(true);
    const pw = artifact("PlatformERC20");
    const unit = 10n ** 18n;
    const token = getAddress(await deployContract(attacker.wallet, pw.abi as Abi, pw.bytecode, ["Attacked", "ATK", 18, 1_000_000n * unit, attacker.address, ERC20_FEATURES]));
    const victimDeposit = parseUnits("100", 18);
    await send(attacker.wallet, { address: token, abi: erc20Abi, functionName: "transfer", args: [t.wallet, victimDeposit] });
    const v = await deployVault({ asset: token, network: NETWORK, name: "Attacked Vault", symbol: "vATK" });
    expect(v.decimals).toBe(24);

    // The attack: be first with 1 base unit, then donate 10,000 tokens so the victim's shares round down.
    const donation = parseUnits("10000", 18);
    await send(attacker.wallet, { address: token, abi: erc20Abi, functionName: "approve", args: [v.address, 1n] });
    await send(attacker.wallet, { address: v.address, abi: vaultAbi(), functionName: "deposit", args: [1n, attacker.address] });
    await send(attacker.wallet, { address: token, abi: erc20Abi, functionName: "transfer", args: [v.address, donation] });
    const attackerShares = await readVault(v.address, "balanceOf", [attacker.address]);
    expect(attackerShares).toBe(1_000_000n); // 10^offset shares for 1 unit

    const op = await operated("deposit", { assets: victimDeposit.toString() }, v);
    // shares = 10^20 × (10^6 + 10^6) / (10^22 + 1 + 1) = 19999 (rounded down). Without an offset it would be 0: all 100 tokens lost.
    expect(op).toMatchObject({ status: "succeeded", shares: "19999", preview: "19999" });
    const victimValue = await readVault(v.address, "maxWithdraw", [t.wallet]);
    const victimLoss = victimDeposit - victimValue;
    expect(victimLoss).toBeLessThan(victimDeposit / 10_000n); // under 0.01 %: one share's rounding
    expect((await api(t, "GET", `/v1/vaults/${v.id}/limits`)).body.max_withdraw).toBe(victimValue.toString());

    // The attacker gets back about half the donation: the virtual shares keep the rest.
    const attackerValue = await readVault(v.address, "previewRedeem", [attackerShares]);
    const attackerLoss = donation + 1n - attackerValue;
    expect(attackerLoss).toBeGreaterThan(donation / 3n);
    expect(attackerLoss).toBeGreaterThan(victimLoss * 100_000n);
  });

  it("converts both ways and answers the limits of an address", async () => {
    const get = async (path: string) => {
      const res = await api(t, "GET", `/v1/vaults/${vault.id}/${path}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const toShares = await get("convert?assets=1000");
    expect(toShares).toMatchObject({ object: "vault_conversion", direction: "to_shares", assets: "1000", shares: (await readVault(vault.address, "convertToShares", [1000n])).toString() });
    const toAssets = await get(`convert?shares=${toShares.shares}`);
    expect(toAssets).toMatchObject({ direction: "to_assets", assets: (await readVault(vault.address, "convertToAssets", [BigInt(toShares.shares)])).toString() });
    expect(BigInt(toAssets.assets)).toBeLessThanOrEqual(1000n); // both round down, in the vault's favour
    const limits = await get("limits");
    const shares = await readVault(vault.address, "balanceOf", [t.wallet]);
    expect(limits).toMatchObject({ object: "vault_limits", address: t.wallet, max_redeem: shares.toString(), max_withdraw: (await readVault(vault.address, "maxWithdraw", [t.wallet])).toString() });
    expect(BigInt(limits.max_deposit)).toBe(2n ** 256n - 1n); // unlimited
    const nobody = (await account()).address;
    expect(await get(`limits?address=${nobody}`)).toMatchObject({ address: nobody, max_redeem: "0", max_withdraw: "0" });
  });

  it("approves and transfers shares", async () => {
    const spender = getAddress("0x00000000000000000000000000000000005e11e4");
    await confirmed(`/v1/vaults/${vault.id}/shares/approve`, { spender, amount: "77" });
    expect((await api(t, "GET", `/v1/vaults/${vault.id}/shares/allowance?spender=${spender}`)).body).toMatchObject({
      object: "vault_shares_allowance", owner: t.wallet, spender, allowance: "77",
    });
    const before = BigInt((await api(t, "GET", `/v1/vaults/${vault.id}/shares/balance`)).body.shares);
    const to = (await account()).address;
    await confirmed(`/v1/vaults/${vault.id}/shares/transfer`, { to, amount: "300" });
    expect((await api(t, "GET", `/v1/vaults/${vault.id}/shares/balance?address=${to}`)).body.shares).toBe("300");
    expect((await api(t, "GET", `/v1/vaults/${vault.id}/shares/balance`)).body.shares).toBe((before - 300n).toString());
  });

  it("refuses what the vault or the wallet cannot do, recording nothing; another tenant's vault answers 404 everywhere", async () => {
    const counts = () => Promise.all([db.transaction.count({ where: { tenantId: t.id } }), db.vaultOperation.count({ where: { tenantId: t.id } })]);
    const before = await counts();
    const shares = await readVault(vault.address, "balanceOf", [t.wallet]);
    const maxWithdraw = await readVault(vault.address, "maxWithdraw", [t.wallet]);
    const refusals: [string, object, string, string][] = [
      ["withdraw", { assets: String(maxWithdraw + 1n) }, "insufficient_shares", "assets"],
      ["redeem", { shares: String(shares + 1n) }, "insufficient_shares", "shares"],
      ["redeem", { shares: "1" }, "amount_too_small", "shares"],
      ["shares/transfer", { to: t.wallet, amount: String(shares + 1n) }, "insufficient_shares", "amount"],
      ["deposit", { assets: "1000000000000000000000000000" }, "insufficient_balance", "assets"],
      ["mint", { shares: "1000000000000000000000000000000000" }, "insufficient_balance", "shares"],
      ["deposit", { assets: "0" }, "parameter_invalid", "assets"],
      ["deposit", { assets: "1", receiver: "0x123" }, "parameter_invalid", "receiver"],
      ["withdraw", { assets: "1", receiver: zeroAddress }, "parameter_invalid", "receiver"],
      ["shares/transfer", { to: zeroAddress, amount: "1" }, "parameter_invalid", "to"],
    ];
    for (const [path, body, code, param] of refusals) {
      const res = await api(t, "POST", `/v1/vaults/${vault.id}/${path}`, body);
      expect(res.status, path).toBe(400);
      expect(res.body.error, `${path} ${JSON.stringify(body)}`).toMatchObject({ code, param });
    }
    // Amounts in the words of a refusal read in units with the symbol, as well as in base units.
    const tooMuch = await api(t, "POST", `/v1/vaults/${vault.id}/withdraw`, { assets: String(maxWithdraw + 1n) });
    expect(tooMuch.body.error.message).toMatch(/^Invalid assets: [\d,.]+ \S+ \(\d+ base units\) is more than what the shares of the tenant wallet 0x[0-9a-fA-F]{40} can withdraw: [\d,.]+ \S+ \(\d+ base units\)\.$/);
    expect((await api(t, "GET", `/v1/vaults/${vault.id}/convert?assets=1&shares=1`)).status).toBe(400);
    const created = await api(t, "POST", "/v1/vaults", { asset: "0x00000000000000000000000000000000000000aa", network: NETWORK, name: "x", symbol: "x" });
    expect(created.body.error).toMatchObject({ code: "token_not_erc20", param: "asset" });
    expect(await counts()).toEqual(before);

    const [op] = (await api(t, "GET", `/v1/vaults/${vault.id}/operations`)).body.data;
    expect((await api(other, "GET", "/v1/vaults")).body.data).toEqual([]);
    const reads = ["", "/convert?assets=1", "/preview?action=deposit&amount=1", "/limits", "/shares/balance", `/shares/allowance?spender=${t.wallet}`, "/operations", `/operations/${op.id}`];
    for (const path of reads) expect((await api(other, "GET", `/v1/vaults/${vault.id}${path}`)).status, path).toBe(404);
    const writes: [string, object][] = [
      ["deposit", { assets: "1" }], ["mint", { shares: "1" }], ["withdraw", { assets: "1" }], ["redeem", { shares: "1" }],
      ["shares/approve", { spender: t.wallet, amount: "1" }], ["shares/transfer", { to: t.wallet, amount: "1" }],
    ];
    for (const [path, body] of writes) expect((await api(other, "POST", `/v1/vaults/${vault.id}/${path}`, body)).status, path).toBe(404);
    expect((await api(t, "GET", `/v1/vaults/${vault.id}/operations/vop_nope`)).status).toBe(404);
    expect(await db.transaction.count({ where: { tenantId: other.id } })).toBe(0);
    expect(await counts()).toEqual(before);
  });
});
