// What a tenant admin sees of its integration, at 1440 and 375 px: the request log (a few API calls with the
// test key, one refused with 400, bodies with their secrets redacted), the events and the webhook deliveries
// each one caused, a delivery's exact payload, headers and the receiver's answer per attempt, an endpoint that
// keeps failing shown as failing with its error rate, and the header's search landing on a transaction by hash.
// Screenshots go to e2e/screenshots/observe-*.png (not committed).
import { join } from "node:path";
import { type Page } from "@playwright/test";
import { expect, test, api, base, until, SHOTS, signIn, deployToken } from "./helpers";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";

const WIDTHS = [
  { name: "desktop", viewport: { width: 1440, height: 900 } },
  { name: "phone", viewport: { width: 375, height: 812 } },
];

async function noHorizontalOverflow(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `page wider than the viewport at ${page.url()}`).toBeLessThanOrEqual(width + 1);
}

/** The page at each width: `check` runs at both, then a full-page screenshot. */
async function atBothWidths(page: Page, path: string, name: string, check: (page: Page, width: string) => Promise<void>) {
  for (const { name: width, viewport } of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.goto(`${base()}${path}`);
    await check(page, width);
    await noHorizontalOverflow(page);
    await page.screenshot({ path: join(SHOTS, `observe-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(WIDTHS[0].viewport);
}

const receivers: Receiver[] = [];
test.afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

test("the request log, events and deliveries, a delivery's payload and answer, and search by hash", async ({ page }) => {
  const email = `observe.${Date.now()}@example.com`;
  const password = "correct horse 1";
  const reg = await api("POST", "/auth/register", null, { email, password, company_name: "Observe Co", full_name: "Ada" });
  expect(reg.status).toBe(201);
  const sk = (await api("POST", "/v1/api_keys", reg.body.access_token, { name: "observe", environment: "test" })).body.secret as string;

  // The receiver fails each event's first attempt with a body of its own, then takes it; another always fails.
  const seen = new Set<unknown>();
  const receiver = await startReceiver((r) => {
    const first = !seen.has(r.headers["webhook-id"]);
    seen.add(r.headers["webhook-id"]);
    return first ? { status: 500, body: "receiver overloaded, try later" } : { status: 200, body: '{"accepted":true}' };
  });
  const broken = await startReceiver(() => ({ status: 503, body: "down for maintenance" }));
  receivers.push(receiver, broken);
  const endpoint = await api("POST", "/v1/webhook_endpoints", sk, { url: receiver.url, events: ["transaction.confirmed"] });
  expect(endpoint.status).toBe(201);
  const failing = await api("POST", "/v1/webhook_endpoints", sk, { url: broken.url, events: ["transaction.confirmed"], description: "always down" });
  expect(failing.status).toBe(201);

  const token = await deployToken(sk, {
    name: "Observed Dollar", symbol: "OBS", standard: "ERC20", network: "polygon_amoy", initial_supply: "0", decimals: 18, features: { mintable: true, burnable: true, pausable: true },
  });
  const refused = await api("POST", `/v1/tokens/${token.id}/mint`, sk, { to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", amount: "-5" });
  expect(refused.status).toBe(400);
  const mint = await api("POST", `/v1/tokens/${token.id}/mint`, sk, { to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", amount: "1000", idempotency_key: "observe-mint-1" });
  expect(mint.status).toBe(201);
  const minted = await until(async () => {
    const tx = (await api("GET", `/v1/transactions/${mint.body.id}`, sk)).body;
    return tx.status === "confirmed" && tx;
  }, "the mint confirmed");
  await receiver.waitFor(4, undefined, 30_000); // the deployment's and the mint's transaction.confirmed: a 500, then a 200 each
  await broken.waitFor(1, undefined, 30_000);

  await test.step("sign in", async () => {
    await signIn(page, "/dashboard", email, password);
  });

  await test.step("the grouped navigation, in the sidebar and in the phone's menu", async () => {
    await atBothWidths(page, "/dashboard", "navigation", async (p, width) => {
      if (width === "phone") await p.getByText("Menu").click();
      const nav = p.getByRole("navigation", { name: width === "phone" ? "Console (mobile)" : "Console", exact: true });
      for (const group of ["Overview", "Tokens & modules", "Developers", "Account"]) await expect(nav.getByRole("group", { name: group })).toBeVisible();
      await expect(nav.getByRole("group", { name: "Developers" }).getByRole("link", { name: "Request log" })).toBeVisible();
      // Every item shows without scrolling the list: at 900 px high on a desktop, in the open menu on a phone.
      const lists = await nav.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
      if (width === "desktop") expect(lists.scroll, "the sidebar's list scrolls at 1440×900").toBeLessThanOrEqual(lists.client + 1);
      await expect(nav.getByRole("link").last()).toBeInViewport();
    });
    await page.getByRole("navigation", { name: "Console", exact: true }).getByRole("link", { name: "Request log" }).click();
    await expect(page).toHaveURL(/\/logs$/);
  });

  await test.step("the request log: the calls with their statuses, the refused one's body", async () => {
    await atBothWidths(page, "/logs", "request-log", async (p) => {
      await expect(p.locator('tr[data-status="400"][data-method="POST"]')).toHaveCount(1);
      // The key (made with the console user's session: test mode), the 2 endpoints, the token, the mint.
      await expect(p.locator('tr[data-status="201"][data-method="POST"]')).toHaveCount(5);
      await expect(p.locator('tr[data-method="GET"]').first()).toBeVisible();
    });
    await page.getByLabel("Status").selectOption("4xx");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/status=4xx/);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await page.locator("tbody tr").getByRole("link").click();
    await expect(page).toHaveURL(/\/logs\/req_/);
    await expect(page.getByTestId("request-status")).toHaveText("400");
    await expect(page.getByRole("region", { name: "Request body" })).toContainText('"amount": "-5"');
    await expect(page.getByRole("region", { name: "Response body" })).toContainText(refused.body.error.code);
  });

  await test.step("a redacted body: the endpoint's creation answered its secret, the log keeps none", async () => {
    await page.goto(`${base()}/logs?method=POST&path=webhook_endpoints`);
    await expect(page.locator("tbody tr")).toHaveCount(2);
    await page.locator("tbody tr").last().getByRole("link").click();
    const response = page.getByRole("region", { name: "Response body" });
    await expect(response).toContainText('"secret": "[redacted]"');
    await expect(response).not.toContainText(endpoint.body.secret);
    await atBothWidths(page, new URL(page.url()).pathname, "request", async (p) => {
      await expect(p.getByRole("region", { name: "Response body" })).toContainText("[redacted]");
    });
  });

  let eventId = "";
  await test.step("events: the mint's transaction.confirmed and the deliveries it caused", async () => {
    await atBothWidths(page, "/events", "events", async (p) => {
      await expect(p.locator('tr[data-event-type="transaction.confirmed"]').first()).toBeVisible();
    });
    await page.getByLabel("Type").selectOption("transaction.confirmed");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/type=transaction.confirmed/);
    const row = page.locator("tbody tr").filter({ hasText: minted.id });
    await expect(row).toHaveCount(1);
    await row.getByRole("link", { name: "transaction.confirmed" }).click();
    await expect(page).toHaveURL(/\/events\/evt_/);
    eventId = new URL(page.url()).pathname.split("/").pop()!;
    await atBothWidths(page, `/events/${eventId}`, "event", async (p) => {
      await expect(p.getByRole("region", { name: "Payload" })).toContainText(minted.id);
      const deliveries = p.getByRole("region", { name: "Webhook deliveries" });
      await expect(deliveries.getByRole("link", { name: receiver.url, exact: true })).toHaveCount(1);
      await expect(deliveries.getByRole("link", { name: broken.url, exact: true })).toHaveCount(1);
    });
    await page.getByRole("region", { name: "Webhook deliveries" }).getByRole("link", { name: receiver.url, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/webhooks/${endpoint.body.id}/deliveries/whd_`));
  });

  await test.step("the delivery: the exact payload and headers sent, each attempt's answer", async () => {
    const [first, second] = receiver.received.filter((r) => r.headers["webhook-id"] === eventId);
    await atBothWidths(page, new URL(page.url()).pathname, "delivery", async (p) => {
      const request = p.getByRole("region", { name: "Request", exact: true });
      await expect(request.getByLabel("Payload sent")).toHaveText(second.body);
      await expect(request).toContainText(`webhook-id: ${second.headers["webhook-id"]}`);
      await expect(request).toContainText(`webhook-signature: ${second.headers["webhook-signature"]}`);
      await expect(request).not.toContainText(endpoint.body.secret);
      const attempts = p.getByTestId("delivery-attempt");
      await expect(attempts).toHaveCount(2);
      await expect(attempts.nth(0)).toHaveAttribute("data-ok", "true");
      await expect(attempts.nth(0).getByTestId("attempt-response-status")).toHaveText("HTTP 200");
      await expect(attempts.nth(0)).toContainText('"accepted": true');
      await expect(attempts.nth(0)).toContainText(`webhook-timestamp: ${second.headers["webhook-timestamp"]}`);
      await expect(attempts.nth(1).getByTestId("attempt-response-status")).toContainText("HTTP 500");
      await expect(attempts.nth(1)).toContainText("receiver overloaded, try later");
      await expect(attempts.nth(1)).toContainText(`webhook-timestamp: ${first.headers["webhook-timestamp"]}`);
    });
  });

  await test.step("the endpoint that keeps failing shows as failing, with its error rate", async () => {
    await atBothWidths(page, `/webhooks/${failing.body.id}`, "failing-endpoint", async (p) => {
      await expect(p.locator('[data-endpoint-health="failing"]')).toBeVisible();
      await expect(p.locator("[data-error-rate]")).toContainText("100% errors");
    });
    await api("DELETE", `/v1/webhook_endpoints/${failing.body.id}`, sk); // ends its retries
  });

  await test.step("search: a transaction hash from the header lands on the transaction; an unknown id finds nothing", async () => {
    for (const { viewport } of WIDTHS) {
      await page.setViewportSize(viewport);
      await page.goto(`${base()}/dashboard`);
      const search = page.getByRole("search").getByLabel("Search by id, address or transaction hash");
      await search.fill(minted.hash);
      await search.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/transactions/${minted.id}$`));
    }
    await atBothWidths(page, "/search?q=tok_01jd0j7x3s8w9k5q2m4n6p8r0t", "search-nothing", async (p) => {
      await expect(p.getByRole("heading", { name: "Nothing found" })).toBeVisible();
    });
  });
});
