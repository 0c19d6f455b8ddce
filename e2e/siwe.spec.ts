// Sign-in with Ethereum on the end-user Connect page with an injected wallet (wagmi's `injected` connector).
// The wallet is what a real user's browser would have: an EIP-1193 provider at window.ethereum (added
// before the page's scripts run) whose accounts are a viem local account on the Node side; personal_sign
// is answered there (page.exposeFunction), so the signature is a real secp256k1 signature of the message
// the page built. Everything server-side is the real app: a tenant set up through the API (only CORS: the
// page's origin), the page's nonce issued by a server action, the signed message verified by another
// (lib/connect/end-users/siwe.ts's checks) into the end-user session cookie.
// Replays are refused: the same signed message posted again to the page's server action (the request the
// page made, re-sent with the browser's cookies) and to POST /v1/connect/verify; a message with a nonce the
// server never issued is refused by the page's action too.
import { type Request } from "@playwright/test";
import { expect, test, api, pageOrigin, registerDApp } from "./helpers";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage, generateSiweNonce, parseSiweMessage } from "viem/siwe";
import { injectTestWallet, type TestWallet } from "./test-wallet";


const CHAIN_ID = 80002; // the page's network in test mode (polygon_amoy)

test("an end user signs in with an injected wallet (SIWE), stays signed in, and the nonce cannot be replayed", async ({ page }) => {
  const account = privateKeyToAccount(generatePrivateKey());
  let wallet: TestWallet = { messages: [], typedData: [], unknownMethods: [] };
  let key = "";
  let publishable = "";

  await test.step("set up the tenant through the API: a key, the page's origin allowed (no passkey settings)", async () => {
    ({ key, publishable } = await registerDApp("siwe", "Wallet DApp"));
    const cors = await api("PUT", "/v1/settings/cors", key, { allowed_origins: [pageOrigin()] });
    expect(cors.status, JSON.stringify(cors.body)).toBe(200);
  });

  await test.step("an injected EIP-1193 wallet whose key stays on the Node side", async () => {
    wallet = await injectTestWallet(page, account, CHAIN_ID);
  });

  // The page's call of the server action that verifies the signed message (Next posts the arguments as JSON).
  let verifyCall: { url: string; headers: Record<string, string>; body: string } | null = null;
  page.on("request", (req: Request) => {
    const body = req.method() === "POST" && req.headers()["next-action"] ? req.postData() : null;
    if (body && body.includes("signature")) verifyCall = { url: req.url(), headers: req.headers(), body };
  });
  const url = () => `${pageOrigin()}/connect/${publishable}`;

  await test.step("click “Sign in with Ethereum” → signed in as the wallet's address", async () => {
    await page.goto(url());
    await expect(page.getByRole("heading", { name: "Ethereum wallet" })).toBeVisible();
    await page.getByRole("button", { name: "Sign in with Ethereum" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Signed in as" })).toHaveText(`Signed in as ${account.address}`);
    await expect(page.getByTestId("siwe-address")).toHaveText(account.address);

    // What the wallet signed: this page's EIP-4361 message with a server-issued nonce.
    expect(wallet.messages).toHaveLength(1);
    const fields = parseSiweMessage(wallet.messages[0].message);
    expect(fields).toMatchObject({ domain: new URL(pageOrigin()).host, uri: pageOrigin(), address: account.address, chainId: CHAIN_ID, version: "1" });
    expect(fields.nonce).toMatch(/^[0-9A-Za-z]{8,}$/);
    // The session is an httpOnly cookie on the tenant's page only.
    const cookie = (await page.context().cookies()).find((c) => c.name === "tp_connect_end_user");
    expect(cookie).toMatchObject({ httpOnly: true, path: `/connect/${publishable}` });
    console.log(`[siwe] wallet methods the page called that the test wallet does not answer: ${wallet.unknownMethods.join(", ") || "none"}`);
  });

  await test.step("reload → still signed in (the cookie holds)", async () => {
    await page.reload();
    await expect(page.getByTestId("siwe-address")).toHaveText(account.address);
    await expect(page.getByRole("button", { name: "Sign in with Ethereum" })).toHaveCount(0);
  });

  await test.step("the same signed message again is refused: by the page's server action and by the API", async () => {
    expect(verifyCall).not.toBeNull();
    const call = verifyCall!;
    const { "content-length": _, ...headers } = call.headers;
    const replay = await page.request.post(call.url, { headers, data: call.body });
    const text = await replay.text();
    expect(text).toContain("This sign-in request expired or was already used");
    expect(text).not.toContain(`"ok":true`);
    expect(replay.headers()["set-cookie"] ?? "").not.toContain("tp_connect_end_user");

    const api1 = await api("POST", "/v1/connect/verify", key, wallet.messages[0]);
    expect(api1.status).toBe(400);
    expect(api1.body.error.code).toBe("siwe_nonce_used");

    // A nonce the server never issued: the wallet signs a well-formed message for this page, the page's
    // action refuses it (the API, which leaves nonces to the DApp, accepts the same message).
    const own = createSiweMessage({
      domain: new URL(pageOrigin()).host, uri: pageOrigin(), address: account.address, chainId: CHAIN_ID, nonce: generateSiweNonce(), version: "1", issuedAt: new Date(),
    });
    const ownSignature = await account.signMessage({ message: own });
    const forged = await page.request.post(call.url, { headers, data: JSON.stringify([publishable, { message: own, signature: ownSignature }]) });
    expect(await forged.text()).toContain("This sign-in request expired or was already used");
    const api2 = await api("POST", "/v1/connect/verify", key, { message: own, signature: ownSignature });
    expect(api2.status, JSON.stringify(api2.body)).toBe(200);
    expect(api2.body.address).toBe(account.address);
  });

  await test.step("sign out → the button again; a second sign-in takes a fresh nonce", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("button", { name: "Sign in with Ethereum" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: "Sign in with Ethereum" })).toBeVisible();
    await page.getByRole("button", { name: "Sign in with Ethereum" }).click();
    await expect(page.getByTestId("siwe-address")).toHaveText(account.address);
    expect(wallet.messages).toHaveLength(2);
    expect(parseSiweMessage(wallet.messages[1].message).nonce).not.toBe(parseSiweMessage(wallet.messages[0].message).nonce);
  });
});
