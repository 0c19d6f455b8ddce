// The console in a real browser, against `next build && next start` on the embedded defaults:
// sign up → create key → deploy a token → see it become deployed → mint → see the balance and the
// transaction → create a webhook endpoint pointed at a local receiver → see its delivery succeed.
// Every page is saved at desktop and mobile width under e2e/screenshots/.
import { join } from "node:path";
import { type Browser, type Page } from "@playwright/test";
import { expect, test, newContext, base, expectNoHorizontalOverflow, confirmDialog, SHOTS, pageErrors, expectMintedToWallet } from "./helpers";
import { Webhook } from "standardwebhooks";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";

const url = (path: string) => `${base()}${path}`;

/** A JSON-RPC call to the app's local chain (Hardhat EDR), when the test knows where it is. */
async function chainRpc(method: string, params: unknown[] = []) {
  const rpc = process.env.E2E_CHAIN_RPC_URL;
  if (!rpc) return false;
  const res = await fetch(rpc, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await res.json()) as { error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return true;
}

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 375, height: 812 };

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Every visible form control has an accessible name (a label, or aria-label). */
async function expectLabelledControls(page: Page) {
  const unlabelled = await page.$$eval("input:not([type=hidden]), select, textarea", (els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => !((el as HTMLInputElement).labels?.length || el.getAttribute("aria-label") || el.getAttribute("aria-labelledby")))
      .map((el) => el.outerHTML.slice(0, 120)),
  );
  expect(unlabelled, "form controls without a label").toEqual([]);
}

const email = `ada.${Date.now()}@example.com`;
const password = "correct horse 1";
let receiver: Receiver;

test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async () => {
  await receiver?.close();
});

test("the reference flow in the console", async ({ browser }) => {
  const context = await newContext(browser, { viewport: DESKTOP });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base() });
  const page = await context.newPage();
  const errors = pageErrors(page);

  await test.step("landing, and protected pages send you to sign-in", async () => {
    await page.goto(url("/"));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Tokens on any EVM network");
    await shot(page, "landing-desktop");
    await page.goto(url("/tokens"));
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Ftokens$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await shot(page, "sign-in-desktop");
  });

  await test.step("sign up, with the validation of /auth/register", async () => {
    await page.goto(url("/sign-up"));
    await expectLabelledControls(page);
    await page.getByLabel("Your name").fill("Ada Lovelace");
    await page.getByLabel("Company").fill("Analytical Engines");
    await page.getByLabel("Work email").fill(email);
    await page.getByLabel("Password").fill("short");
    await page.getByLabel("Password").blur();
    await expect(page.getByText("Must be at least 10 characters.")).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
    await shot(page, "sign-up-desktop");
    await page.getByLabel("Password").fill(password);
    await page.getByLabel("Password").blur();
    await expect(page.getByText("Must be at least 10 characters.")).toBeHidden();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Welcome, Ada" })).toBeVisible();
    await expect(page.getByRole("switch", { name: "Live mode" })).toHaveAttribute("aria-checked", "false");
  });

  let secret = "";
  await test.step("create an API key: its secret is shown once, copies, and works", async () => {
    await page.getByRole("navigation", { name: "Console", exact: true }).getByRole("link", { name: "API keys" }).click();
    await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
    await expect(page.getByText("No API keys yet")).toBeVisible();
    await expectLabelledControls(page);
    await page.getByLabel("Key name").fill("E2E server");
    await page.getByRole("button", { name: "Create key" }).click();
    const value = page.getByTestId("secret-value");
    await expect(value).toHaveText(/^sk_test_[0-9A-Za-z]{32}$/);
    secret = (await value.textContent())!;
    await expect(page.getByText("This is the only time it is shown", { exact: false })).toBeVisible();
    await page.getByRole("region", { name: /Secret of/ }).getByRole("button", { name: "Copy" }).first().click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const row = page.locator("tr", { hasText: "E2E server" });
    await expect(row).toContainText("Test");
    await shot(page, "keys-secret-desktop");
    const res = await fetch(url("/v1/networks"), { headers: { authorization: `Bearer ${secret}` } });
    expect(res.status).toBe(200);
    await page.getByRole("button", { name: "I have saved it" }).click();
    await page.reload();
    await expect(page.locator("tr", { hasText: "E2E server" })).toBeVisible();
    expect(await page.content()).not.toContain(secret);
  });

  await test.step("rotate a key at once, revoke another", async () => {
    await page.getByLabel("Key name").fill("Rotating");
    await page.getByRole("button", { name: "Create key" }).click();
    const old = (await page.getByTestId("secret-value").textContent())!;
    await page.getByRole("button", { name: "I have saved it" }).click();
    const row = page.locator("tr", { hasText: "Rotating" });
    await row.getByRole("button", { name: "Rotate" }).click();
    await row.getByLabel("The old secret keeps working for").selectOption("0");
    await row.getByRole("button", { name: "Rotate secret" }).click();
    const fresh = page.getByRole("region", { name: "New secret of “Rotating”" }).getByTestId("secret-value");
    await expect(fresh).toHaveText(/^sk_test_/);
    const rotated = (await fresh.textContent())!;
    expect(rotated).not.toBe(old);
    const status = async (key: string) => (await fetch(url("/v1/networks"), { headers: { authorization: `Bearer ${key}` } })).status;
    expect(await status(old)).toBe(401);
    expect(await status(rotated)).toBe(200);
    await row.getByRole("button", { name: "Revoke Rotating" }).click();
    await confirmDialog(page);
    await expect(row.locator('[data-status="revoked"]').first()).toBeAttached();
    expect(await status(rotated)).toBe(401);
  });

  await test.step("the quickstart panel carries a real test key", async () => {
    await page.getByRole("navigation", { name: "Console", exact: true }).getByRole("link", { name: "Home" }).click();
    await page.getByRole("button", { name: "Create a quickstart test key" }).click();
    const first = page.getByRole("region", { name: "Quickstart" }).locator("pre").first();
    await expect(first).toContainText(/export SK='sk_test_[0-9A-Za-z]{32}'/);
    const key = /sk_test_[0-9A-Za-z]{32}/.exec((await first.textContent())!)![0];
    expect((await fetch(url("/v1/networks"), { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    await expect(page.getByRole("region", { name: "Quickstart" })).toContainText((await page.getByTestId("wallet-address").textContent())!);
  });

  let tokenPath = "";
  await test.step("deploy a token and watch it become deployed without a reload", async () => {
    await page.goto(url("/tokens"));
    await expect(page.getByText("No test tokens yet")).toBeVisible();
    await shot(page, "tokens-empty-desktop");
    await page.getByRole("link", { name: "Deploy your first token" }).click();
    await expect(page.getByRole("heading", { name: "Deploy a token" })).toBeVisible();
    await expectLabelledControls(page);
    await page.getByLabel("Name", { exact: true }).fill("E2E Dollar");
    await page.getByLabel("Symbol").fill("E2ED");
    await expect(page.getByLabel("Network")).toHaveValue("polygon_amoy");
    // Amounts are typed in token units; the hint shows the smallest unit the API receives.
    await page.getByLabel("Initial supply").fill("1000");
    await expect(page.getByText("1000000000000000000000", { exact: true })).toBeVisible();
    await page.getByLabel("Decimals").fill("40");
    await page.getByLabel("Decimals").blur();
    await expect(page.getByText("Must be at most 36.")).toBeVisible();
    await page.getByLabel("Decimals").fill("18");
    await page.getByLabel("Decimals").blur();
    await expect(page.getByText("Must be at most 36.")).toBeHidden();
    // The local chain mines each transaction at once; like a real network, it now waits for blocks
    // until the page has been seen in `deploying`.
    const holding = await chainRpc("evm_setAutomine", [false]);
    await page.getByRole("button", { name: "Deploy token" }).click();
    await expect(page).toHaveURL(/\/tokens\/tok_[0-9a-z]+$/);
    tokenPath = new URL(page.url()).pathname;
    const badge = page.locator(".page-header [data-status]");
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    if (holding) {
      await expect(badge).toHaveAttribute("data-status", "deploying");
      await expect(page.getByText("This page updates by itself")).toBeVisible();
      await shot(page, "token-deploying-desktop");
      await page.waitForTimeout(1500); // a few polls of the page while nothing changes
      await chainRpc("evm_setAutomine", [true]);
      await chainRpc("evm_mine");
    }
    await expect(badge).toHaveAttribute("data-status", "deployed", { timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await expect(page.getByTestId("token-address")).toContainText(/0x[0-9a-fA-F]{40}/);
    await expect(page.getByTestId("token-address")).toContainText("No block explorer");
  });

  await test.step("mint, then see the transaction confirm and the balance", async () => {
    const mint = page.getByRole("form", { name: "Mint E2ED" });
    await mint.getByRole("button", { name: "Use my wallet address" }).click();
    await mint.getByLabel("Amount (E2ED)").fill("500");
    await expect(mint.getByText("500000000000000000000", { exact: true })).toBeVisible();
    await mint.getByRole("button", { name: "Mint" }).click();
    // The notice follows the transaction until it is final, then the page's supply reads the mint, without a reload.
    await expect(mint.getByTestId("followed")).toContainText(/Mint tx_/);
    await expect(mint.getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    await expectMintedToWallet(page, "1,500 E2ED");
    await shot(page, "token-deployed-desktop");
  });

  const other = "0x1111111111111111111111111111111111111111";
  await test.step("transfer, burn and grant a role", async () => {
    const tabs = page.getByRole("tablist", { name: "Operation" });
    await tabs.getByRole("tab", { name: "Transfer" }).click();
    const transfer = page.getByRole("form", { name: "Transfer E2ED" });
    await transfer.getByLabel("To address").fill(other);
    await transfer.getByLabel("Amount (E2ED)").fill("100");
    await transfer.getByRole("button", { name: "Transfer" }).click();
    await expect(transfer.getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    await tabs.getByRole("tab", { name: "Burn" }).click();
    const burn = page.getByRole("form", { name: "Burn E2ED" });
    await burn.getByLabel("Amount (E2ED)").fill("50");
    await burn.getByRole("button", { name: "Burn" }).click();
    await expect(burn.getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    await expect(page.getByTestId("total-supply")).toContainText("1,450 E2ED");
    const roles = page.getByRole("form", { name: "Grant or revoke a role" });
    await roles.getByLabel("Address").fill(other);
    await roles.getByRole("button", { name: "Grant role" }).click();
    for (const kind of ["token.transfer", "token.burn", "role.grant"]) {
      await expect(page.locator(`tr[data-kind="${kind}"]`)).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    }
    const balance = page.getByRole("form", { name: "Balance lookup" });
    await balance.getByRole("button", { name: "Use my wallet address" }).click();
    await balance.getByRole("button", { name: "Check balance" }).click();
    await expect(page.getByTestId("balance-value")).toHaveText("1,350 E2ED");
    await balance.getByLabel("Holder address").fill(other);
    await balance.getByRole("button", { name: "Check balance" }).click();
    await expect(page.getByTestId("balance-value")).toHaveText("100 E2ED");
    const minters = page.getByRole("region", { name: "Roles" }).locator("tr", { hasText: "MINTER_ROLE" });
    await expect(minters).toContainText("0x111111…111111");
  });

  await test.step("the transaction in the list and on its page", async () => {
    await page.getByRole("navigation", { name: "Console", exact: true }).getByRole("link", { name: "Transactions" }).click();
    const row = page.locator('tr[data-kind="token.mint"]');
    await expect(row).toHaveAttribute("data-status", "confirmed");
    await expect(row.getByTestId("confirmations")).toHaveText(/^[1-9]\d*$/);
    await expect(page.locator('tr[data-kind="token.deploy"]')).toHaveAttribute("data-status", "confirmed");
    await row.getByRole("link", { name: "Mint", exact: true }).click();
    await expect(page).toHaveURL(/\/transactions\/tx_/);
    await expect(page.locator(".page-header [data-status]")).toHaveAttribute("data-status", "confirmed");
    await expect(page.getByText(/0x[0-9a-f]{64}/).first()).toBeVisible();
    await expect(page.getByText('"amount": "500000000000000000000"')).toBeVisible();
  });

  let endpointSecret = "";
  await test.step("a webhook endpoint on a local receiver, a test event, a successful delivery", async () => {
    await page.getByRole("navigation", { name: "Console", exact: true }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByText("No endpoints yet")).toBeVisible();
    await expectLabelledControls(page);
    await page.getByLabel("Endpoint URL").fill(receiver.url);
    await page.getByLabel("Description (optional)").fill("E2E receiver");
    await expect(page.getByLabel("All events")).toBeChecked();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByTestId("secret-value")).toHaveText(/^whsec_/);
    endpointSecret = (await page.getByTestId("secret-value").textContent())!;
    await expect(page.locator("tr", { hasText: receiver.url })).toBeVisible();
    await shot(page, "webhooks-secret-desktop");
    await page.getByRole("link", { name: "Open the endpoint" }).click();
    await expect(page).toHaveURL(/\/webhooks\/we_/);
    await expect(page.getByText("No deliveries yet")).toBeVisible();
    await page.getByRole("button", { name: "Send test event" }).click();
    const delivery = page.locator('tr[data-event-type="webhook_endpoint.test"]');
    await expect(delivery).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
    await expect(delivery.getByTestId("response-status")).toContainText("200");
    const [got] = await receiver.waitFor(1, (r) => r.body.includes("webhook_endpoint.test"));
    const payload = new Webhook(endpointSecret).verify(got.body, got.headers as Record<string, string>) as { type: string };
    expect(payload.type).toBe("webhook_endpoint.test");

    // Editing keeps the endpoint; disabling and enabling are one click each.
    await page.getByLabel("Description").fill("E2E receiver (edited)");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Saved.")).toBeVisible();
    await page.getByRole("button", { name: "Disable" }).click();
    await expect(page.locator(".page-header [data-status]")).toHaveAttribute("data-status", "disabled");
    await page.getByRole("button", { name: "Enable" }).click();
    await expect(page.locator(".page-header [data-status]")).toHaveAttribute("data-status", "enabled");

    // The manual retry sends it again and counts the attempt.
    await delivery.getByRole("button", { name: /Retry delivery/ }).click();
    await expect(delivery.locator("td").nth(3)).toHaveText("2");
    await receiver.waitFor(2, (r) => r.body.includes("webhook_endpoint.test"));
    await shot(page, "webhook-detail-desktop");
  });

  await test.step("analytics for 7, 30 and 90 days", async () => {
    await page.getByRole("navigation", { name: "Console", exact: true }).getByRole("link", { name: "Analytics" }).click();
    for (const period of ["7 days", "90 days", "30 days"]) {
      await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: period }).click();
      await expect(page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: period })).toHaveAttribute("aria-current", "page");
    }
    await expect(page.locator(".recharts-surface").first()).toBeVisible();
    await expect(page.locator(".stat", { hasText: "Tokens created" }).locator(".value")).toHaveText("1");
  });

  await test.step("features: turn a flag on, configure it (the schema refuses a bad value), and off again", async () => {
    await page.getByRole("navigation", { name: "Console", exact: true }).getByRole("link", { name: "Features" }).click();
    const flag = page.locator('[data-feature="confidential_decrypt"]');
    await expect(flag.locator("[data-status]")).toHaveAttribute("data-status", "disabled");
    await flag.getByRole("button", { name: "Enable confidential_decrypt" }).click();
    await expect(flag.locator("[data-status]")).toHaveAttribute("data-status", "enabled");
    const config = flag.getByLabel("Configuration of confidential_decrypt (JSON)");
    await config.fill('{"gateway_signer": "nope"}');
    await flag.getByRole("button", { name: "Save configuration" }).click();
    await expect(flag.getByRole("alert")).toContainText("gateway_signer");
    await config.fill('{"gateway_signer": "0x00000000000000000000000000000000000fEa01", "request_ttl_seconds": 600}');
    await flag.getByRole("button", { name: "Save configuration" }).click();
    await expect(flag.getByText("Saved.")).toBeVisible();
    await page.reload();
    await expect(flag.getByLabel("Configuration of confidential_decrypt (JSON)")).toHaveValue(/"request_ttl_seconds": 600/);
    await flag.getByRole("button", { name: "Disable confidential_decrypt" }).click();
    await expect(flag.locator("[data-status]")).toHaveAttribute("data-status", "disabled");
  });

  await test.step("the test/live switch scopes what the console shows", async () => {
    await page.goto(url("/tokens"));
    await expect(page.getByRole("link", { name: "E2E Dollar" })).toBeVisible();
    await page.getByRole("switch", { name: "Live mode" }).click();
    await expect(page.getByRole("switch", { name: "Live mode" })).toHaveAttribute("aria-checked", "true");
    await expect(page.getByText("No live tokens yet")).toBeVisible();
    await expect(page.locator(".test-strip")).toHaveCount(0);
    await page.getByRole("switch", { name: "Live mode" }).click();
    await expect(page.getByRole("link", { name: "E2E Dollar" })).toBeVisible();
  });

  await test.step("sign out and back in", async () => {
    await page.getByRole("button", { name: "Sign out" }).first().click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto(url(tokenPath));
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong password 1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Incorrect email or password.")).toBeVisible();
    // By keyboard only: the password field, then Enter submits.
    await page.getByLabel("Password").focus();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(password);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${tokenPath}$`));
  });

  await test.step("every page at desktop and mobile width", async () => {
    const state = await context.storageState();
    await screenshotEveryPage(browser, state, page.url());
  });

  expect(errors, "uncaught errors in the page").toEqual([]);
  await context.close();
});

test("the settings page: CORS origins saved and shown back, at desktop and mobile width; connect mode signed in a wallet", async ({ browser }) => {
  const context = await newContext(browser, { viewport: DESKTOP });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await page.goto(url("/sign-up"));
  await page.getByLabel("Your name").fill("Grace Hopper");
  await page.getByLabel("Company").fill("Settings Co");
  await page.getByLabel("Work email").fill(`grace.${Date.now()}@example.com`);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const origins = page.getByLabel("Allowed origins", { exact: true });
  await test.step("desktop: edit the CORS origins, see a bad one named, save, see them back", async () => {
    await page.getByRole("navigation", { name: "Console", exact: true }).getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    for (const name of ["Wallet mode", "CORS", "OAuth", "Passkeys"]) await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
    await expect(page.getByTestId("wallet-mode").locator("[data-mode]")).toHaveAttribute("data-mode", "custodial");
    await expectLabelledControls(page);
    await expect(origins).toHaveValue("");
    await origins.fill("https://app.example.com/\nftp://files.example.com");
    await page.getByRole("button", { name: "Save origins" }).click();
    await expect(page.getByText('"ftp://files.example.com": must be an origin', { exact: false })).toBeVisible();
    await expect(origins).toHaveAttribute("aria-invalid", "true");
    await origins.fill("https://app.example.com/\nhttp://localhost:3000");
    await page.getByRole("button", { name: "Save origins" }).click();
    await expect(page.getByRole("form", { name: "CORS origins" }).getByText("Saved.")).toBeVisible();
    // Answered normalised (the API's origin form), and still there after a reload.
    await expect(origins).toHaveValue("https://app.example.com\nhttp://localhost:3000");
    await page.reload();
    await expect(origins).toHaveValue("https://app.example.com\nhttp://localhost:3000");
    // Another group's save leaves the origins alone.
    await page.getByLabel("Relying-party id").fill("example.com");
    await page.getByRole("button", { name: "Save passkey settings" }).click();
    await expect(page.getByRole("form", { name: "Passkey relying party" }).getByText("Saved.")).toBeVisible();
    await page.reload();
    await expect(origins).toHaveValue("https://app.example.com\nhttp://localhost:3000");
    await expect(page.getByLabel("Relying-party id")).toHaveValue("example.com");
    await expectNoHorizontalOverflow(page);
    await shot(page, "settings-saved-desktop");
  });

  await test.step("mobile: the same page fits, and saves", async () => {
    const mobile = await newContext(browser, { viewport: MOBILE, storageState: await context.storageState() });
    const small = await mobile.newPage();
    small.on("pageerror", (e) => errors.push(e.message));
    await small.goto(url("/settings"));
    await expect(small.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await expectNoHorizontalOverflow(small);
    const field = small.getByLabel("Allowed origins", { exact: true });
    await expect(field).toHaveValue("https://app.example.com\nhttp://localhost:3000");
    await field.fill("https://app.example.com\nhttps://m.example.com:8443");
    await small.getByRole("button", { name: "Save origins" }).click();
    await expect(small.getByRole("form", { name: "CORS origins" }).getByText("Saved.")).toBeVisible();
    await small.reload();
    await expect(field).toHaveValue("https://app.example.com\nhttps://m.example.com:8443");
    await expectNoHorizontalOverflow(small);
    await shot(small, "settings-mobile");
    await mobile.close();
  });

  const chain = process.env.E2E_CHAIN_RPC_URL;
  // Needs the app's local chain (E2E_CHAIN_RPC_URL, set when the global setup starts the app) as the wallet's signer.
  if (chain) await test.step("connect mode: the typed data shown, signed by a browser wallet, switches; custodial again in one click", async () => {
    // The wallet: an EIP-1193 provider whose signer is an unlocked account of the local chain.
    await page.exposeFunction("__walletRpc", async (method: string, params: unknown[]) => {
      const res = await fetch(chain!, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: method === "eth_requestAccounts" ? "eth_accounts" : method, params }) });
      const body = (await res.json()) as { result?: unknown; error?: { message: string } };
      if (body.error) throw new Error(body.error.message);
      return body.result;
    });
    await page.addInitScript(() => {
      const rpc = (window as unknown as { __walletRpc: (m: string, p: unknown[]) => Promise<unknown> }).__walletRpc;
      (window as unknown as { ethereum: unknown }).ethereum = { request: ({ method, params = [] }: { method: string; params?: unknown[] }) => rpc(method, params) };
    });
    const accounts = (await (await fetch(chain!, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_accounts", params: [] }) })).json()) as { result: string[] };
    const owner = accounts.result[0];
    await page.reload();
    await page.getByLabel("Owner address").fill("0x1234");
    await page.getByRole("button", { name: "Prepare the message to sign" }).click();
    await expect(page.getByRole("form", { name: "Owner to prove" }).locator(".error")).toHaveText(/^Must be a 0x-prefixed address/);
    await page.getByLabel("Owner address").fill(owner);
    await page.getByRole("button", { name: "Prepare the message to sign" }).click();
    await expect(page.getByLabel("ConnectOwner typed data (eth_signTypedData_v4)")).toContainText('"primaryType": "ConnectOwner"');
    await expectLabelledControls(page);
    await shot(page, "settings-owner-proof-desktop");
    await page.getByRole("button", { name: "Sign with browser wallet" }).click();
    await expect(page.getByLabel("Owner's signature")).toHaveValue(/^0x[0-9a-f]{130}$/);
    await page.getByRole("button", { name: "Switch to connect mode" }).click();
    await expect(page.getByTestId("wallet-mode").locator("[data-mode]")).toHaveAttribute("data-mode", "connect");
    await expect(page.getByTestId("wallet-mode")).toContainText(/0x[0-9a-fA-F]{40}/);
    await page.getByRole("button", { name: "Switch to custodial" }).click();
    await confirmDialog(page);
    await expect(page.getByTestId("wallet-mode").locator("[data-mode]")).toHaveAttribute("data-mode", "custodial");
    await expect(page.getByLabel("Allowed origins", { exact: true })).toHaveValue("https://app.example.com\nhttps://m.example.com:8443");
  });

  expect(errors, "uncaught errors in the page").toEqual([]);
  await context.close();
});

async function screenshotEveryPage(browser: Browser, storageState: Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>, tokenUrl: string) {
  const tokenPath = new URL(tokenUrl).pathname;
  const probe = await newContext(browser, { storageState });
  const p = await probe.newPage();
  await p.goto(url("/transactions"));
  const txPath = await p.locator('tr[data-kind="token.mint"] a').first().getAttribute("href");
  await p.goto(url("/webhooks"));
  const hookPath = await p.locator("tbody tr a").first().getAttribute("href");
  await probe.close();

  const pages: [string, string][] = [
    ["dashboard", "/dashboard"],
    ["keys", "/keys"],
    ["tokens", "/tokens"],
    ["token-new", "/tokens/new"],
    ["token", tokenPath],
    ["transactions", "/transactions"],
    ["transaction", txPath!],
    ["webhooks", "/webhooks"],
    ["webhook", hookPath!],
    ["analytics", "/analytics"],
    ["vaults", "/vaults"],
    ["multisigs", "/multisigs"],
    ["governance", "/governance"],
    ["price-feeds", "/price-feeds"],
    ["randomness", "/vrf"],
    ["features", "/features"],
    ["settings", "/settings"],
  ];
  for (const [size, viewport] of [["desktop", DESKTOP], ["mobile", MOBILE]] as const) {
    const ctx = await newContext(browser, { storageState, viewport });
    const page = await ctx.newPage();
    for (const [name, path] of pages) {
      await page.goto(url(path));
      await expect(page.locator("main h1").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expectNoHorizontalOverflow(page);
      if (size === "desktop") {
        // At desktop width, tables fit their card (no sideways scrolling).
        const scrolling = await page.$$eval(".table-wrap", (els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.querySelector("caption")?.textContent));
        expect(scrolling, `tables wider than their card on ${path}`).toEqual([]);
      }
      await shot(page, `${name}-${size}`);
    }
    if (size === "mobile") {
      await page.getByText("Menu").click();
      await expect(page.getByRole("navigation", { name: "Console (mobile)" })).toBeVisible();
      await shot(page, "menu-mobile");
      await page.getByRole("navigation", { name: "Console (mobile)" }).getByRole("link", { name: "Tokens" }).click();
      await expect(page).toHaveURL(/\/tokens$/);
      await expect(page.getByRole("navigation", { name: "Console (mobile)" })).toBeHidden();
    }
    await ctx.close();
  }
  const anon = await newContext(browser, { viewport: MOBILE });
  const page = await anon.newPage();
  for (const [name, path] of [["landing", "/"], ["sign-in", "/sign-in"], ["sign-up", "/sign-up"]] as const) {
    await page.goto(url(path));
    await expectNoHorizontalOverflow(page);
    await shot(page, `${name}-mobile`);
  }
  await anon.close();
}
