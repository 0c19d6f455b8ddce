// A regulated (ERC3643) token in the console: set up through the API (token, an investor's identity, a
// mint), then the token page lists the investor read on chain (country, verified, balance), freezing the
// wallet from the page shows it frozen, and the identities page lists the investor.
import { expect, test, api, until, signIn } from "./helpers";

test("a regulated token's investors, frozen from the console", async ({ page }) => {
  const email = `reg.${Date.now()}@example.com`;
  const password = "correct horse 1";
  const investor = `0x${Array.from({ length: 40 }, () => "0123456789abcdef"[Math.floor(Math.random() * 16)]).join("")}`;
  let tokenId = "";

  await test.step("set up through the API: token, identity, mint", async () => {
    const reg = await api("POST", "/auth/register", null, { email, password, company_name: "Regulated Co", full_name: "Grace" });
    expect(reg.status).toBe(201);
    const key = (await api("POST", "/v1/api_keys", reg.body.access_token, { name: "e2e" })).body.secret as string;
    const token = await api("POST", "/v1/tokens", key, { name: "Green Bond", symbol: "GBND", standard: "ERC3643", network: "polygon_amoy", decimals: 0 });
    expect(token.status, JSON.stringify(token.body)).toBe(201);
    tokenId = token.body.id;
    await until(async () => {
      const t = (await api("GET", `/v1/tokens/${tokenId}`, key)).body;
      return t.status === "deployed" && t.regulated?.paused === false;
    }, "the suite deployed and unpaused");
    const identity = await api("POST", "/v1/identities", key, { token_id: tokenId, wallet: investor, country: "FR" });
    expect(identity.status, JSON.stringify(identity.body)).toBe(201);
    await until(async () => (await api("GET", `/v1/identities/${identity.body.id}`, key)).body.status === "registered", "the identity registered");
    const mint = await api("POST", `/v1/tokens/${tokenId}/mint`, key, { to: investor, amount: "100" });
    expect(mint.status).toBe(201);
    await until(async () => (await api("GET", `/v1/transactions/${mint.body.id}`, key)).body.status === "confirmed", "the mint confirmed");
  });

  await test.step("the token page lists the investor, read on chain", async () => {
    await signIn(page, `/tokens/${tokenId}`, email, password);
    await expect(page.getByRole("heading", { name: "Investors" })).toBeVisible();
    const row = page.locator(`tr[data-wallet="${investor}" i]`);
    await expect(row).toContainText("FR");
    await expect(row.getByTestId("verified")).toHaveText("yes");
    await expect(row).toContainText("100 GBND");
    await expect(page.getByRole("heading", { name: "Compliance modules", exact: true })).toBeVisible();
  });

  await test.step("freeze the investor's wallet from the page", async () => {
    const row = page.locator(`tr[data-wallet="${investor}" i]`);
    await row.getByRole("button", { name: "Freeze" }).click();
    await expect(page.getByText(/^Submitted tx_/)).toBeVisible();
    await expect(row.getByTestId("frozen")).toHaveText("wallet frozen", { timeout: 30_000 });
    await expect(row.getByRole("button", { name: "Unfreeze" })).toBeVisible();
  });

  await test.step("the identities page lists the investor", async () => {
    await page.getByRole("navigation", { name: "Console", exact: true }).getByRole("link", { name: "Identities" }).click();
    await expect(page.getByRole("heading", { name: "Identities", level: 1 })).toBeVisible();
    const row = page.locator(`tr[data-wallet="${investor}" i]`);
    await expect(row).toContainText("FR");
    await expect(row.locator('[data-status="registered"]')).toBeVisible();
  });
});
