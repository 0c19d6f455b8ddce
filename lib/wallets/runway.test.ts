// Wallet runway and wallet.low_balance on a chain the test drives: the wallet spends gas on real deployments,
// GET /v1/wallets shows balance, the last 24 h's spend and the runway; the alert fires once when the runway
// falls below the tenant's threshold, not again while it stays low, and again only after a top-up re-armed it.
import { describe, expect, it } from "vitest";
import { encodeDeployData, parseGwei, type Address } from "viem";
import { db } from "@/lib/db";
import { call, newTenant } from "@/test/client";
import { privateBaseSepolia } from "@/test/private-chain";
import { artifact } from "@/lib/chain/artifacts";
import { recordChainWrite } from "@/lib/chain/intake";
import { runWallet } from "@/lib/chain/eoa/run";
import { tenantWallet } from "@/lib/chain/eoa/wallets";
import { checkWalletRunways } from "./alerts";

const hex = (n: bigint) => `0x${n.toString(16)}`;
const { rpc } = privateBaseSepolia();
const PlatformERC20 = artifact("PlatformERC20");

describe("wallet runway", () => {
  it("spending lowers the runway; wallet.low_balance fires once below the threshold, and again only after a top-up", { timeout: 120_000 }, async () => {
    const t = await newTenant();
    const wallet = await tenantWallet(t.auth.tenant.id, false);
    const key = { from: wallet.address, chainKey: "base_sepolia" };
    const setBalance = (wei: bigint) => rpc("hardhat_setBalance", [wallet.address, hex(wei)]);
    const lowEvents = () => db.event.findMany({ where: { tenantId: t.auth.tenant.id, type: "wallet.low_balance" }, orderBy: { id: "asc" } });
    const onBaseSepolia = async () => {
      const answer = await call("GET", "/v1/wallets", { token: t.apiKey });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toHaveLength(1);
      expect(answer.body.data[0]).toMatchObject({ object: "wallet", address: wallet.address, livemode: false });
      return answer.body.data[0].networks.find((n: { network: string }) => n.network === "base_sepolia");
    };
    /** Deploys a token from the wallet (real gas spent); returns what it cost (gas used × effective price). */
    const spend = async (symbol: string) => {
      const record = await recordChainWrite({
        tenantId: t.auth.tenant.id, livemode: false, network: "base_sepolia", kind: "token.deploy", request: {},
        data: encodeDeployData({ abi: PlatformERC20.abi, bytecode: PlatformERC20.bytecode, args: [symbol, symbol, 18, 0n, wallet.address as Address, { mintable: true, burnable: false, pausable: false }] } as never),
      });
      await runWallet(key, "base_sepolia", 300);
      await rpc("hardhat_setNextBlockBaseFeePerGas", [hex(parseGwei("1"))]);
      await rpc("evm_mine");
      await runWallet(key, "base_sepolia", 300);
      const done = await db.transaction.findUniqueOrThrow({ where: { id: record.id } });
      expect(done.status).toBe("confirmed");
      const receipt = await rpc("eth_getTransactionReceipt", [done.hash]);
      return BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
    };

    expect((await call("GET", "/v1/settings/wallet-alerts", { token: t.apiKey })).body).toMatchObject({ low_balance_runway_days: 3 });
    const set = await call("PUT", "/v1/settings/wallet-alerts", { token: t.apiKey, body: { low_balance_runway_days: 2 } });
    expect(set.body).toEqual({ object: "wallet_alert_settings", low_balance_runway_days: 2, livemode: false });
    expect((await call("PUT", "/v1/settings/wallet-alerts", { token: t.apiKey, body: { low_balance_runway_days: -1 } })).status).toBe(400);

    // No spend yet: no runway.
    await setBalance(10n ** 18n);
    expect(await onBaseSepolia()).toMatchObject({ spend_24h: "0", runway_days: null, low_balance: false });

    // One deployment: a day's spend is its cost; the balance lasts far longer than 2 days.
    const first = await spend("ONE");
    let shown = await onBaseSepolia();
    expect(shown.spend_24h).toBe(first.toString());
    expect(BigInt(shown.balance)).toBe(10n ** 18n - first);
    expect(shown.runway_days).toBeGreaterThan(2);
    expect(shown.low_balance).toBe(false);
    await checkWalletRunways();
    expect(await lowEvents()).toHaveLength(0);

    // The wallet holds 3.5 deployments' worth and spends one more: about 2.5 left at 2 a day.
    await setBalance((first * 7n) / 2n);
    const second = await spend("TWO");
    shown = await onBaseSepolia();
    expect(shown.spend_24h).toBe((first + second).toString());
    expect(shown.runway_days).toBeLessThan(2);
    expect(shown.low_balance).toBe(true);
    await checkWalletRunways();
    await checkWalletRunways(); // still low: no second event
    const events = await lowEvents();
    expect(events).toHaveLength(1);
    expect((events[0].data as any).object).toMatchObject({
      object: "wallet_runway", address: wallet.address, network: "base_sepolia", spend_24h: (first + second).toString(), low_balance_runway_days: 2,
    });
    expect((events[0].data as any).object.runway_days).toBeLessThan(2);

    // A top-up raises it above the threshold (re-armed, no event); falling below again fires again.
    await setBalance(first * 100n);
    await checkWalletRunways();
    expect(await lowEvents()).toHaveLength(1);
    expect((await onBaseSepolia()).low_balance).toBe(false);
    await setBalance(first);
    await checkWalletRunways();
    expect(await lowEvents()).toHaveLength(2);

    // Turned off: no alert however low.
    await call("PUT", "/v1/settings/wallet-alerts", { token: t.apiKey, body: { low_balance_runway_days: null } });
    await setBalance(first * 100n);
    await checkWalletRunways();
    await setBalance(1n);
    await checkWalletRunways();
    expect(await lowEvents()).toHaveLength(2);
  });

  it("another tenant's wallets and settings are its own", async () => {
    const [a, b] = await Promise.all([newTenant(), newTenant()]);
    await call("PUT", "/v1/settings/wallet-alerts", { token: a.apiKey, body: { low_balance_runway_days: 10 } });
    expect((await call("GET", "/v1/settings/wallet-alerts", { token: b.apiKey })).body.low_balance_runway_days).toBe(3);
    const [wa, wb] = await Promise.all([call("GET", "/v1/wallets", { token: a.apiKey }), call("GET", "/v1/wallets", { token: b.apiKey })]);
    expect(wa.body.data[0].address).toBe((await tenantWallet(a.auth.tenant.id, false)).address);
    expect(wb.body.data[0].address).toBe((await tenantWallet(b.auth.tenant.id, false)).address);
    expect(wa.body.data[0].address).not.toBe(wb.body.data[0].address);
  });
});
