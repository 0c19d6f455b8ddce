// A Safe run from the console alone, checked on chain: sign up, create a 2-of-2 Safe owned by the tenant's
// wallet and a second owner (getOwners and getThreshold on chain), fund it (its balance shows in POL), propose
// sending 0.25 POL, approve it with the tenant's wallet (approvedHashes on chain), let the second owner approve
// from its own key, execute from the page: the recipient holds 0.25 POL and the Safe's nonce moved. The
// multisig pages are looked at 1440 px and 375 px wide (no sideways overflow) and saved under e2e/screenshots/.
import { join } from "node:path";
import { createWalletClient, defineChain, http, parseAbi, parseEther, zeroAddress, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test, newContext, base, expectNoHorizontalOverflow, confirmDialog, PHONE, SHOTS, WIDE, atBothWidths, localChain, pageErrors, signUp } from "./helpers";

const url = (path: string) => `${base()}${path}`;

const SAFE = parseAbi([
  "function getOwners() view returns (address[])",
  "function getThreshold() view returns (uint256)",
  "function nonce() view returns (uint256)",
  "function approvedHashes(address, bytes32) view returns (uint256)",
  "function approveHash(bytes32)",
  "function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 _nonce) view returns (bytes32)",
]);

test("a Safe created, funded, proposed to, approved and executed from the console, checked on chain", async ({ browser }) => {
  const { rpc, chain } = localChain();
  const local = defineChain({ id: await chain.getChainId(), name: "local", nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpc!] } } });
  const setBalance = (address: Address, wei: bigint) => chain.request({ method: "hardhat_setBalance" as never, params: [address, `0x${wei.toString(16)}`] as never });
  const second = privateKeyToAccount(generatePrivateKey());
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const context = await newContext(browser, { viewport: WIDE });
  const page = await context.newPage();
  const errors = pageErrors(page);
  let wallet = "" as Address;
  let safe = "" as Address;
  let path = "";

  await test.step("sign up", async () => {
    await signUp(page, { name: "Sam Safe", company: "Safe Ops Co", email: `safeops.${Date.now()}@example.com` });
    wallet = (await page.getByTestId("wallet-address").textContent())!.trim() as Address;
  });

  await test.step("create a 2-of-2 Safe: owners and threshold on chain", async () => {
    await page.getByRole("navigation", { name: "Console", exact: true }).getByRole("link", { name: "Multisigs" }).click();
    const form = page.getByRole("form", { name: "Create a Safe" });
    await expect(form.getByLabel("Owners")).toHaveValue(new RegExp(wallet));
    await form.getByLabel("Name").fill("Ops Safe");
    await form.getByLabel("Owners").fill(`${wallet}\n${second.address}`);
    await form.getByLabel("Signatures needed").fill("3");
    await form.getByRole("button", { name: "Create Safe" }).click();
    await expect(form.locator(".error")).toContainText(/threshold|owners/i); // more signatures than owners is refused in words
    await form.getByLabel("Signatures needed").fill("2");
    await form.getByRole("button", { name: "Create Safe" }).click();
    await expect(page).toHaveURL(/\/multisigs\/msig_[0-9a-z]+$/);
    path = new URL(page.url()).pathname;
    await expect(page.locator(".page-header [data-status]")).toHaveAttribute("data-status", "active", { timeout: 60_000 });
    safe = (await page.getByTestId("safe-address").textContent())!.match(/0x[0-9a-fA-F]{40}/)![0] as Address;
    expect(await chain.readContract({ address: safe, abi: SAFE, functionName: "getOwners" })).toEqual([wallet, second.address]);
    expect(await chain.readContract({ address: safe, abi: SAFE, functionName: "getThreshold" })).toBe(2n);
    await expect(page.getByTestId("threshold")).toHaveText("2 of 2");
    await expect(page.getByTestId("safe-balance")).toHaveText("0 POL");
  });

  await test.step("funded on chain, the page shows its balance in POL", async () => {
    await setBalance(safe, parseEther("1"));
    await setBalance(second.address, parseEther("1"));
    await page.reload();
    await expect(page.getByTestId("safe-balance")).toHaveText("1 POL");
  });

  await test.step("propose sending 0.25 POL", async () => {
    const form = page.getByRole("form", { name: "Propose a transaction" });
    await form.getByLabel("To").fill(recipient);
    await form.getByLabel("Amount (POL)").fill("0.25");
    await expect(form.getByText("250000000000000000", { exact: true })).toBeVisible();
    await form.getByRole("button", { name: "Propose" }).click();
    await expect(form.getByRole("status")).toContainText("Proposed as transaction 0");
    await expect(page.getByTestId("value-0")).toHaveText("0.25 POL");
    await expect(page.getByTestId("confirmations-0")).toContainText("1 of 2"); // the tenant's wallet sends the execution
    await expect(page.getByRole("button", { name: "Execute Safe transaction 0" })).toHaveCount(0);
  });

  const hash = () =>
    chain.readContract({ address: safe, abi: SAFE, functionName: "getTransactionHash", args: [recipient, parseEther("0.25"), "0x", 0, 0n, 0n, 0n, zeroAddress, zeroAddress, 0n] });

  await test.step("approve with the tenant's wallet: approvedHashes on chain", async () => {
    await page.getByRole("button", { name: "Approve Safe transaction 0" }).click();
    await expect(page.getByTestId("followed")).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 });
    expect(await chain.readContract({ address: safe, abi: SAFE, functionName: "approvedHashes", args: [wallet, await hash()] })).toBe(1n);
  });

  await test.step("the second owner approves from its own key; the page offers Execute", async () => {
    const owner = createWalletClient({ account: second, chain: local, transport: http(rpc) });
    const sent: Hex = await owner.writeContract({ address: safe, abi: SAFE, functionName: "approveHash", args: [await hash()] });
    expect((await chain.waitForTransactionReceipt({ hash: sent })).status).toBe("success");
    await page.reload();
    await expect(page.getByTestId("approved-0")).toHaveText("Approved on chain by your acting account");
    await expect(page.getByTestId("confirmations-0")).toContainText("2 of 2");
    await atBothWidths(page, "multisig-ops-pending");
  });

  await test.step("execute: the recipient holds 0.25 POL on chain and the Safe's nonce moved", async () => {
    await page.getByRole("button", { name: "Execute Safe transaction 0" }).click();
    await confirmDialog(page);
    await expect(page.getByText("Nothing pending")).toBeVisible({ timeout: 60_000 });
    expect(await chain.getBalance({ address: recipient })).toBe(parseEther("0.25"));
    expect(await chain.readContract({ address: safe, abi: SAFE, functionName: "nonce" })).toBe(1n);
    await page.reload();
    await expect(page.getByTestId("safe-balance")).toHaveText("0.75 POL");
  });

  await test.step("the multisig pages at 1440 px and 375 px", async () => {
    const storageState = await context.storageState();
    for (const [size, viewport] of [["desktop", WIDE], ["mobile", PHONE]] as const) {
      const ctx = await newContext(browser, { storageState, viewport });
      const p = await ctx.newPage();
      for (const [name, at] of [["multisigs", "/multisigs"], ["multisig", path]]) {
        await p.goto(url(at));
        await expect(p.locator("main h1").first()).toBeVisible();
        await p.waitForLoadState("networkidle");
        await expectNoHorizontalOverflow(p);
        await p.screenshot({ path: join(SHOTS, `multisig-ops-${name}-${size}.png`), fullPage: true });
      }
      await ctx.close();
    }
  });

  expect(errors, "uncaught errors in the page").toEqual([]);
  await context.close();
});
