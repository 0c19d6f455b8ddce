// A Governor + Timelock created from the console's governance page: the voting token chosen by its symbol,
// delay and period typed in blocks (shown as times), quorum in %, the timelock's delay in seconds; the notice
// follows the instance until it is active, and the governor on chain has those settings (votingDelay,
// votingPeriod, quorumNumerator, token) and its timelock that delay. The page is looked at 1440 px and 375 px.
import { join } from "node:path";
import { getAddress, parseAbi, parseEther, type Address } from "viem";
import { expect, test, api, base, until, expectNoHorizontalOverflow, PHONE, SHOTS, WIDE, localChain, pageErrors, registerTenant, signIn } from "./helpers";

const GOVERNOR = parseAbi([
  "function votingDelay() view returns (uint256)",
  "function votingPeriod() view returns (uint256)",
  "function quorumNumerator() view returns (uint256)",
  "function token() view returns (address)",
  "function timelock() view returns (address)",
  "function name() view returns (string)",
]);
const TIMELOCK = parseAbi(["function getMinDelay() view returns (uint256)"]);

for (const [size, viewport] of [["desktop", WIDE], ["mobile", PHONE]] as const) {
  test(`create a governance instance from the console at ${size} width, checked on chain`, async ({ page }) => {
    const { chain } = localChain();
    const email = `govnew.${size}.${Date.now()}@example.com`;
    const name = `Made DAO ${size}`;
    let key = "";
    let tokenAddress = "" as Address;
    await page.setViewportSize(viewport);
    const errors = pageErrors(page);

    await test.step("an account, and a token without votes, through the API", async () => {
      key = await registerTenant(email, "New DAO Co");
      const plain = await api("POST", "/v1/tokens", key, { name: "Plain Coin", symbol: "PLN", standard: "ERC20", network: "polygon_amoy", initial_supply: "0" });
      expect(plain.status, JSON.stringify(plain.body)).toBe(201);
      await until(async () => (await api("GET", `/v1/tokens/${plain.body.id}`, key)).body.status === "deployed", "the plain token deployed");
    });

    await test.step("sign in and deploy the votes token from the console (Votes ticked)", async () => {
      await signIn(page, "/tokens/new", email);
      await page.getByLabel("Name", { exact: true }).fill("Ballot Coin");
      await page.getByLabel("Symbol").fill("BLT");
      await page.getByLabel("Initial supply").fill("100");
      await page.getByLabel(/^Votes/).check();
      await page.getByRole("button", { name: "Deploy token" }).click();
      await expect(page).toHaveURL(/\/tokens\/tok_[0-9a-z]+$/);
      await expect(page.locator(".page-header [data-status]")).toHaveAttribute("data-status", "deployed", { timeout: 60_000 });
      const id = page.url().split("/").at(-1)!;
      const token = (await api("GET", `/v1/tokens/${id}`, key)).body;
      expect(token.features).toMatchObject({ votes: true });
      tokenAddress = token.address as Address;
    });

    await test.step("the form offers the votes token only, lengths shown as times", async () => {
      await page.goto(`${base()}/governance`);
      const form = page.getByRole("form", { name: "Create a governance instance" });
      const options = await form.getByLabel("Voting token").locator("option").allTextContents();
      expect(options).toEqual([expect.stringMatching(/^BLT — Ballot Coin/)]);
      await form.getByLabel("Name").fill(name);
      await form.getByLabel("Voting delay (blocks)").fill("2");
      await form.getByLabel("Voting period (blocks)").fill("90");
      await expect(form).toContainText("90 blocks, about 3 min");
      await form.getByLabel("Quorum (%)").fill("12");
      await form.getByLabel("Timelock delay (seconds)").fill("7200");
      await expect(form).toContainText("2 h");
      await form.getByLabel("Proposal threshold (BLT)").fill("1.5");
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: join(SHOTS, `governance-create-form-${size}.png`), fullPage: true });
    });

    await test.step("create it: the notice follows it until active, the list shows it", async () => {
      const form = page.getByRole("form", { name: "Create a governance instance" });
      await form.getByRole("button", { name: "Create governance" }).click();
      await expect(form.getByTestId("followed")).toHaveAttribute("data-status", "active", { timeout: 120_000 });
      await expect(page.locator("[data-governance]").filter({ hasText: name })).toContainText("quorum 12%");
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: join(SHOTS, `governance-created-${size}.png`), fullPage: true });
    });

    await test.step("on chain: the governor counts that token with those settings, its timelock waits 2 h", async () => {
      const list = (await api("GET", "/v1/governance", key)).body.data as { name: string; governor_address: Address; timelock_address: Address; proposal_threshold: string }[];
      const g = list.find((x) => x.name === name)!;
      expect(g.proposal_threshold).toBe(parseEther("1.5").toString());
      const read = (functionName: "votingDelay" | "votingPeriod" | "quorumNumerator") => chain.readContract({ address: g.governor_address, abi: GOVERNOR, functionName });
      expect(await read("votingDelay")).toBe(2n);
      expect(await read("votingPeriod")).toBe(90n);
      expect(await read("quorumNumerator")).toBe(12n);
      expect(await chain.readContract({ address: g.governor_address, abi: GOVERNOR, functionName: "name" })).toBe(name);
      expect(getAddress(await chain.readContract({ address: g.governor_address, abi: GOVERNOR, functionName: "token" }))).toBe(getAddress(tokenAddress));
      expect(getAddress(await chain.readContract({ address: g.governor_address, abi: GOVERNOR, functionName: "timelock" }))).toBe(getAddress(g.timelock_address));
      expect(await chain.readContract({ address: g.timelock_address, abi: TIMELOCK, functionName: "getMinDelay" })).toBe(7200n);
    });

    expect(errors, "uncaught errors in the page").toEqual([]);
  });
}
