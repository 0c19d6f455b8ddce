// Identities and compliance of a regulated (ERC3643) token run from the console, checked on chain: the token set
// up through the API; on the identities page the tenant registers an investor (contains and investorCountry on
// the identity registry), adds a KYC claim about it (the claim on its ONCHAINID), adds a country-restrict module
// to the token's compliance (getModules and isModuleBound), and removes it again. The page is looked at 1440 px
// and 375 px wide.
import { getAddress, parseAbi, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test, api, base, until, confirmDialog, WIDE, atBothWidths, localChain, pageErrors, registerTenant, signIn, deployToken } from "./helpers";

const REGISTRY = parseAbi(["function contains(address) view returns (bool)", "function investorCountry(address) view returns (uint16)"]);
const ONCHAINID = parseAbi(["function getClaimIdsByTopic(uint256) view returns (bytes32[])"]);
/** A tenant registered through the API (Grace of `company`), and its regulated token once the suite is deployed and unpaused. */
async function regulatedToken(email: string, company: string, token: { name: string; symbol: string; decimals: number }) {
  const key = await registerTenant(email, company, "Grace");
  const ready = (t: { regulated?: { paused: boolean } }) => t.regulated?.paused === false;
  return { key, token: await deployToken(key, { ...token, standard: "ERC3643", network: "polygon_amoy" }, { ready, what: "the suite deployed and unpaused", timeoutMs: 90_000 }) };
}
const COMPLIANCE = parseAbi(["function getModules() view returns (address[])", "function isModuleBound(address) view returns (bool)"]);

test("register an investor, add a claim, add and remove a compliance module from the console, checked on chain", async ({ page }) => {
  const { chain } = localChain();
  const email = `trex.${Date.now()}@example.com`;
  const investor = privateKeyToAccount(generatePrivateKey()).address;
  await page.setViewportSize(WIDE);
  const errors = pageErrors(page);

  const { key, token } = await test.step("set up through the API: a regulated token", () => regulatedToken(email, "Bond Co", { name: "Blue Bond", symbol: "BBND", decimals: 0 }));
  const registry = getAddress(token.regulated.identity_registry);
  const compliance = getAddress(token.regulated.compliance);

  await test.step("sign in", async () => {
    await signIn(page, "/identities", email);
  });

  const row = page.locator(`tr[data-wallet="${investor}"]`);

  await test.step("register an investor from France: in the identity registry on chain", async () => {
    const form = page.getByRole("form", { name: "Register an investor" });
    await form.getByLabel("Investor wallet").fill(investor);
    await form.getByLabel("Country").fill("XX");
    await form.getByRole("button", { name: "Register investor" }).click();
    await expect(form.locator(".error")).toContainText("ISO 3166-1 alpha-2 code");
    await form.getByLabel("Country").fill("FR");
    await form.getByRole("button", { name: "Register investor" }).click();
    await expect(row).toHaveAttribute("data-status", "registered", { timeout: 90_000 });
    expect(await chain.readContract({ address: registry, abi: REGISTRY, functionName: "contains", args: [investor] })).toBe(true);
    expect(await chain.readContract({ address: registry, abi: REGISTRY, functionName: "investorCountry", args: [investor] })).toBe(250);
  });

  await test.step("add a KYC claim: on the investor's ONCHAINID", async () => {
    await row.getByRole("form", { name: `Add a claim about ${investor}` }).getByRole("button", { name: "Add claim" }).click();
    await expect(row.locator('li[data-topic="1"]')).toHaveAttribute("data-status", "added", { timeout: 60_000 });
    const identity = (await api("GET", `/v1/identities?wallet=${investor}`, key)).body.data[0].identity_address as Address;
    expect(await chain.readContract({ address: identity, abi: ONCHAINID, functionName: "getClaimIdsByTopic", args: [1n] })).toHaveLength(1);
  });

  let module = "" as Address;
  await test.step("block US investors with a compliance module: bound on chain", async () => {
    const before = await chain.readContract({ address: compliance, abi: COMPLIANCE, functionName: "getModules" });
    const form = page.getByRole("form", { name: "Add a compliance module" });
    await form.getByLabel("Rule").selectOption("CountryRestrictModule");
    await form.getByLabel("Countries").fill("US");
    await form.getByRole("button", { name: "Add module" }).click();
    const added = page.locator("tr[data-module]").filter({ hasText: "Blocked countries" });
    await expect(added).toHaveAttribute("data-status", "deployed", { timeout: 90_000 });
    await expect(added).toContainText("US");
    const modules = await chain.readContract({ address: compliance, abi: COMPLIANCE, functionName: "getModules" });
    expect(modules).toHaveLength(before.length + 1);
    module = modules.find((m) => !before.includes(m))!;
    expect(await chain.readContract({ address: compliance, abi: COMPLIANCE, functionName: "isModuleBound", args: [module] })).toBe(true);
    await atBothWidths(page, "compliance-identities");
  });

  await test.step("remove the module: no longer bound on chain", async () => {
    const added = page.locator("tr[data-module]").filter({ hasText: "Blocked countries" });
    // The confirmation is a dialog: the safe choice has the focus, and Escape leaves the module as it is.
    await added.getByRole("button", { name: /^Remove Blocked countries/ }).click();
    await expect(page.getByRole("dialog")).toContainText("Transfers are no longer checked against it.");
    await expect(page.getByRole("dialog").getByRole("button", { name: "Cancel" })).toBeFocused();
    await atBothWidths(page, "confirm-dialog", { fullPage: false });
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    expect(await chain.readContract({ address: compliance, abi: COMPLIANCE, functionName: "isModuleBound", args: [module] })).toBe(true);
    await added.getByRole("button", { name: /^Remove Blocked countries/ }).click();
    await confirmDialog(page);
    await expect(added.getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    expect(await chain.readContract({ address: compliance, abi: COMPLIANCE, functionName: "isModuleBound", args: [module] })).toBe(false);
    expect(await chain.readContract({ address: compliance, abi: COMPLIANCE, functionName: "getModules" })).not.toContain(module);
    await expect(added).toHaveAttribute("data-status", "removed", { timeout: 30_000 });
    await expect(added.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  });

  expect(errors, "uncaught errors in the page").toEqual([]);
});

const SUPPLY_LIMIT = parseAbi(["function getSupplyLimit(address) view returns (uint256)"]);
const TOKEN = parseAbi(["function totalSupply() view returns (uint256)"]);

// A limit in amounts, typed in token units: a supply limit of 1,000.5 on a token with 2 decimals is 100050 on
// chain; a mint past it is refused in words before anything is sent; once the limit is removed the same mint goes
// through. The limits form and the table are looked at 1440 px and 375 px wide.
test("add a supply limit in token units, refuse a mint past it in words, remove it", async ({ page }) => {
  const { chain } = localChain();
  const email = `trexcap.${Date.now()}@example.com`;
  const investor = privateKeyToAccount(generatePrivateKey()).address;
  await page.setViewportSize(WIDE);
  const errors = pageErrors(page);

  const { tokenId, tokenAddress, compliance } = await test.step("set up through the API: a regulated token with 2 decimals and a registered investor", async () => {
    const { key, token } = await regulatedToken(email, "Cap Co", { name: "Capped Bond", symbol: "CAPB", decimals: 2 });
    const identity = await api("POST", "/v1/identities", key, { token_id: token.id, wallet: investor, country: "FR" });
    expect(identity.status, JSON.stringify(identity.body)).toBe(201);
    await until(async () => (await api("GET", `/v1/identities/${identity.body.id}`, key)).body.status === "registered", "the identity registered");
    return { tokenId: token.id as string, tokenAddress: getAddress(token.address), compliance: getAddress(token.regulated.compliance) };
  });

  await test.step("sign in", async () => {
    await signIn(page, "/identities", email);
  });

  const capped = page.locator("tr[data-module]").filter({ hasText: "Supply limit" });
  let module = "" as Address;
  await test.step("a supply limit of 1,000.5 CAPB: 100050 on chain, shown back in units", async () => {
    const form = page.getByRole("form", { name: "Add a limit" });
    await form.getByLabel("Limit", { exact: true }).selectOption("SupplyLimitModule");
    await form.getByLabel("Most the supply may reach (CAPB)").fill("1000.505");
    await form.getByRole("button", { name: "Add limit" }).click();
    await expect(form.locator(".error")).toContainText("This token has 2 decimals");
    const before = await chain.readContract({ address: compliance, abi: COMPLIANCE, functionName: "getModules" });
    await form.getByLabel("Most the supply may reach (CAPB)").fill("1,000.5");
    await form.getByRole("button", { name: "Add limit" }).click();
    await expect(capped).toHaveAttribute("data-status", "deployed", { timeout: 90_000 });
    await expect(capped.getByTestId("module-amount")).toHaveText("supply at most 1,000.5 CAPB");
    const modules = await chain.readContract({ address: compliance, abi: COMPLIANCE, functionName: "getModules" });
    module = modules.find((m) => !before.includes(m))!;
    expect(await chain.readContract({ address: module, abi: SUPPLY_LIMIT, functionName: "getSupplyLimit", args: [compliance] })).toBe(1000_50n);
    await atBothWidths(page, "compliance-limits");
  });

  const mintFrom = async (amount: string) => {
    await page.goto(`${base()}/tokens/${tokenId}`);
    const mint = page.getByRole("form", { name: "Mint CAPB" });
    await mint.getByLabel("Recipient address").fill(investor);
    await mint.getByLabel("Amount (CAPB)").fill(amount);
    await mint.getByRole("button", { name: "Mint" }).click();
    return mint;
  };

  await test.step("a mint past the limit is refused in words, nothing sent", async () => {
    const mint = await mintFrom("1000.51");
    await expect(mint.locator(".error")).toHaveText(
      "Minting 1,000.51 CAPB is refused by the token's compliance: its supply limit is 1,000.5 CAPB, and this would take the supply past it.",
    );
    await expect(mint.getByTestId("followed")).toHaveCount(0);
    expect(await chain.readContract({ address: tokenAddress, abi: TOKEN, functionName: "totalSupply" })).toBe(0n);
  });

  await test.step("remove the limit: the same mint then goes through", async () => {
    await page.goto(`${base()}/identities`);
    await capped.getByRole("button", { name: /^Remove Supply limit/ }).click();
    await confirmDialog(page);
    await expect(capped.getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    expect(await chain.readContract({ address: compliance, abi: COMPLIANCE, functionName: "isModuleBound", args: [module] })).toBe(false);
    const mint = await mintFrom("1000.51");
    await expect(mint.getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    expect(await chain.readContract({ address: tokenAddress, abi: TOKEN, functionName: "totalSupply" })).toBe(1000_51n);
  });

  expect(errors, "uncaught errors in the page").toEqual([]);
});
