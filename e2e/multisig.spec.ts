// A Safe multisig in the console: deployed and given a proposal through the API, the multisig page shows its
// owners (read on chain), threshold and the pending transaction with its confirmations; the tenant's acting
// account is an owner and the threshold is 1, so the Execute button shows, and executing from the page
// empties the pending list and moves the Safe's nonce.
import { expect, test, api, until, confirmDialog, signIn } from "./helpers";

test("a multisig's owners, pending transaction and execution in the console", async ({ page }) => {
  const email = `safe.${Date.now()}@example.com`;
  const password = "correct horse 1";
  const other = "0x00000000000000000000000000000000000e2e01";
  let id = "";
  let wallet = "";

  await test.step("set up through the API: a 1-of-2 Safe owned by the tenant wallet, and a proposal", async () => {
    const reg = await api("POST", "/auth/register", null, { email, password, company_name: "Safe Co", full_name: "Ada" });
    expect(reg.status).toBe(201);
    const key = (await api("POST", "/v1/api_keys", reg.body.access_token, { name: "e2e" })).body.secret as string;
    wallet = (await api("GET", "/v1/settings/wallet-mode", key)).body.wallet_address;
    const safe = await api("POST", "/v1/multisigs", key, { name: "Ops Safe", network: "polygon_amoy", owners: [wallet, other], threshold: 1 });
    expect(safe.status, JSON.stringify(safe.body)).toBe(201);
    id = safe.body.id;
    await until(async () => (await api("GET", `/v1/multisigs/${id}`, key)).body.status === "active", "the Safe deployed");
    const proposal = await api("POST", `/v1/multisigs/${id}/transactions`, key, { to: other, value: "0" });
    expect(proposal.status, JSON.stringify(proposal.body)).toBe(201);
  });

  await test.step("the multisig page shows owners, threshold and the pending transaction", async () => {
    await signIn(page, `/multisigs/${id}`, email, password);
    await expect(page.getByRole("heading", { name: "Ops Safe" })).toBeVisible();
    await expect(page.getByTestId("threshold")).toHaveText("1 of 2");
    await expect(page.getByTestId("owners")).toContainText("your acting account");
    await expect(page.getByTestId("confirmations-0")).toContainText("1 of 1");
  });

  await test.step("execute from the page", async () => {
    await page.getByRole("button", { name: "Execute Safe transaction 0" }).click();
    await confirmDialog(page);
    await expect(page.getByText("Nothing pending")).toBeVisible({ timeout: 30_000 });
    await page.reload();
    await expect(page.getByText("Nothing pending")).toBeVisible();
  });

  await test.step("the multisigs page lists it", async () => {
    await page.getByRole("navigation", { name: "Console", exact: true }).getByRole("link", { name: "Multisigs" }).click();
    await expect(page.getByRole("heading", { name: "Multisigs", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ops Safe" })).toBeVisible();
  });
});
