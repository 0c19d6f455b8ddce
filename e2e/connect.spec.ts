// The end-user Connect page with Chromium's virtual authenticator (CDP WebAuthn): a tenant set up through
// the API (key, passkey rp_id "localhost", the page's origin allowed, an ERC-20); on
// /connect/<publishable key> the user creates a passkey (a real WebAuthn registration, verified
// server-side) and gets a passkey-owned smart account; an ERC-20 is minted to it through the API; the
// page prepares a transfer, the passkey signs its userOpHash, sign-and-relay sends it through alto, the
// page follows it to confirmed (the first operation deploys the account) and the balances moved on chain
// (read through the API); sign out; sign in with the passkey → the same account.
import { expect, test, api, pageOrigin, registerDApp, until } from "./helpers";


async function chainRpc(method: string, params: unknown[]) {
  const rpc = process.env.E2E_CHAIN_RPC_URL;
  if (!rpc) throw new Error("E2E_CHAIN_RPC_URL is not set: the test funds the account's gas on the local chain");
  const res = await fetch(rpc, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await res.json()) as { error?: { message: string }; result: unknown };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

const RECIPIENT = "0x00000000000000000000000000000000000e2e01";

test("an end user creates a passkey account, signs a pending transfer with the passkey, and signs in again", async ({ page }) => {
  let key = "";
  let publishable = "";
  let tokenId = "";
  let tokenAddress = "";
  let address = "";

  await test.step("set up the tenant through the API: key, passkey settings, an ERC-20", async () => {
    ({ key, publishable } = await registerDApp("connect", "Passkey DApp"));
    const settings = await api("PUT", "/v1/settings/connect", key, { cors: { allowed_origins: [pageOrigin()] }, passkeys: { rp_id: "localhost", rp_name: "Passkey DApp" } });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const token = await api("POST", "/v1/tokens", key, {
      name: "Dapp Coin", symbol: "DAPP", standard: "ERC20", network: "polygon_amoy", decimals: 18, initial_supply: "0", features: { mintable: true },
    });
    expect(token.status, JSON.stringify(token.body)).toBe(201);
    tokenId = token.body.id;
    tokenAddress = await until(async () => {
      const t = (await api("GET", `/v1/tokens/${tokenId}`, key)).body;
      return t.status === "deployed" && t.address;
    }, "the token deployed");
  });

  const cdp = await page.context().newCDPSession(page);
  await test.step("a virtual platform authenticator (CTAP2, internal, resident keys, user verification)", async () => {
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
  });

  await test.step("an unknown key is a 404; create a passkey → the account is shown", async () => {
    expect((await page.goto(`${pageOrigin()}/connect/pk_test_doesnotexist`))?.status()).toBe(404);
    await page.goto(`${pageOrigin()}/connect/${publishable}`);
    await expect(page.getByRole("heading", { name: "Passkey DApp" })).toBeVisible();
    await page.getByRole("button", { name: "Create a passkey" }).click();
    const shown = page.getByTestId("account-address");
    await expect(shown).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    address = (await shown.textContent())!;
    await expect(page.getByText("Your passkey", { exact: true })).toBeVisible();
    // The API sees a passkey-owned account with the verified passkey stored on it.
    const account = await api("GET", `/v1/connect/accounts/${address}`, key);
    expect(account.body).toMatchObject({ validator: "passkey", deployed: false });
    const passkeys = await api("GET", `/v1/connect/accounts/${address}/passkeys`, key);
    expect(passkeys.body.data).toHaveLength(1);
    expect(passkeys.body.data[0]).toMatchObject({ verified: true, algorithm: -7 });
  });

  await test.step("tokens minted to the account through the API; the page prepares a transfer", async () => {
    const mint = await api("POST", `/v1/tokens/${tokenId}/mint`, key, { to: address, amount: "1000" });
    expect(mint.status, JSON.stringify(mint.body)).toBe(201);
    await until(async () => (await api("GET", `/v1/transactions/${mint.body.id}`, key)).body.status === "confirmed", "the mint confirmed");
    // Self-custody without a paymaster: the account pays its own gas.
    await chainRpc("hardhat_setBalance", [address, "0xDE0B6B3A7640000"]);

    await page.getByLabel("Token contract").fill(tokenAddress);
    await page.getByLabel("Recipient").fill(RECIPIENT);
    await page.getByLabel("Amount (smallest unit)").fill("250");
    await page.getByRole("button", { name: "Prepare transfer" }).click();
    const pending = page.getByRole("list", { name: "Operations waiting for your signature" }).getByRole("listitem");
    await expect(pending).toHaveCount(1);
    const listed = await api("GET", `/v1/connect/ops/pending?account=${address}`, key);
    expect(listed.body.data).toHaveLength(1);
  });

  await test.step("sign it with the passkey → confirmed; the first operation deployed the account and moved the tokens", async () => {
    const hash = (await api("GET", `/v1/connect/ops/pending?account=${address}`, key)).body.data[0].user_op_hash as string;
    await page.getByRole("button", { name: `Sign with passkey ${hash}` }).click();
    await expect(page.getByRole("status")).toContainText("confirmed", { timeout: 60_000 });
    const relay = await api("GET", `/v1/connect/relay/${hash}`, key);
    expect(relay.body).toMatchObject({ status: "confirmed", success: true });
    const receipt = await api("GET", `/v1/connect/relay/${hash}/receipt?chain_id=80002`, key);
    expect(receipt.body.receipt).toMatchObject({ success: true });
    expect((await api("GET", `/v1/tokens/${tokenId}/balance?address=${RECIPIENT}&nft_token_id=0`, key)).body.balance).toBe("250");
    expect((await api("GET", `/v1/tokens/${tokenId}/balance?address=${address}&nft_token_id=0`, key)).body.balance).toBe("750");
    expect((await api("GET", `/v1/connect/accounts/${address}`, key)).body.deployed).toBe(true);
    await expect(page.getByText("Nothing to sign.")).toBeVisible();
  });

  await test.step("sign out; sign in with the passkey → the same account", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("button", { name: "Sign in with passkey" })).toBeVisible();
    const before = (await api("GET", `/v1/connect/accounts/${address}/passkeys`, key)).body.data[0].sign_count;
    await page.getByRole("button", { name: "Sign in with passkey" }).click();
    await expect(page.getByTestId("account-address")).toHaveText(address);
    const after = (await api("GET", `/v1/connect/accounts/${address}/passkeys`, key)).body.data[0].sign_count;
    expect(after).toBeGreaterThan(before); // the stored counter follows the authenticator's
    await page.reload();
    await expect(page.getByTestId("account-address")).toHaveText(address); // the session cookie holds
  });
});
