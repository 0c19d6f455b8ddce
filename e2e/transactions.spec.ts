// The transactions page as a tenant admin uses it: mints made through the API are listed with the token's
// symbol, the kind's name, the amount in units and the recipient, with no column clipped at 1280 or 1440 px;
// filtered by kind, day and token, found by hash, and exported as CSV (the filtered rows, in units and base
// units). At 375 px the transactions, tokens, webhooks and keys tables stack, each cell under its column's name.
// Screenshots go to e2e/screenshots/ (not committed).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Page } from "@playwright/test";
import { expect, test, api, base, until, expectNoHorizontalOverflow, SHOTS, signIn, registerTenant } from "./helpers";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";

const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

let receiver: Receiver | undefined;
test.afterAll(async () => {
  await receiver?.close();
});

/** No table on the page scrolls sideways inside its card: every column is in view. */
async function expectNoClippedTable(page: Page) {
  const clipped = await page.$$eval(".table-wrap", (wraps) => wraps.filter((w) => w.scrollWidth > w.clientWidth + 1).map((w) => `${w.scrollWidth} > ${w.clientWidth}`));
  expect(clipped, `tables scrolling sideways at ${page.viewportSize()?.width} px`).toEqual([]);
}

/** At phone width: no header row, every named cell shows its column's name before its value, nothing wider than the screen. */
async function expectStackedRows(page: Page, labels: string[]) {
  await expectNoHorizontalOverflow(page);
  await expect(page.locator("table.table thead").first()).toBeHidden();
  const row = page.locator("table.table tbody tr").first();
  for (const label of labels) {
    const cell = row.locator(`td[data-label="${label}"]`);
    await expect(cell, `the ${label} cell`).toBeVisible();
    expect(await cell.evaluate((td) => getComputedStyle(td, "::before").content)).toBe(`"${label}"`);
  }
}

test("transactions: units and symbols, filters, search by hash, CSV export, and stacked tables on a phone", async ({ page }) => {
  test.skip(!process.env.E2E_CHAIN_RPC_URL, "needs the app's local chain (E2E_CHAIN_RPC_URL)");
  const email = `ledger.${Date.now()}@example.com`;
  const sk = await registerTenant(email, "Ledger Co", "Ada", { name: "ledger", environment: "test" });
  receiver = await startReceiver();
  expect((await api("POST", "/v1/webhook_endpoints", sk, { url: receiver.url, events: ["transaction.confirmed"] })).status).toBe(201);

  const token = await api("POST", "/v1/tokens", sk, {
    name: "Ledger Dollar", symbol: "LDGR", standard: "ERC20", network: "polygon_amoy", initial_supply: "0", decimals: 6, features: { mintable: true, burnable: true, pausable: true },
  });
  expect(token.status).toBe(201);
  await until(async () => (await api("GET", `/v1/tokens/${token.body.id}`, sk)).body.status === "deployed", "the token deployed");
  const mint = async (to: string, amount: string) => {
    const created = await api("POST", `/v1/tokens/${token.body.id}/mint`, sk, { to, amount });
    expect(created.status).toBe(201);
    return until(async () => {
      const tx = (await api("GET", `/v1/transactions/${created.body.id}`, sk)).body;
      return tx.status === "confirmed" && (tx as { id: string; hash: string });
    }, "the mint confirmed");
  };
  const toAlice = await mint(ALICE, "1500000");
  const toBob = await mint(BOB, "2250000");

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "/transactions", email);

  await test.step("each row: the kind's name, the token's symbol, the amount in units, the recipient; nothing clipped at 1440 and 1280 px", async () => {
    const row = page.locator(`tr:has(a[href="/transactions/${toAlice.id}"])`);
    await expect(row.getByRole("link", { name: "Mint" })).toBeVisible();
    await expect(row.getByTestId("token")).toHaveText("LDGR");
    await expect(row.getByTestId("amount")).toHaveText("1.5 LDGR");
    await expect(row.getByTestId("recipient").locator("[title]").first()).toHaveAttribute("title", ALICE);
    await expect(page.locator(`tr:has(a[href="/transactions/${toBob.id}"])`).getByTestId("amount")).toHaveText("2.25 LDGR");
    await expect(page.locator('tr[data-kind="token.deploy"]').getByRole("link", { name: "Token deployment" })).toBeVisible();
    await expectNoClippedTable(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: join(SHOTS, "transactions-1440.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoClippedTable(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: join(SHOTS, "transactions-1280.png"), fullPage: true });
  });

  await test.step("filters: kind, day and token narrow the list, as a link", async () => {
    const filters = page.getByRole("form", { name: "Filter transactions" });
    await filters.getByLabel("Kind").selectOption("token.mint");
    const today = new Date().toISOString().slice(0, 10);
    await filters.getByLabel("From (UTC)").fill(today);
    await filters.getByLabel("To (UTC)").fill(today);
    await filters.getByLabel("Token").selectOption(token.body.id);
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/kind=token\.mint/);
    await expect(page.locator("table.table tbody tr")).toHaveCount(2);
    await expect(page.locator('tr[data-kind="token.deploy"]')).toHaveCount(0);
    await expect(page.getByTestId("transactions-total")).toHaveText("2 matching");
    // A day before any of them: nothing.
    await page.goto(`${base()}/transactions?to=2020-01-01`);
    await expect(page.getByText("No transactions match")).toBeVisible();
  });

  await test.step("search by hash finds the one transaction", async () => {
    await page.goto(`${base()}/transactions`);
    const search = page.getByRole("form", { name: "Filter transactions" }).getByLabel("Search");
    await search.fill(toBob.hash);
    await search.press("Enter");
    await expect(page.locator("table.table tbody tr")).toHaveCount(1);
    await expect(page.locator(`tr:has(a[href="/transactions/${toBob.id}"])`).getByTestId("amount")).toHaveText("2.25 LDGR");
  });

  await test.step("CSV export of the filtered set: a header row, then the mints in units with the symbol and base units", async () => {
    await page.goto(`${base()}/transactions?kind=token.mint`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^transactions-test-\d{4}-\d\d-\d\d\.csv$/);
    const lines = readFileSync((await download.path())!, "utf8").trimEnd().split("\r\n");
    const header = lines[0].split(",");
    expect(header).toEqual(expect.arrayContaining(["id", "kind", "symbol", "amount", "amount_base_units", "recipient", "hash"]));
    const rows = lines.slice(1).map((l) => Object.fromEntries(l.split(",").map((cell, i) => [header[i], cell])));
    expect(rows.map((r) => [r.id, r.kind, r.symbol, r.amount, r.amount_base_units, r.recipient, r.hash])).toEqual([
      [toBob.id, "Mint", "LDGR", "2.25", "2250000", BOB, toBob.hash],
      [toAlice.id, "Mint", "LDGR", "1.5", "1500000", ALICE, toAlice.hash],
    ]);
    // Signed out, the export gives nothing away.
    const anonymous = await fetch(`${base()}/transactions/export`);
    expect(anonymous.status).toBe(401);
  });

  await test.step("a record that does not exist (or is another tenant's) answers 404", async () => {
    for (const path of ["/tokens/tok_01doesnotexist", "/transactions/tx_01doesnotexist", "/webhooks/we_01doesnotexist"]) {
      const res = await page.request.get(`${base()}${path}`);
      expect(res.status(), path).toBe(404);
      expect(await res.text()).toContain("Not found");
    }
  });

  await test.step("a new test key opens the API reference with the key filled in", async () => {
    await page.goto(`${base()}/keys`);
    await page.getByLabel("Key name").fill("Docs");
    await page.getByRole("button", { name: "Create key" }).click();
    const secret = (await page.getByTestId("secret-value").textContent())!;
    const link = page.getByRole("link", { name: "Open the API reference with this key filled in" });
    await expect(link).toHaveAttribute("href", `/docs#api_key=${secret}`);
    const docs = await page.context().newPage();
    await docs.goto(`${base()}/docs#api_key=${secret}`);
    // The secret leaves the address bar at once, and the reference's authentication holds it.
    await expect.poll(() => docs.url()).toBe(`${base()}/docs`);
    await expect.poll(() => docs.evaluate((key) => [...document.querySelectorAll("input")].some((i) => i.value === key), secret), { timeout: 30_000 }).toBe(true);
    await docs.close();
  });

  await test.step("at 375 px the console's tables stack, each cell under its column's name", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const [path, labels] of [
      ["/transactions", ["Transaction", "Status", "Token", "Amount", "Recipient", "Hash", "Confirmations", "Created"]],
      ["/tokens", ["Token", "Status", "Standard", "Network", "Address", "Created"]],
      ["/webhooks", ["URL", "Status", "Errors (7 days)", "Events", "Created"]],
      ["/keys", ["Name", "Mode", "Publishable key", "Created · last used"]],
    ] as const) {
      await page.goto(`${base()}${path}`);
      await expectStackedRows(page, [...labels]);
      if (path === "/transactions") {
        // Every status tab shows, wrapped, none hidden behind a sideways scroll.
        for (const tab of await page.getByRole("navigation", { name: "Filter by status" }).getByRole("link").all()) await expect(tab).toBeInViewport({ ratio: 1 });
      }
      await page.screenshot({ path: join(SHOTS, `stacked${path.replace("/", "-")}-375.png`), fullPage: true });
    }
  });
});
