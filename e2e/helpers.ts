// What the browser specs share: the app's address (started by the global setup), a JSON call to its API, a
// poll until something holds, and a DApp's tenant set up through the API.
import { createHash } from "node:crypto";
import { test as base_, expect, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";

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
