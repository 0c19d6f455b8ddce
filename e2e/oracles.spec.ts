// Randomness run from the console, checked on chain: sign up, create a VRF consumer on the local chain (the
// coordinator, key hash and subscription filled in; the consumer's admin and subscription on chain), request two
// random words (the request on the consumer), the local VRF node answers, and the page shows the words the
// consumer stored on chain and copies them. The page is looked at 1440 px and 375 px wide.
import { join } from "node:path";
import { createWalletClient, defineChain, getAddress, http, parseAbi, parseEther, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test, newContext, WIDE, atBothWidths, localChain, pageErrors, signUp } from "./helpers";

const CONSUMER = parseAbi(["function requestCount() view returns (uint256)", "function randomWords(uint256) view returns (uint256[])"]);
const MOCK = parseAbi(["function fulfillRandomWords(uint256 requestId, address consumer)"]);
const PRICE_CONSUMER = parseAbi(["function priceFeed() view returns (address)", "function pair() view returns (string)"]);
const AGGREGATOR = parseAbi(["function latestRoundData() view returns (uint80, int256 answer, uint256, uint256, uint80)", "function decimals() view returns (uint8)"]);

test("a VRF consumer created and randomness requested from the console, the words checked on chain and copied", async ({ browser }) => {
  const { rpc, chain } = localChain();
  const local = defineChain({ id: await chain.getChainId(), name: "local", nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpc!] } } });
  const context = await newContext(browser, { viewport: WIDE, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  const errors = pageErrors(page);

  await test.step("sign up", async () => {
    await signUp(page, { name: "Rae Random", company: "Raffle Co", email: `vrf.${Date.now()}@example.com` });
  });

  const card = page.locator("[data-vrf-consumer]").filter({ hasText: "Raffle" });
  let consumer = "" as Address;
  let coordinator = "" as Address;

  await test.step("create a consumer with the local chain's coordinator filled in", async () => {
    await page.getByRole("navigation", { name: "Console", exact: true }).getByRole("link", { name: "Randomness" }).click();
    const form = page.getByRole("form", { name: "Create a VRF consumer" });
    coordinator = getAddress(await form.getByLabel("VRF coordinator").inputValue());
    await expect(form.getByLabel("Key hash")).toHaveValue(/^0x[0-9a-f]{64}$/);
    await expect(form.getByLabel("Subscription")).toHaveValue(/^\d+$/);
    await form.getByLabel("Name").fill("Raffle");
    await form.getByRole("button", { name: "Create consumer" }).click();
    await expect(card.locator(".card-header [data-status]")).toHaveAttribute("data-status", "active", { timeout: 90_000 });
    consumer = getAddress((await card.getAttribute("data-address"))!);
    expect(await chain.getCode({ address: consumer })).not.toBe("0x");
    expect(await chain.readContract({ address: consumer, abi: CONSUMER, functionName: "requestCount" })).toBe(0n);
  });

  let requestId = 0n;
  await test.step("request two random words: the request on the consumer", async () => {
    const form = page.getByRole("form", { name: "Request randomness from Raffle" });
    await form.getByLabel("Random words").fill("2");
    await form.getByRole("button", { name: "Request randomness" }).click();
    const request = card.locator("tr[data-vrf-request]");
    await expect(request).toHaveAttribute("data-status", "pending", { timeout: 60_000 });
    requestId = BigInt((await request.getAttribute("data-request-id"))!);
    expect(await chain.readContract({ address: consumer, abi: CONSUMER, functionName: "requestCount" })).toBe(1n);
  });

  await test.step("the VRF node answers: the words stored on chain show on the page and copy", async () => {
    // The local chain's VRF node (the platform's cron answers within a minute): answered here at once.
    const node = privateKeyToAccount(generatePrivateKey());
    await chain.request({ method: "hardhat_setBalance" as never, params: [node.address, `0x${parseEther("1").toString(16)}`] as never });
    const wallet = createWalletClient({ account: node, chain: local, transport: http(rpc) });
    await wallet.writeContract({ address: coordinator, abi: MOCK, functionName: "fulfillRandomWords", args: [requestId, consumer] }).catch(() => "answered by the platform already");
    const request = card.locator("tr[data-vrf-request]");
    await expect(request).toHaveAttribute("data-status", "fulfilled", { timeout: 90_000 });
    const words = await chain.readContract({ address: consumer, abi: CONSUMER, functionName: "randomWords", args: [requestId] });
    expect(words).toHaveLength(2);
    await expect(request.getByTestId("random-words").locator("li")).toHaveText(words.map(String));
    await request.getByRole("button", { name: "Copy 2 words" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(words.map(String).join("\n"));
  });

  await test.step("the page at 1440 px and 375 px", async () => {
    await atBothWidths(page, "oracles-vrf");
  });

  await test.step("deploy an ETH-USD price consumer: its feed and pair on chain, its price as the aggregator answers", async () => {
    await page.getByRole("navigation", { name: "Console", exact: true }).getByRole("link", { name: "Price feeds" }).click();
    await page.getByRole("button", { name: "Deploy a ETH-USD consumer on Polygon Amoy" }).click();
    const card = page.locator('[data-price-consumer="ETH-USD"]');
    await expect(card).toHaveAttribute("data-status", "active", { timeout: 90_000 });
    const address = getAddress((await card.getAttribute("data-address"))!);
    const feed = await chain.readContract({ address, abi: PRICE_CONSUMER, functionName: "priceFeed" });
    expect(await chain.readContract({ address, abi: PRICE_CONSUMER, functionName: "pair" })).toBe("ETH-USD");
    const [, answer] = await chain.readContract({ address: feed, abi: AGGREGATOR, functionName: "latestRoundData" });
    const decimals = await chain.readContract({ address: feed, abi: AGGREGATOR, functionName: "decimals" });
    await expect(card.getByTestId("price")).toHaveText(String(Number(answer) / 10 ** decimals));
    await atBothWidths(page, "oracles-price-feeds");
  });

  expect(errors, "uncaught errors in the page").toEqual([]);
  await context.close();
});
