// Signatures from a browser wallet in the console, checked on chain. The wallet is what a real browser would
// have: an EIP-1193 provider at window.ethereum (added before the page's scripts run) whose key stays on the
// Node side (a viem local account); eth_signTypedData_v4 is answered there by signing the JSON the page sent,
// so every signature is a real secp256k1 signature of the typed data the console built.
// 1. A 2-of-2 Safe of the tenant's acting account and a wallet owner (created through the API, funded on chain):
//    a wallet that is not an owner is told so at 375 px and nothing is kept; the console proposes sending 0.25
//    POL, the acting account approves it on chain, the owner signs it with their wallet (SafeTx EIP-712; again →
//    "already"), the confirmations read 2 of 2 and the execution pays the recipient and moves the Safe's nonce.
// 2. Governance: a token holder's wallet delegates to itself by signature (Delegation, relayed by the acting
//    account), a proposal is made and becomes Active, the wallet votes by signature (Ballot): hasVoted and
//    the tally on chain count the wallet's power, not the acting account's.
import { parseAbi, parseEther, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test, api, base, until, newContext, expectNoHorizontalOverflow, confirmDialog, deployVotesDao, localChain, pageErrors, registerTenant, signIn, confirmed, PHONE, WIDE } from "./helpers";
import { injectTestWallet } from "./test-wallet";

const SAFE = parseAbi([
  "function nonce() view returns (uint256)",
  "function approvedHashes(address, bytes32) view returns (uint256)",
]);
const VOTES = parseAbi(["function delegates(address) view returns (address)", "function getVotes(address) view returns (uint256)"]);
const GOVERNOR = parseAbi([
  "function state(uint256) view returns (uint8)",
  "function proposalVotes(uint256) view returns (uint256 against, uint256 for, uint256 abstain)",
  "function hasVoted(uint256, address) view returns (bool)",
]);

/** A tenant through the API: its access token, a secret key and the acting account's address. */
async function register(slug: string, company: string) {
  const email = `${slug}.${Date.now()}@example.com`;
  const key = await registerTenant(email, company);
  const acting = (await api("GET", "/v1/settings/wallet-mode", key)).body.wallet_address as Address;
  return { email, key, acting };
}

test("a Safe owner signs a pending transaction with their browser wallet; a non-owner is refused; the execution counts it", async ({ browser }) => {
  const { chain } = localChain();
  const chainId = await chain.getChainId();
  const owner = privateKeyToAccount(generatePrivateKey());
  const stranger = privateKeyToAccount(generatePrivateKey());
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const { email, key, acting } = await register("walletsafe", "Wallet Safe Co");
  let safe = "" as Address;
  let id = "";

  await test.step("a 2-of-2 Safe of the acting account and the wallet owner, created through the API and funded", async () => {
    const created = await api("POST", "/v1/multisigs", key, { name: "Shared Safe", network: "polygon_amoy", owners: [acting, owner.address], threshold: 2 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    id = created.body.id;
    safe = await until(async () => {
      const m = (await api("GET", `/v1/multisigs/${id}`, key)).body;
      return m.status === "active" && (m.address as Address);
    }, "the Safe deployed", 90_000);
    await chain.request({ method: "hardhat_setBalance" as never, params: [safe, `0x${parseEther("1").toString(16)}`] as never });
  });

  const context = await newContext(browser, { viewport: WIDE });
  const page = await context.newPage();
  const errors = pageErrors(page);
  const path = () => `/multisigs/${id}`;

  await test.step("sign in and propose sending 0.25 POL from the console", async () => {
    await signIn(page, path(), email);
    await expect(page.getByTestId("safe-balance")).toHaveText("1 POL");
    const form = page.getByRole("form", { name: "Propose a transaction" });
    await form.getByLabel("To").fill(recipient);
    await form.getByLabel("Amount (POL)").fill("0.25");
    await form.getByRole("button", { name: "Propose" }).click();
    await expect(form.getByRole("status")).toContainText("Proposed as transaction 0");
    await expect(page.getByTestId("confirmations-0")).toContainText("1 of 2");
  });

  await test.step("at 375 px, a wallet that is not an owner signs: refused in words, nothing kept", async () => {
    const phone = await newContext(browser, { viewport: PHONE, storageState: await context.storageState() });
    const signed = (await injectTestWallet(phone, stranger, chainId)).typedData;
    const p = await phone.newPage();
    await p.goto(`${base()}${path()}`);
    const button = p.getByRole("button", { name: "Sign Safe transaction 0 with a browser wallet" });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.height).toBeGreaterThanOrEqual(24);
    await expectNoHorizontalOverflow(p);
    await button.click();
    await expect(p.getByTestId("wallet-error-0")).toContainText(`${stranger.address} is not an owner of this Safe`);
    expect(signed).toHaveLength(1); // it did sign; the server refused to keep it
    await p.reload();
    await expect(p.getByTestId("confirmations-0")).toContainText("1 of 2");
    await expect(p.getByTestId("confirmations-0")).not.toContainText("wallet signature");
    await p.screenshot({ path: "/tmp/wallet-signing-refused-375.png", fullPage: true });
    await phone.close();
  });

  await test.step("the acting account approves on chain", async () => {
    await page.getByRole("button", { name: "Approve Safe transaction 0" }).click();
    await expect(page.getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    await expect(page.getByRole("button", { name: "Execute Safe transaction 0" })).toHaveCount(0);
  });

  await test.step("the owner signs with their wallet (SafeTx EIP-712): 2 of 2; a second signature is not kept twice", async () => {
    const ownerContext = await newContext(browser, { viewport: WIDE, storageState: await context.storageState() });
    const signed = (await injectTestWallet(ownerContext, owner, chainId)).typedData;
    const p = await ownerContext.newPage();
    p.on("pageerror", (e) => errors.push(e.message));
    await p.goto(`${base()}${path()}`);
    await p.getByRole("button", { name: "Sign Safe transaction 0 with a browser wallet" }).click();
    await expect(p.getByTestId("wallet-signed-0")).toHaveText(`Signed by ${owner.address}.`);
    expect(signed).toHaveLength(1);
    expect(signed[0]).toMatchObject({ primaryType: "SafeTx", domain: { chainId, verifyingContract: safe }, message: { to: recipient, value: parseEther("0.25").toString(), nonce: "0", operation: 0 } });
    await expect(p.getByTestId("confirmations-0")).toContainText("2 of 2");
    await expect(p.getByTestId("confirmations-0")).toContainText("(wallet signature)");

    await p.getByRole("button", { name: "Sign Safe transaction 0 with a browser wallet" }).click();
    await expect(p.getByTestId("wallet-signed-0")).toContainText("had signed this transaction already");
    await p.reload();
    await expect(p.getByTestId("confirmations-0")).toContainText("2 of 2");
    expect(await p.getByTestId("confirmations-0").getByText("(wallet signature)").count()).toBe(1);
    await p.screenshot({ path: "/tmp/wallet-signing-signed-1440.png", fullPage: true });
    await ownerContext.close();
  });

  await test.step("execute: the recipient holds 0.25 POL on chain and the Safe's nonce moved", async () => {
    await page.reload();
    await expect(page.getByTestId("confirmations-0")).toContainText("2 of 2");
    await page.getByRole("button", { name: "Execute Safe transaction 0" }).click();
    await confirmDialog(page);
    await expect(page.getByText("Nothing pending")).toBeVisible({ timeout: 60_000 });
    expect(await chain.getBalance({ address: recipient })).toBe(parseEther("0.25"));
    expect(await chain.readContract({ address: safe, abi: SAFE, functionName: "nonce" })).toBe(1n);
  });

  expect(errors, "uncaught errors in the page").toEqual([]);
  await context.close();
});

test("a token holder delegates and votes with their browser wallet; the vote counts their power on chain", async ({ browser }) => {
  const { chain } = localChain();
  const chainId = await chain.getChainId();
  const rpcCall = (method: string, params: unknown[]) => chain.request({ method: method as never, params: params as never });
  const holder = privateKeyToAccount(generatePrivateKey());
  const { email, key, acting } = await register("walletgov", "Wallet DAO Co");
  let token = "" as Address;
  let governor = "" as Address;
  let id = "";

  await test.step("a votes token and its Governor through the API; 300 VOTE to the holder's wallet", async () => {
    const dao = await deployVotesDao(key, "Wallet DAO");
    token = dao.token.address;
    id = dao.governance.id;
    governor = dao.governance.governor_address;
    await confirmed(key, `/v1/tokens/${dao.token.id}/transfer`, { to: holder.address, amount: parseEther("300").toString() }, "the transfer confirmed");
  });

  const context = await newContext(browser, { viewport: WIDE });
  const signed = (await injectTestWallet(context, holder, chainId)).typedData;
  const page = await context.newPage();
  const errors = pageErrors(page);
  const card = page.locator(`[data-governance="${id}"]`);

  await test.step("connect the wallet: 300 VOTE held, no voting power yet", async () => {
    await signIn(page, "/governance", email);
    await card.getByRole("button", { name: "Connect a browser wallet" }).click();
    await expect(card.getByTestId(`wallet-power-${id}`)).toContainText(`${holder.address}: voting power 0 VOTE of 300 VOTE held — not delegated yet`);
  });

  await test.step("delegate with the wallet (Delegation signed, delegateBySig relayed): delegates and getVotes on chain", async () => {
    await card.getByRole("button", { name: "Delegate with a browser wallet in Wallet DAO" }).click();
    await expect(card.getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    expect(signed.at(-1)).toMatchObject({ primaryType: "Delegation", domain: { chainId, verifyingContract: token }, message: { delegatee: holder.address, nonce: "0" } });
    expect(await chain.readContract({ address: token, abi: VOTES, functionName: "delegates", args: [holder.address] })).toBe(holder.address);
    expect(await chain.readContract({ address: token, abi: VOTES, functionName: "getVotes", args: [holder.address] })).toBe(parseEther("300"));
    await expect(card.getByTestId(`wallet-power-${id}`)).toContainText("voting power 300 VOTE of 300 VOTE held (delegated to itself)");
  });

  let pid = 0n;
  const row = () => card.locator(`tr[data-proposal="${pid}"]`);

  await test.step("a proposal from the console, Active once its delay has passed", async () => {
    await card.getByText("New proposal").click();
    const form = page.getByRole("form", { name: "Propose to Wallet DAO" });
    await form.getByLabel("Description").fill("Wallet vote\nA call with no data.");
    await form.getByLabel("Contract to call").fill("0x00000000000000000000000000000000000e2e03");
    await form.getByRole("button", { name: "Propose" }).click();
    await expect(form.getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    const proposal = card.locator("tr[data-proposal]").filter({ hasText: "Wallet vote" });
    pid = BigInt((await proposal.getAttribute("data-proposal"))!);
    await rpcCall("hardhat_mine", ["0x2"]);
    await page.reload();
    await expect(row()).toHaveAttribute("data-state", "Active");
  });

  await test.step("vote against with the wallet (Ballot signed, castVoteBySig relayed): hasVoted and the tally on chain", async () => {
    await row().getByLabel("Your wallet's vote — Wallet vote").selectOption("against");
    await row().getByRole("button", { name: "Vote with a browser wallet — Wallet vote" }).click();
    await expect(row().getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    expect(signed.at(-1)).toMatchObject({
      primaryType: "Ballot", domain: { name: "Wallet DAO", version: "1", chainId, verifyingContract: governor }, message: { proposalId: pid.toString(), support: 0, voter: holder.address, nonce: "0" },
    });
    expect(await chain.readContract({ address: governor, abi: GOVERNOR, functionName: "hasVoted", args: [pid, holder.address] })).toBe(true);
    expect(await chain.readContract({ address: governor, abi: GOVERNOR, functionName: "hasVoted", args: [pid, acting] })).toBe(false);
    const [against, inFavour, abstain] = await chain.readContract({ address: governor, abi: GOVERNOR, functionName: "proposalVotes", args: [pid] });
    expect([against, inFavour, abstain]).toEqual([parseEther("300"), 0n, 0n]);
    await page.reload();
    await expect(row()).toHaveAttribute("data-state", "Active");
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: "/tmp/wallet-signing-governance-1440.png", fullPage: true });
  });

  await test.step("the same wallet voting again is refused in words, before it is asked to sign", async () => {
    const before = signed.length;
    await row().getByRole("button", { name: "Vote with a browser wallet — Wallet vote" }).click();
    await expect(row().getByTestId(`wallet-vote-error-${pid}`)).toHaveText(`${holder.address} has already voted on this proposal: a vote cannot be changed.`);
    expect(signed).toHaveLength(before);
  });

  await test.step("at 375 px the wallet's vote is reachable", async () => {
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    const button = row().getByRole("button", { name: "Vote with a browser wallet — Wallet vote" });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
    await page.screenshot({ path: "/tmp/wallet-signing-governance-375.png", fullPage: true });
  });

  expect(errors, "uncaught errors in the page").toEqual([]);
  await context.close();
});
