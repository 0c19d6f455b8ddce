// What an operator sees in the console, at desktop (1440) and phone (375) width: a transaction's timeline
// (its signature, block, confirmations; a revert's decoded reason), the home page's health section (writes
// waiting per network, a failing webhook endpoint, a wallet low on gas, each linked to where it is fixed, and
// the charts), and the endpoint page's Resend button redelivering a failed event with the same webhook-id.
// Screenshots go to e2e/screenshots/ (not committed).
import { join } from "node:path";
import { type Page } from "@playwright/test";
import { expect, test, api, base, until, SHOTS, signIn, deployToken, registerTenant } from "./helpers";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";

const WIDTHS = [
  { name: "desktop", viewport: { width: 1440, height: 900 } },
  { name: "phone", viewport: { width: 375, height: 812 } },
];

async function chainRpc(method: string, params: unknown[] = []) {
  const res = await fetch(process.env.E2E_CHAIN_RPC_URL!, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

async function noHorizontalOverflow(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `page wider than the viewport at ${page.url()}`).toBeLessThanOrEqual(width + 1);
}

/** The page at each width: `check` runs at both, then a full-page screenshot. */
async function atBothWidths(page: Page, path: string, name: string, check: (page: Page) => Promise<void>) {
  for (const { name: width, viewport } of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.goto(`${base()}${path}`);
    await check(page);
    await noHorizontalOverflow(page);
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

let receiver: Receiver;
test.afterAll(async () => {
  await receiver?.close();
});

test("an operator's view: the transaction timeline, the health at a glance, and resending a failed delivery", async ({ page }) => {
  test.skip(!process.env.E2E_CHAIN_RPC_URL, "needs the app's local chain (E2E_CHAIN_RPC_URL)");
  const email = `ops.${Date.now()}@example.com`;
  const sk = await registerTenant(email, "Ops Co", "Grace", { name: "ops", environment: "test" });
  // The first delivery is answered 410 Gone (the endpoint is disabled at once, the delivery failed); later ones 200.
  receiver = await startReceiver((_, i) => (i === 0 ? 410 : 200));
  const endpoint = await api("POST", "/v1/webhook_endpoints", sk, { url: receiver.url, events: ["transaction.confirmed"] });
  expect(endpoint.status).toBe(201);

  const token = await deployToken(sk, {
    name: "Ops Dollar", symbol: "OPS", standard: "ERC20", network: "polygon_amoy", initial_supply: "0", decimals: 18, features: { mintable: true, burnable: true, pausable: true },
  });
  const mint = await api("POST", `/v1/tokens/${token.id}/mint`, sk, { to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", amount: "1000" });
  expect(mint.status).toBe(201);
  const minted = await until(async () => {
    const tx = (await api("GET", `/v1/transactions/${mint.body.id}`, sk)).body;
    return tx.status === "confirmed" && tx;
  }, "the mint confirmed");
  await until(async () => receiver.received.length >= 1, "the first delivery");

  await test.step("sign in", async () => {
    await signIn(page, "/dashboard", email);
  });

  await test.step("the mint's timeline: one signature, mined, with its block and confirmations", async () => {
    await atBothWidths(page, `/transactions/${minted.id}`, "transaction-timeline", async (p) => {
      const timeline = p.getByRole("region", { name: "Timeline" });
      await expect(timeline).toBeVisible();
      const attempts = timeline.getByTestId("timeline-attempt");
      await expect(attempts).toHaveCount(1);
      await expect(attempts.first()).toHaveAttribute("data-status", "mined");
      await expect(attempts.first()).toContainText(String(minted.block_number));
      await expect(attempts.first()).toContainText(/\d+ confirmations/);
      await expect(attempts.first()).toContainText("gwei");
    });
  });

  await test.step("the home page's health: a write waiting, the failing endpoint, the wallet low on gas, the charts", async () => {
    // A write held unmined (the chain stops mining), and the wallet's balance at about a day of its spend with a 30-day threshold.
    await chainRpc("evm_setAutomine", [false]);
    const waiting = await api("POST", `/v1/tokens/${token.id}/mint`, sk, { to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", amount: "1" });
    expect(waiting.status).toBe(201);
    await until(async () => (await api("GET", `/v1/transactions/${waiting.body.id}`, sk)).body.status === "submitted", "the second mint sent");
    expect((await api("PUT", "/v1/settings/wallet-alerts", sk, { low_balance_runway_days: 30 })).status).toBe(200);
    const wallets = (await api("GET", "/v1/wallets", sk)).body.data[0];
    const amoy = wallets.networks.find((n: { network: string }) => n.network === "polygon_amoy");
    await chainRpc("hardhat_setBalance", [wallets.address, `0x${BigInt(amoy.spend_24h).toString(16)}`]);
    try {
      await atBothWidths(page, "/dashboard", "dashboard-health", async (p) => {
        const health = p.getByRole("region", { name: "Health" });
        await expect(health).toBeVisible();
        const row = health.getByRole("row", { name: /Polygon Amoy/ });
        await expect(row).toContainText("1");
        await expect(health.getByTestId("health-failing-endpoint")).toContainText("disabled (gone)");
        await expect(health.getByTestId("health-failing-endpoint").getByRole("link")).toHaveAttribute("href", `/webhooks/${endpoint.body.id}`);
        await expect(health.getByTestId("health-low-wallet").first()).toContainText("low on gas");
        await expect(health.getByTestId("latency-chart").locator("svg")).toHaveAttribute("aria-label", /[1-9]\d* confirmed/);
        await expect(health.getByTestId("deliveries-chart").locator("svg")).toHaveAttribute("aria-label", /[1-9]\d* failed/);
      });
      await page.getByRole("region", { name: "Health" }).getByRole("row", { name: /Polygon Amoy/ }).getByRole("link").click();
      await expect(page).toHaveURL(/\/transactions\?status=submitted$/);
    } finally {
      await chainRpc("hardhat_setBalance", [wallets.address, "0x3635C9ADC5DEA00000"]);
      await chainRpc("evm_setAutomine", [true]);
      await chainRpc("evm_mine");
    }
  });

  await test.step("the endpoint page's Resend button sends the failed event again, with the same webhook-id", async () => {
    expect((await api("POST", `/v1/webhook_endpoints/${endpoint.body.id}`, sk, { disabled: false })).status).toBe(200);
    await atBothWidths(page, `/webhooks/${endpoint.body.id}`, "webhook-resend", async (p) => {
      await expect(p.getByRole("button", { name: /^Resend delivery / }).first()).toBeVisible();
    });
    await page.setViewportSize(WIDTHS[0].viewport);
    const deliveries = (await api("GET", `/v1/webhook_endpoints/${endpoint.body.id}/deliveries`, sk)).body.data as { id: string; status: string; response_status: number | null }[];
    const gone = deliveries.find((d) => d.response_status === 410)!;
    expect(gone.status).toBe("failed");
    const sameEvent = (r: { headers: Record<string, unknown> }) => r.headers["webhook-id"] === receiver.received[0].headers["webhook-id"];
    await page.getByRole("button", { name: `Resend delivery ${gone.id}` }).click();
    const [again] = await receiver.waitFor(2, sameEvent, 30_000).then((all) => all.slice(1));
    expect(again.headers["webhook-id"]).toBe(receiver.received[0].headers["webhook-id"]);
    await expect(async () => {
      await page.reload();
      expect((await api("GET", `/v1/webhook_endpoints/${endpoint.body.id}/deliveries/${gone.id}`, sk)).body.status).toBe("succeeded");
      await expect(page.getByRole("row", { name: new RegExp(gone.id) }).locator('[data-status="succeeded"]:visible').first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
  });
});
