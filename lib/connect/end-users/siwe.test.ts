// Sign-in with Ethereum over the API: real EIP-4361 messages signed by a viem local account; domain from
// the tenant's allowed origins, nonce usable once per tenant, expiry, wrong signer.
import { describe, expect, it } from "vitest";
import { concat, hashMessage, serializeErc6492Signature, type Hex } from "viem";
import { createSiweMessage, generateSiweNonce } from "viem/siwe";
import { publicClient } from "@/lib/chain/network/clients";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { call, newTenant } from "@/test/client";
import { readSessionToken } from "@/lib/connect/testing/sessions-token";

const HOST = `dapp-${Date.now()}.example.com`;

async function tenantWithOrigin() {
  const t = await newTenant("Siwe");
  expect((await call("PUT", "/v1/settings/cors", { token: t.apiKey, body: { allowed_origins: [`https://${HOST}`, "http://localhost:3000"] } })).status).toBe(200);
  return t;
}

function message(address: `0x${string}`, overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
  return createSiweMessage({
    domain: HOST,
    address,
    statement: "Sign in to the DApp",
    uri: `https://${HOST}/login`,
    version: "1",
    chainId: 80002,
    nonce: generateSiweNonce(),
    issuedAt: new Date(),
    ...overrides,
  });
}

describe("SIWE sign-in", () => {
  it("a signed message gets a session token; its nonce cannot be used again", async () => {
    const t = await tenantWithOrigin();
    const user = privateKeyToAccount(generatePrivateKey());
    const msg = message(user.address, { expirationTime: new Date(Date.now() + 600_000) });
    const signature = await user.signMessage({ message: msg });
    const res = await call("POST", "/v1/connect/verify", { token: t.apiKey, body: { message: msg, signature } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ object: "siwe_session", address: user.address, chain_id: "80002", domain: HOST, session_expires_in: 3600 });
    expect(await readSessionToken(res.body.session_token)).toEqual({ tenantId: t.auth.tenant.id, livemode: false, address: user.address, chainId: "80002", method: "siwe" });

    const replay = await call("POST", "/v1/connect/verify", { token: t.apiKey, body: { message: msg, signature } });
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe("siwe_nonce_used");
    // The nonce is remembered per tenant: another tenant allowing the same origin may see it once.
    const other = await tenantWithOrigin();
    expect((await call("POST", "/v1/connect/verify", { token: other.apiKey, body: { message: msg, signature } })).status).toBe(200);

    // A port is part of the domain.
    const local = message(user.address, { domain: "localhost:3000", uri: "http://localhost:3000" });
    expect((await call("POST", "/v1/connect/verify", { token: t.apiKey, body: { message: local, signature: await user.signMessage({ message: local }) } })).status).toBe(200);
  });

  it("refuses another domain, an expired or not-yet-valid message, a wrong signer, a short nonce and garbage", async () => {
    const t = await tenantWithOrigin();
    const user = privateKeyToAccount(generatePrivateKey());
    const intruder = privateKeyToAccount(generatePrivateKey());
    const verify = async (msg: string, signer = user) => call("POST", "/v1/connect/verify", { token: t.apiKey, body: { message: msg, signature: await signer.signMessage({ message: msg }) } });
    const cases: [string, string, string, typeof user?][] = [
      ["domain", message(user.address, { domain: "evil.example.com", uri: "https://evil.example.com" }), "siwe_domain_not_allowed"],
      ["port", message(user.address, { domain: `${HOST}:8443` }), "siwe_domain_not_allowed"],
      ["expired", message(user.address, { expirationTime: new Date(Date.now() - 1000) }), "siwe_message_expired"],
      ["old", message(user.address, { issuedAt: new Date(Date.now() - 25 * 3600_000) }), "siwe_message_expired"],
      ["not before", message(user.address, { notBefore: new Date(Date.now() + 3600_000) }), "siwe_message_not_yet_valid"],
      ["future", message(user.address, { issuedAt: new Date(Date.now() + 3600_000) }), "invalid_siwe_message"],
      ["signer", message(user.address), "invalid_signature", intruder],
    ];
    for (const [what, msg, code, signer] of cases) {
      const res = await verify(msg, signer);
      expect(res.status, what).toBe(400);
      expect(res.body.error.code, what).toBe(code);
    }
    const short = message(user.address).replace(/Nonce: \w+/, "Nonce: abc123");
    expect((await verify(short)).body.error.code).toBe("invalid_siwe_message");
    const garbage = await call("POST", "/v1/connect/verify", { token: t.apiKey, body: { message: "hello", signature: "0x1234" } });
    expect(garbage.status).toBe(400);
    // A rejected attempt does not use up the nonce.
    const msg = message(user.address);
    expect((await verify(msg, intruder)).status).toBe(400);
    expect((await verify(msg)).status).toBe(200);
    // A tenant without allowed origins accepts no domain.
    const bare = await newTenant("SiweBare");
    const res = await call("POST", "/v1/connect/verify", { token: bare.apiKey, body: { message: msg, signature: await user.signMessage({ message: msg }) } });
    expect(res.body.error.code).toBe("siwe_domain_not_allowed");
  });

  it("a smart account signs in with its owner's ERC-1271 signature, wrapped in ERC-6492 while undeployed", async () => {
    const t = await tenantWithOrigin();
    const owner = privateKeyToAccount(generatePrivateKey());
    const created = await call("POST", "/v1/connect/accounts", { token: t.apiKey, body: { signer: owner.address, chain_id: "80002" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { address, factory_address: factory, factory_data: factoryData } = created.body as { address: Hex; factory_address: Hex; factory_data: Hex };
    const chainId = await publicClient("polygon_amoy").getChainId(); // the chain the account lives on here
    // Kernel v3.1: the root validator (0x00) checks the owner's signature of Kernel's EIP-712 wrapped hash.
    const kernelSignature = async (signer: typeof owner, msg: string) =>
      serializeErc6492Signature({
        address: factory,
        data: factoryData,
        signature: concat([
          "0x00",
          await signer.signTypedData({
            domain: { name: "Kernel", version: "0.3.1", chainId, verifyingContract: address },
            types: { Kernel: [{ name: "hash", type: "bytes32" }] },
            primaryType: "Kernel",
            message: { hash: hashMessage(msg) },
          }),
        ]),
      });
    const msg = message(address);
    const res = await call("POST", "/v1/connect/verify", { token: t.apiKey, body: { message: msg, signature: await kernelSignature(owner, msg) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ object: "siwe_session", address, chain_id: "80002" });
    // Someone else's key, wrapped the same way, is not the account's signature.
    const other = message(address);
    const forged = await call("POST", "/v1/connect/verify", { token: t.apiKey, body: { message: other, signature: await kernelSignature(privateKeyToAccount(generatePrivateKey()), other) } });
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe("invalid_signature");
  });

  it("the message's chain id must be a network this key's mode serves: 400 naming chain_id, nonce left unused", async () => {
    const t = await tenantWithOrigin();
    const user = privateKeyToAccount(generatePrivateKey());
    const verify = async (msg: string) => call("POST", "/v1/connect/verify", { token: t.apiKey, body: { message: msg, signature: await user.signMessage({ message: msg }) } });
    const nonce = generateSiweNonce();
    for (const [chainId, code] of [[137, "network_mainnet_with_test_key"], [1, "network_mainnet_with_test_key"], [424242, "network_unknown"]] as const) {
      const res = await verify(message(user.address, { chainId, nonce }));
      expect(res.status, `${chainId} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error).toMatchObject({ code, param: "chain_id" });
    }
    // A served test network signs in, with the nonce the refused messages carried.
    const ok = await verify(message(user.address, { chainId: 84532, nonce }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.chain_id).toBe("84532");
  });
});
