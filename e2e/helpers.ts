// What the browser specs share: the app's address (started by the global setup), a JSON call to its API, a
// poll until something holds, tenants and tokens set up through the API, signing up and in, the local chain,
// and the look of a page at desktop and phone width.
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { test as base_, expect, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { createPublicClient, http } from "viem";

export const base = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set: run through `npm run test:e2e` (global setup starts the app)");
  return url;
};

/**
 * The running test's own client address (10.x.y.z from its id), sent as X-Forwarded-For: the server trusts one
 * proxy hop (e2e/global-setup.ts), so each test has its own per-IP sign-in limit, as separate users do.
 */
export function clientHeaders(): Record<string, string> {
  let id = "outside-a-test";
  try {
    id = base_.info().testId;
  } catch {}
  const [a, b, c] = createHash("sha256").update(id).digest();
  return { "x-forwarded-for": `10.${a}.${b}.${c}` };
}

/** Playwright's test, whose pages come from the test's own client address (clientHeaders). */
export const test = base_.extend({
  extraHTTPHeaders: async ({}, use) => use(clientHeaders()),
});
export { expect };

/** A further browser (another person), from the test's client address too. */
export const newContext = (browser: Browser, options: BrowserContextOptions = {}) =>
  browser.newContext({ ...options, extraHTTPHeaders: { ...clientHeaders(), ...options.extraHTTPHeaders } });

export async function api(method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${base()}${path}`, {
    method,
    headers: { "content-type": "application/json", ...clientHeaders(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

export async function until<T>(probe: () => Promise<T | false | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The app on localhost (it listens on 127.0.0.1): WebAuthn needs a valid relying-party id, and SIWE names the host. */
export const pageOrigin = () => {
  const url = new URL(base());
  url.hostname = "localhost";
  return url.origin;
};

/** A new tenant with a test API key: its secret and its publishable key (the DApp page's). */
export async function registerDApp(slug: string, companyName: string) {
  const reg = await api("POST", "/auth/register", null, { email: `${slug}.${Date.now()}@example.com`, password: "correct horse 1", company_name: companyName, full_name: "Ada" });
  expect(reg.status).toBe(201);
  const created = await api("POST", "/v1/api_keys", reg.body.access_token, { name: "e2e" });
  expect(created.status).toBe(201);
  const { secret, publishable } = created.body as { secret: string; publishable: string };
  expect(publishable).toMatch(/^pk_test_/);
  return { key: secret, publishable };
}

/** Accepts the console's confirmation dialog (components/ConfirmDialog) the last click opened, and waits until it closes. */
export async function confirmDialog(page: Page) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("confirm-dialog-confirm").click();
  await expect(dialog).toBeHidden();
}

/** Nothing wider than the viewport (tables scroll inside their card); names the culprits if not. */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scroll, width, culprits } = await page.evaluate(() => {
    const width = window.innerWidth;
    // Inside a scrolling box, unless absolutely positioned out of it (then it widens the page).
    const clipped = (el: Element) => {
      if (getComputedStyle(el).position === "absolute") return false;
      for (let p = el.parentElement; p; p = p.parentElement) if (/(auto|scroll|hidden)/.test(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    const culprits = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !clipped(el))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} → ${Math.round(el.getBoundingClientRect().right)}px`);
    return { scroll: document.documentElement.scrollWidth, width, culprits };
  });
  expect(scroll, `page wider than the viewport at ${page.url()}: ${culprits.join("; ")}`).toBeLessThanOrEqual(width + 1);
}

/** Where the specs save their screenshots (e2e/screenshots/), and the two widths pages are looked at. */
export const SHOTS = join(import.meta.dirname, "screenshots");
mkdirSync(SHOTS, { recursive: true });
export const WIDE = { width: 1440, height: 900 };
export const PHONE = { width: 375, height: 812 };

/** The page at 1440 px and 375 px wide: nothing wider than the viewport, a screenshot `<name>-desktop|mobile.png` of each; then wide again. */
export async function atBothWidths(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  for (const [size, viewport] of [["desktop", WIDE], ["mobile", PHONE]] as const) {
    await page.setViewportSize(viewport);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: join(SHOTS, `${name}-${size}.png`), fullPage });
  }
  await page.setViewportSize(WIDE);
}

/** The app's local chain (the test is skipped without one): its RPC URL and a client reading it. */
export function localChain() {
  const rpc = process.env.E2E_CHAIN_RPC_URL;
  test.skip(!rpc, "needs the app's local chain (E2E_CHAIN_RPC_URL)");
  return { rpc: rpc!, chain: createPublicClient({ transport: http(rpc) }) };
}

/** The uncaught errors of the page from now on (a spec expects none at its end). */
export function pageErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

export const PASSWORD = "correct horse 1";

/** A new tenant registered through the API (password PASSWORD), and the secret of a test API key of it (`keyBody` creates it). */
export async function registerTenant(email: string, companyName: string, fullName = "Ada", keyBody: Record<string, unknown> = { name: "e2e" }) {
  const reg = await api("POST", "/auth/register", null, { email, password: PASSWORD, company_name: companyName, full_name: fullName });
  expect(reg.status).toBe(201);
  return (await api("POST", "/v1/api_keys", reg.body.access_token, keyBody)).body.secret as string;
}

/** A record created through the API (201), then read until `ready` says it is: what `ready` returned. */
export async function createAndAwait<T>(key: string, path: string, body: unknown, ready: (record: any) => T | false | undefined, what: string, timeoutMs?: number) {
  const created = await api("POST", path, key, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return until(async () => ready((await api("GET", `${path}/${created.body.id}`, key)).body), what, timeoutMs);
}

/** A token created through the API, once deployed (and `ready` holds of it too): its record. */
export const deployToken = (key: string, body: Record<string, unknown>, { ready = () => true, what = "the token deployed", timeoutMs }: { ready?: (token: any) => unknown; what?: string; timeoutMs?: number } = {}) =>
  createAndAwait(key, "/v1/tokens", body, (t) => t.status === "deployed" && ready(t) && t, what, timeoutMs);

/** A transaction made through the API (201), awaited until confirmed. */
export async function confirmed(key: string, path: string, body: unknown, what: string) {
  const sent = await api("POST", path, key, body);
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  await until(async () => (await api("GET", `/v1/transactions/${sent.body.id}`, key)).body.status === "confirmed", what);
  return sent.body;
}

/** Opens `path` signed out, signs in on the form it redirects to, and lands back on `path`. */
export async function signIn(page: Page, path: string, email: string, password = PASSWORD) {
  await page.goto(`${base()}${path}`);
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\$&")}$`));
}

/** Signs up in the browser (password PASSWORD) and lands on the dashboard. */
export async function signUp(page: Page, { name, company, email }: { name: string; company: string; email: string }) {
  await page.goto(`${base()}/sign-up`);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Company").fill(company);
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * A votes token (1,000 VOTE to the tenant's wallet) and a Governor + Timelock over it (votes start after 1 block
 * and last 5, quorum 4%, timelock delay 60 s), deployed through the API: both records.
 */
export async function deployVotesDao(key: string, name: string) {
  const token = await deployToken(key, { name: "Vote Coin", symbol: "VOTE", standard: "ERC20", network: "polygon_amoy", initial_supply: (10n ** 21n).toString(), features: { votes: true } });
  const body = { name, token: token.id, voting_delay: 1, voting_period: 5, quorum_numerator: 4, min_delay: 60 };
  const governance = await createAndAwait(key, "/v1/governance", body, (g) => g.status === "active" && g, "the governance deployed", 90_000);
  return { token, governance };
}

/** A token's page after a mint to the tenant's wallet: the supply reads `amount`, the mint's row is confirmed, the balance lookup of the wallet reads it too. */
export async function expectMintedToWallet(page: Page, amount: string) {
  await expect(page.getByTestId("total-supply")).toContainText(amount);
  await expect(page.locator('tr[data-kind="token.mint"]')).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
  const lookup = page.getByRole("form", { name: "Balance lookup" });
  await lookup.getByRole("button", { name: "Use my wallet address" }).click();
  await lookup.getByRole("button", { name: "Check balance" }).click();
  await expect(page.getByTestId("balance-value")).toHaveText(amount);
}
