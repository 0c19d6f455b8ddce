// The first hour without traps (issue 36), in a real browser at 1440 and 375 px: the dashboard's quickstart
// stops at the first failing step and says why (its commands run in bash against this app); a token is
// deployed with an initial supply typed in token units and 1.5 tokens are minted from the console, the
// balance read on chain; the plan's webhook-endpoint limit is one number, its usage bar calm below 80 % and
// red at 100 %, on the dashboard too.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { type Page } from "@playwright/test";
import { createPublicClient, erc20Abi, http, type Address } from "viem";
import { expect, test, newContext, api, base, expectMintedToWallet } from "./helpers";
import { startReceiver } from "@/lib/webhooks/testing/receiver";

const run = promisify(execFile);
const url = (path: string) => `${base()}${path}`;
const SIZES = [
  { name: "desktop", viewport: { width: 1440, height: 900 } },
  { name: "phone", viewport: { width: 375, height: 812 } },
];

async function signUp(page: Page, tag: string) {
  await page.goto(url("/sign-up"));
  await page.getByLabel("Your name").fill("Grace Hopper");
  await page.getByLabel("Company").fill(`First Hour ${tag}`);
  await page.getByLabel("Work email").fill(`first-hour-${tag}-${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("correct horse battery 1");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The background colour of a usage bar's fill. */
const fillColour = (page: Page, meter: string) =>
  page.locator(`[aria-label="Usage"] [data-usage="${meter}"] .usage-bar > span`).first().evaluate((el) => getComputedStyle(el).backgroundColor);

for (const size of SIZES) {
  test(`first hour at ${size.viewport.width} px`, async ({ browser }) => {
    const context = await newContext(browser, { viewport: size.viewport });
    const page = await context.newPage();
    await signUp(page, size.name);

    await test.step("the quickstart's commands stop at the first failing step and say why", async () => {
      const quickstart = page.getByRole("region", { name: "Quickstart" });
      await expect(quickstart.getByText("Each step stops with the API's message")).toBeVisible();
      const steps = await quickstart.locator("pre.code code").allTextContents();
      expect(steps.length).toBe(6);
      // No key has been created: the first command carries the placeholder, which the API refuses (401).
      const { stderr } = await run("bash", ["-c", steps.join("\n")], { timeout: 60_000 }).catch((error: { stderr: string; killed?: boolean }) => {
        if (error.killed) throw new Error("the quickstart did not stop");
        return error;
      });
      expect(stderr).toMatch(/Stopped: HTTP 401: /);
      expect(stderr).toContain("Stopped: no token id");
      expect(stderr).not.toContain("/v1/tokens/null");
    });

    let tokenPath = "";
    await test.step("deploy with an initial supply typed in token units", async () => {
      await page.goto(url("/tokens/new"));
      await page.getByLabel("Name", { exact: true }).fill("Hour Dollar");
      await page.getByLabel("Symbol").fill("HOUR");
      await page.getByLabel("Initial supply").fill("1000");
      await expect(page.getByText("1000000000000000000000", { exact: true })).toBeVisible();
      await page.getByRole("button", { name: "Deploy token" }).click();
      await expect(page).toHaveURL(/\/tokens\/tok_/);
      tokenPath = new URL(page.url()).pathname;
      await expect(page.getByTestId("token-address")).toContainText(/0x[0-9a-fA-F]{40}/, { timeout: 60_000 });
      await expect(page.getByText("1,000 HOUR", { exact: false }).first()).toBeVisible();
    });

    await test.step("mint 1.5 tokens from the console; the balance on chain grows by 1.5 × 10^18", async () => {
      const mint = page.getByRole("form", { name: "Mint HOUR" });
      await mint.getByRole("button", { name: "Use my wallet address" }).click();
      const wallet = (await mint.getByLabel("Recipient address").inputValue()) as Address;
      await mint.getByLabel("Amount (HOUR)").fill("1.5");
      await expect(mint.getByText("1500000000000000000", { exact: true })).toBeVisible();
      // More decimals than the token has is refused in words, before anything is sent.
      await mint.getByLabel("Amount (HOUR)").fill("0.0000000000000000001");
      await mint.getByLabel("Amount (HOUR)").blur();
      await expect(mint.getByText("This token has 18 decimals: at most 18 digits after the point.")).toBeVisible();
      await mint.getByLabel("Amount (HOUR)").fill("1.5");
      await mint.getByRole("button", { name: "Mint" }).click();
      await expect(mint.getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
      await expectMintedToWallet(page, "1,001.5 HOUR");
      const rpc = process.env.E2E_CHAIN_RPC_URL;
      if (rpc) {
        const address = (await page.getByTestId("token-address").locator("code, .mono").first().textContent())?.match(/0x[0-9a-fA-F]{40}/)?.[0] as Address;
        const chain = createPublicClient({ transport: http(rpc) });
        expect(await chain.readContract({ address, abi: erc20Abi, functionName: "balanceOf", args: [wallet] })).toBe(1_001_500_000_000_000_000_000n);
      }
      expect(tokenPath).toMatch(/^\/tokens\/tok_/);
    });

    await test.step("one webhook-endpoint limit, the plan's; bars calm below 80 % and red at 100 %, on the dashboard too", async () => {
      await page.goto(url("/keys"));
      await page.getByLabel("Key name").fill("Limits");
      await page.getByRole("button", { name: "Create key" }).click();
      const secret = (await page.getByTestId("secret-value").textContent())!;
      const receiver = await startReceiver();
      try {
        const add = () => api("POST", "/v1/webhook_endpoints", secret, { url: receiver.url, events: ["token.deployed"] });
        for (let i = 0; i < 2; i++) expect((await add()).status).toBe(201);
        await page.goto(url("/webhooks"));
        await expect(page.locator("[data-endpoint-limit]")).toHaveText(/^2 of 3 on the Free plan/);
        await page.goto(url("/billing"));
        await expect(page.locator('[data-usage="webhook_endpoints"]')).toHaveAttribute("data-level", "ok");
        await expect(page.locator('[data-usage="webhook_endpoints"]')).toContainText("2 / 3");
        const calm = await fillColour(page, "webhook_endpoints");
        expect((await add()).status).toBe(201);
        const refused = await add();
        expect(refused.status).toBe(402);
        await page.goto(url("/dashboard"));
        const meter = page.locator('[aria-label="Usage"] [data-usage="webhook_endpoints"]');
        await expect(meter).toHaveAttribute("data-level", "full");
        await expect(meter).toContainText("3 / 3 — limit reached");
        const red = await fillColour(page, "webhook_endpoints");
        expect(red).not.toBe(calm);
        expect(red).toBe("rgb(192, 18, 60)"); // --danger
        await page.goto(url("/webhooks"));
        await expect(page.locator("[data-endpoint-limit]")).toHaveAttribute("data-level", "full");
        await expect(page.locator("[data-endpoint-limit]")).toContainText("3 of 3 on the Free plan");
      } finally {
        await receiver.close();
      }
    });
    await context.close();
  });
}
