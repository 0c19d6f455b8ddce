// Vaults, vesting and pausing from the console alone, checked on chain: sign up, deploy a pausable token, pause
// and resume it (paused() on chain each time), create a vault over it, deposit 1.5 tokens and withdraw part
// (totalAssets and the wallet's shares on chain), create a vesting schedule with dates and release what has
// vested (the vesting wallet's start, cliff, duration, owner and balance on chain). Each new page is looked at
// 1440 px and 375 px wide (no sideways overflow) and saved under e2e/screenshots/.
import { join } from "node:path";
import { type Page } from "@playwright/test";
import { erc20Abi, parseAbi, parseUnits, type Address } from "viem";
import { expect, test, newContext, base, expectNoHorizontalOverflow, confirmDialog, PHONE, SHOTS, WIDE, localChain, pageErrors, signUp } from "./helpers";

const url = (path: string) => `${base()}${path}`;
const DAY = 86_400;

const VAULT = parseAbi(["function totalAssets() view returns (uint256)", "function balanceOf(address) view returns (uint256)"]);
const PAUSABLE = parseAbi(["function paused() view returns (bool)"]);
const VESTING = parseAbi([
  "function start() view returns (uint256)",
  "function duration() view returns (uint256)",
  "function cliff() view returns (uint256)",
  "function owner() view returns (address)",
]);

const addressIn = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())!.match(/0x[0-9a-fA-F]{40}/)![0] as Address;

test("vaults, vesting and pausing from the console, checked on chain", async ({ browser }) => {
  const { chain } = localChain();
  // Dates typed in the form are read in the browser's zone: UTC here, so the test knows the unix seconds.
  const context = await newContext(browser, { viewport: WIDE, timezoneId: "UTC" });
  const page = await context.newPage();
  const errors = pageErrors(page);
  const paths: Record<string, string> = {};
  let wallet = "" as Address;
  let token = "" as Address;

  await test.step("sign up and deploy a pausable token", async () => {
    await signUp(page, { name: "Mona Module", company: "Modules Co", email: `modules.${Date.now()}@example.com` });
    wallet = (await page.getByTestId("wallet-address").textContent())!.trim() as Address;
    await page.goto(url("/tokens/new"));
    await page.getByLabel("Name", { exact: true }).fill("Module Dollar");
    await page.getByLabel("Symbol").fill("MODD");
    await page.getByLabel("Initial supply").fill("1000");
    await page.getByLabel("Pausable").check();
    await page.getByRole("button", { name: "Deploy token" }).click();
    await expect(page).toHaveURL(/\/tokens\/tok_[0-9a-z]+$/);
    paths.token = new URL(page.url()).pathname;
    await expect(page.locator(".page-header [data-status]")).toHaveAttribute("data-status", "deployed", { timeout: 60_000 });
    token = await addressIn(page, "token-address");
  });

  await test.step("the token page: its tab title, supply and holders", async () => {
    await expect(page).toHaveTitle(/^MODD · Tokens/);
    await expect(page.getByTestId("total-supply")).toContainText("1,000 MODD");
    await expect(page.getByTestId("holder-count")).toContainText("1 address");
  });

  await test.step("pause, then resume: paused() on chain follows", async () => {
    const panel = page.getByRole("region", { name: "Pause" });
    await expect(panel.getByTestId("paused-state")).toHaveAttribute("data-paused", "false");
    await panel.getByRole("button", { name: "Pause transfers" }).click();
    await confirmDialog(page);
    await expect(panel.getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    expect(await chain.readContract({ address: token, abi: PAUSABLE, functionName: "paused" })).toBe(true);
    await expect(panel.getByTestId("paused-state")).toHaveAttribute("data-paused", "true");
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: join(SHOTS, "modules-token-paused-mobile.png"), fullPage: true });
    await page.setViewportSize(WIDE);
    await panel.getByRole("button", { name: "Resume transfers" }).click();
    await expect(panel.getByTestId("followed")).toContainText("Resume");
    await expect(panel.getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    expect(await chain.readContract({ address: token, abi: PAUSABLE, functionName: "paused" })).toBe(false);
    await expect(panel.getByTestId("paused-state")).toHaveAttribute("data-paused", "false");
  });

  let vault = "" as Address;
  await test.step("create a vault over the token", async () => {
    await page.getByRole("navigation", { name: "Console", exact: true }).getByRole("link", { name: "Vaults" }).click();
    const form = page.getByRole("form", { name: "Create a vault" });
    await expect(form.getByLabel("Token the vault holds")).toHaveValue(paths.token.split("/").pop()!);
    await expect(form.getByLabel("Share symbol")).toHaveValue("vMODD");
    await form.getByRole("button", { name: "Create vault" }).click();
    await expect(page).toHaveURL(/\/vaults\/vlt_[0-9a-z]+$/);
    paths.vault = new URL(page.url()).pathname;
    await expect(page.locator(".page-header [data-status]")).toHaveAttribute("data-status", "active", { timeout: 60_000 });
    await expect(page).toHaveTitle(/^vMODD · Vaults/);
    vault = await addressIn(page, "vault-address");
  });

  /** The vault on chain and on its page: `assets` MODD in it, `shares` vMODD (24 decimals) held by the wallet. */
  const expectVaultHolds = async (assets: string, shares: string) => {
    expect(await chain.readContract({ address: vault, abi: VAULT, functionName: "totalAssets" })).toBe(parseUnits(assets, 18));
    expect(await chain.readContract({ address: vault, abi: VAULT, functionName: "balanceOf", args: [wallet] })).toBe(parseUnits(shares, 24));
    await expect(page.getByTestId("vault-total-assets")).toContainText(`${assets} MODD`);
  };

  await test.step("deposit 1.5 tokens, with the preview; totalAssets and the shares on chain", async () => {
    const deposit = page.getByRole("form", { name: "Deposit MODD" });
    await deposit.getByLabel("Amount (MODD)").fill("1.5");
    await expect(deposit.getByText("1500000000000000000", { exact: true })).toBeVisible();
    // The first deposit mints 10^6 shares per base unit (the decimals offset): 1.5 shares of 24 decimals.
    await expect(deposit.getByTestId("vault-deposit-preview")).toContainText("You receive about 1.5 vMODD");
    await deposit.getByRole("button", { name: "Deposit" }).click();
    await expect(deposit.getByTestId("followed")).toHaveAttribute("data-status", "succeeded", { timeout: 60_000 });
    await expectVaultHolds("1.5", "1.5");
    await expect(page.getByTestId("vault-total-shares")).toContainText("1.5 vMODD");
  });

  await test.step("withdraw part of it", async () => {
    await page.getByRole("tablist", { name: "Vault action" }).getByRole("tab", { name: "Withdraw" }).click();
    const withdraw = page.getByRole("form", { name: "Withdraw MODD" });
    await withdraw.getByLabel("Amount (MODD)").fill("0.5");
    await expect(withdraw.getByTestId("vault-withdraw-preview")).toContainText("Burns about 0.5 vMODD");
    await withdraw.getByRole("button", { name: "Withdraw" }).click();
    await expect(withdraw.getByTestId("followed")).toHaveAttribute("data-status", "succeeded", { timeout: 60_000 });
    await expectVaultHolds("1", "1");
    await expect(page.locator('tr[data-action="withdraw"]')).toHaveAttribute("data-status", "succeeded");
    // More than the shares are worth is refused in words, before anything is sent.
    await withdraw.getByLabel("Amount (MODD)").fill("5");
    await withdraw.getByRole("button", { name: "Withdraw" }).click();
    await expect(withdraw.locator(".error")).toContainText("is more than");
  });

  const beneficiary = "0x00000000000000000000000000000000000b0b01" as Address;
  await test.step("create a vesting schedule with dates; the vesting wallet on chain", async () => {
    await page.getByRole("navigation", { name: "Console", exact: true }).getByRole("link", { name: "Vesting" }).click();
    await expect(page.getByRole("heading", { name: "Vesting", level: 1 })).toBeVisible();
    const form = page.getByRole("form", { name: "Create a vesting schedule" });
    await expect(form.getByLabel("Vesting starts")).not.toHaveValue("");
    const now = Number((await chain.getBlock()).timestamp);
    const start = now - (now % 60) - 10 * DAY; // half of a 20-day schedule has vested
    const typed = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 16);
    await form.getByLabel("Beneficiary address").fill(beneficiary);
    await form.getByLabel("Amount (MODD)").fill("10");
    await form.getByLabel("Vesting starts").fill(typed(start));
    await form.getByLabel("Cliff ends").fill(typed(start + 20 * DAY + 60));
    await form.getByLabel("Fully vested").fill(typed(start + 20 * DAY));
    await form.getByRole("button", { name: "Create schedule" }).click();
    await expect(form.locator(".error")).toHaveText("The cliff must end between the start and the end.");
    await form.getByLabel("Cliff ends").fill(typed(start + DAY));
    await form.getByRole("button", { name: "Create schedule" }).click();
    await expect(page).toHaveURL(/\/vesting\/vst_[0-9a-z]+$/);
    paths.vesting = new URL(page.url()).pathname;
    await expect(page.locator(".page-header [data-status]")).toHaveAttribute("data-status", "active", { timeout: 60_000 });
    const address = await addressIn(page, "vesting-address");
    const read = (functionName: "start" | "duration" | "cliff") => chain.readContract({ address, abi: VESTING, functionName });
    expect(await read("start")).toBe(BigInt(start));
    expect(await read("duration")).toBe(BigInt(20 * DAY));
    expect(await read("cliff")).toBe(BigInt(start + DAY));
    expect((await chain.readContract({ address, abi: VESTING, functionName: "owner" })).toLowerCase()).toBe(beneficiary.toLowerCase());
    expect(await chain.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [address] })).toBe(parseUnits("10", 18));
    await expect(page.getByTestId("vesting-total")).toHaveText("10 MODD");
  });

  await test.step("release what has vested to the beneficiary", async () => {
    await page.getByRole("button", { name: /^Release / }).click();
    await expect(page.getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    const received = await chain.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [beneficiary] });
    expect(received).toBeGreaterThanOrEqual(parseUnits("5", 18)); // half of 10, and a little more as blocks pass
    expect(received).toBeLessThan(parseUnits("6", 18));
    await expect(page.getByTestId("vesting-released")).not.toHaveText("0 MODD");
  });

  await test.step("the new pages at 1440 px and 375 px", async () => {
    const storageState = await context.storageState();
    const pages = [["vaults", "/vaults"], ["vault", paths.vault], ["vesting", "/vesting"], ["vesting-schedule", paths.vesting], ["token", paths.token]];
    for (const [size, viewport] of [["desktop", WIDE], ["mobile", PHONE]] as const) {
      const ctx = await newContext(browser, { storageState, viewport, timezoneId: "UTC" });
      const p = await ctx.newPage();
      for (const [name, path] of pages) {
        await p.goto(url(path));
        await expect(p.locator("main h1").first()).toBeVisible();
        await p.waitForLoadState("networkidle");
        await expectNoHorizontalOverflow(p);
        await p.screenshot({ path: join(SHOTS, `modules-${name}-${size}.png`), fullPage: true });
      }
      await ctx.close();
    }
  });

  expect(errors, "uncaught errors in the page").toEqual([]);
  await context.close();
});
