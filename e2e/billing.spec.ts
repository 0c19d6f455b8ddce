// Crypto checkout in the console: a tenant on the free plan asks for the Growth plan in USDC, the page shows the
// deposit address, the amount and a QR code; the test pays on the local chain from a funded local account (its
// USDC was minted at chain start), and the page turns to "succeeded" with Growth as the current plan, with no
// manual step in between.
import { expect, test, api, signIn } from "./helpers";
import { createWalletClient, defineChain, erc20Abi, http, publicActions, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { LOCAL_CHAIN_ID, localAccounts } from "@/lib/chain/local/accounts";

test("a crypto payment in USDC, paid on the local chain, activates the plan", async ({ page }) => {
  const rpc = process.env.E2E_CHAIN_RPC_URL;
  test.skip(!rpc, "needs the app's local chain (E2E_CHAIN_RPC_URL)");
  const email = `billing.${Date.now()}@example.com`;
  const password = "correct horse 1";
  let token = "";

  await test.step("a new tenant is on the free plan", async () => {
    const reg = await api("POST", "/auth/register", null, { email, password, company_name: "Billing Co", full_name: "Ada" });
    expect(reg.status).toBe(201);
    token = reg.body.access_token;
    await signIn(page, "/billing", email, password);
    await expect(page.getByRole("heading", { name: /Current plan: Free/ })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Console", exact: true }).getByRole("link", { name: "Billing" })).toHaveAttribute("aria-current", "page");
  });

  let deposit = "";
  let amount = 0n;
  let tokenAddress = "";
  await test.step("ask for Growth in USDC: deposit address, amount, expiry and QR code", async () => {
    const growth = page.getByRole("article", { name: "Growth plan" });
    await growth.getByLabel("Stablecoin").selectOption("USDC");
    await growth.getByLabel("Network").selectOption("polygon_amoy");
    await growth.getByRole("button", { name: "Pay with crypto" }).click();
    await expect(page).toHaveURL(/\/billing\?payment=pay_/);
    const card = page.locator("[data-crypto-payment]");
    await expect(card).toHaveAttribute("data-status", "pending");
    deposit = (await card.locator("[data-deposit-address]").getAttribute("data-deposit-address"))!;
    expect(deposit).toMatch(/^0x[0-9a-fA-F]{40}$/);
    amount = BigInt((await card.locator("[data-amount-due]").getAttribute("data-amount-due"))!);
    expect(amount).toBe(99_000_000n);
    await expect(card.getByText("99.00 USDC", { exact: true })).toBeVisible();
    await expect(card.getByRole("img", { name: /QR code of the payment: ethereum:0x/ })).toBeVisible();
    await expect(card.getByText("Expires")).toBeVisible();
    const id = new URL(page.url()).searchParams.get("payment")!;
    const status = await api("GET", `/v1/billing/crypto_checkout/${id}`, token);
    expect(status.body).toMatchObject({ deposit_address: deposit, status: "pending", amount_due: "99000000" });
    tokenAddress = status.body.token_address;
  });

  await test.step("pay from a funded local account: the page shows the payment succeeded and the plan changed", async () => {
    const chain = defineChain({ id: LOCAL_CHAIN_ID, name: "local", nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpc!] } } });
    const wallet = createWalletClient({ account: privateKeyToAccount(localAccounts()[0].privateKey), chain, transport: http(rpc) }).extend(publicActions);
    expect(await wallet.readContract({ address: tokenAddress as Address, abi: erc20Abi, functionName: "balanceOf", args: [wallet.account.address] })).toBeGreaterThanOrEqual(amount);
    const hash = await wallet.writeContract({ address: tokenAddress as Address, abi: erc20Abi, functionName: "transfer", args: [deposit as Address, amount] });
    expect((await wallet.waitForTransactionReceipt({ hash })).status).toBe("success");
    const card = page.locator("[data-crypto-payment]");
    await expect(card).toHaveAttribute("data-status", "succeeded", { timeout: 120_000 });
    await expect(page.getByRole("heading", { name: /Current plan: Growth/ })).toBeVisible();
    await expect(page.locator("[data-payment]").first().locator("[data-status]")).toHaveAttribute("data-status", "succeeded");
  });

  await test.step("the page fits a phone and every control has a label", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(page.getByRole("heading", { name: /Current plan: Growth/ })).toBeVisible();
    const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
    expect(scroll, "page wider than the viewport").toBeLessThanOrEqual(width + 1);
    const unlabelled = await page.$$eval("input:not([type=hidden]), select, textarea", (els) =>
      els.filter((el) => (el as HTMLElement).offsetParent !== null && !((el as HTMLInputElement).labels?.length || el.getAttribute("aria-label"))).map((el) => el.outerHTML.slice(0, 120)),
    );
    expect(unlabelled).toEqual([]);
  });
});
