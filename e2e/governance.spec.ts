// Governance run from the console, checked on chain: a votes token and a Governor + Timelock set up through the
// API; in the console the tenant delegates its votes to its wallet (delegates and getVotes on chain), proposes a
// call (state Pending on chain), votes for it once Active (proposalVotes and hasVoted on chain), queues it once
// the vote has ended (Queued), and executes it once the timelock's delay has passed (Executed). The vote's
// window shows as times, not block numbers. The page is looked at 1440 px and 375 px wide.
import { parseAbi, parseEther, type Address } from "viem";
import { expect, test, api, atBothWidths, deployVotesDao, localChain, pageErrors, registerTenant, signIn, WIDE } from "./helpers";

const TARGET = "0x00000000000000000000000000000000000e2e02";

const VOTES = parseAbi(["function delegates(address) view returns (address)", "function getVotes(address) view returns (uint256)"]);
const GOVERNOR = parseAbi([
  "function state(uint256) view returns (uint8)",
  "function proposalVotes(uint256) view returns (uint256 against, uint256 for, uint256 abstain)",
  "function hasVoted(uint256, address) view returns (bool)",
]);
const STATE = { Pending: 0, Active: 1, Succeeded: 4, Queued: 5, Executed: 7 };

test("propose, vote, queue, execute and delegate from the console, checked on chain", async ({ page }) => {
  const { chain } = localChain();
  const rpcCall = (method: string, params: unknown[]) => chain.request({ method: method as never, params: params as never });
  const email = `gov.${Date.now()}@example.com`;
  let wallet = "" as Address;
  let token = "" as Address;
  let governor = "" as Address;
  let id = "";
  await page.setViewportSize(WIDE);
  const errors = pageErrors(page);

  await test.step("set up through the API: a votes token and its Governor + Timelock", async () => {
    const key = await registerTenant(email, "DAO Co");
    wallet = (await api("GET", "/v1/settings/wallet-mode", key)).body.wallet_address;
    const dao = await deployVotesDao(key, "Vote DAO");
    token = dao.token.address;
    id = dao.governance.id;
    governor = dao.governance.governor_address;
  });

  const card = page.locator(`[data-governance="${id}"]`);

  await test.step("sign in: no voting power until the tokens are delegated", async () => {
    await signIn(page, "/governance", email);
    await expect(card.getByTestId(`voting-power-${id}`)).toContainText("0 VOTE");
    await expect(card).toContainText("votes start 1 block");
  });

  await test.step("delegate to the wallet itself: delegates and getVotes on chain", async () => {
    const form = page.getByRole("form", { name: "Delegate votes in Vote DAO" });
    await expect(form.getByLabel("Delegate to")).toHaveValue(wallet);
    await form.getByRole("button", { name: "Delegate votes" }).click();
    await expect(form.getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    expect(await chain.readContract({ address: token, abi: VOTES, functionName: "delegates", args: [wallet] })).toBe(wallet);
    expect(await chain.readContract({ address: token, abi: VOTES, functionName: "getVotes", args: [wallet] })).toBe(parseEther("1000"));
    await expect(card.getByTestId(`voting-power-${id}`)).toContainText("1,000 VOTE");
  });

  let pid = 0n;
  const stateOnChain = async () => Number(await chain.readContract({ address: governor, abi: GOVERNOR, functionName: "state", args: [pid] }));

  await test.step("propose a call: Pending on chain, its vote's window as times", async () => {
    await card.getByText("New proposal").click();
    const form = page.getByRole("form", { name: "Propose to Vote DAO" });
    await form.getByLabel("Description").fill("Ping the treasury\nA call with no data.");
    await form.getByLabel("Contract to call").fill(TARGET);
    await form.getByRole("button", { name: "Propose" }).click();
    await expect(form.getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    const row = card.locator("tr[data-proposal]").filter({ hasText: "Ping the treasury" });
    await expect(row).toHaveAttribute("data-state", "Pending");
    pid = BigInt((await row.getAttribute("data-proposal"))!);
    expect(await stateOnChain()).toBe(STATE.Pending);
    await expect(row.getByTestId("voting-window")).toContainText(/UTC → about .* UTC/);
  });

  const row = () => card.locator(`tr[data-proposal="${pid}"]`);
  /** Mines `blocks` and reloads (the proposal then in `state`), presses `action` on its row and waits for the transaction to confirm. */
  const actAfter = async (blocks: string, state: string, action: string) => {
    await rpcCall("hardhat_mine", [blocks]);
    await page.reload();
    await expect(row()).toHaveAttribute("data-state", state);
    await row().getByRole("button", { name: `${action} — Ping the treasury` }).click();
    await expect(row().getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
  };

  await test.step("vote for it once Active: the tally and hasVoted on chain", async () => {
    await actAfter("0x2", "Active", "Vote for");
    const [against, inFavour] = await chain.readContract({ address: governor, abi: GOVERNOR, functionName: "proposalVotes", args: [pid] });
    expect([against, inFavour]).toEqual([0n, parseEther("1000")]);
    expect(await chain.readContract({ address: governor, abi: GOVERNOR, functionName: "hasVoted", args: [pid, wallet] })).toBe(true);
    await expect(row()).toContainText("1,000 VOTE");
    await atBothWidths(page, "governance-voted");
  });

  await test.step("queue it once the vote has ended: Queued on chain", async () => {
    await actAfter("0x6", "Succeeded", "Queue");
    expect(await stateOnChain()).toBe(STATE.Queued);
    await page.reload();
    await expect(row()).toContainText("Waiting for the timelock");
  });

  await test.step("execute it once the timelock's delay has passed: Executed on chain", async () => {
    await rpcCall("evm_increaseTime", [61]);
    await rpcCall("hardhat_mine", ["0x1"]);
    await page.reload();
    await row().getByRole("button", { name: "Execute — Ping the treasury" }).click();
    await expect(row().getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    expect(await stateOnChain()).toBe(STATE.Executed);
    await page.reload();
    await expect(row()).toHaveAttribute("data-state", "Executed");
  });

  await test.step("the page at 1440 px and 375 px", async () => {
    await atBothWidths(page, "governance");
  });

  expect(errors, "uncaught errors in the page").toEqual([]);
});
