// The end-user page with a publishable key that is unknown, malformed or revoked: HTTP 404 with a page in the
// product's look that says the link is wrong or the application is no longer available, and nothing internal.
// Looked at 1440 px and 375 px wide.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, api, pageOrigin, expectNoHorizontalOverflow } from "./helpers";

const SHOTS = join(import.meta.dirname, "screenshots");
mkdirSync(SHOTS, { recursive: true });

test("an unknown or revoked Connect key answers a branded 404 at 1440 and 375 px", async ({ page }) => {
  const reg = await api("POST", "/auth/register", null, { email: `gone.${Date.now()}@example.com`, password: "correct horse 1", company_name: "Gone Co", full_name: "Ada" });
  expect(reg.status).toBe(201);
  const key = await api("POST", "/v1/api_keys", reg.body.access_token, { name: "to revoke" });
  expect(key.status).toBe(201);
  expect((await api("DELETE", `/v1/api_keys/${key.body.id}`, reg.body.access_token)).status).toBe(200);

  const cases = [
    ["unknown", "pk_test_doesnotexist"],
    ["malformed", "not-a-key"],
    ["revoked", key.body.publishable as string],
  ] as const;
  for (const [what, publishable] of cases) {
    for (const [size, viewport] of [["desktop", { width: 1440, height: 900 }], ["mobile", { width: 375, height: 812 }]] as const) {
      await test.step(`${what} key at ${size} width`, async () => {
        await page.setViewportSize(viewport);
        const response = await page.goto(`${pageOrigin()}/connect/${publishable}`);
        expect(response?.status()).toBe(404);
        const card = page.getByTestId("connect-not-found");
        await expect(card.getByRole("heading", { level: 1 })).toHaveText("This link does not work");
        await expect(card).toContainText("The link is wrong, or the application it opens is no longer available.");
        await expect(card).toContainText("Token Platform");
        const text = await page.locator("body").innerText();
        expect(text).not.toMatch(/publishable|api key|pk_test|stack|error|exception|NEXT_|digest|could not be found/i);
        await expectNoHorizontalOverflow(page);
        if (what === "revoked") await page.screenshot({ path: join(SHOTS, `connect-not-found-${size}.png`), fullPage: true });
      });
    }
  }
});
