// Test helpers for Connect identity: a smart account registered over the API, and a local identity
// provider: a JWKS server (node:http) serving keys made here, with id_tokens signed by them. Setting
// OAUTH_JWKS_URL_<PROVIDER> points the platform's verification at it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { call } from "@/test/client";

export const CHAIN_ID = "80002"; // polygon_amoy, served by the local chain in tests

/** A new smart account of the tenant (POST /v1/connect/accounts) for a fresh owner key. */
export async function newAccount(apiKey: string) {
  const owner = privateKeyToAccount(generatePrivateKey());
  const res = await call("POST", "/v1/connect/accounts", { token: apiKey, body: { signer: owner.address, chain_id: CHAIN_ID } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { address: res.body.address as `0x${string}`, owner, entryPoint: res.body.entry_point as `0x${string}` };
}

export interface IdTokenClaims {
  aud: string;
  sub: string;
  email?: string;
  iss?: string;
  expiresIn?: string | number;
  rogue?: boolean;
  /** The nonce the platform issued (POST /v1/connect/oauth/nonce), as the provider echoes it. */
  nonce?: string;
  azp?: string;
  jti?: string;
}

interface ProviderKeys {
  issuer: string;
  alg: "RS256" | "ES256";
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

export interface IdentityProviders {
  url: string;
  /** Signs an id_token as `provider` (or with a key the JWKS does not serve: `rogue`). */
  idToken(provider: "google" | "apple", claims: IdTokenClaims): Promise<string>;
  close(): Promise<void>;
}

async function keys(issuer: string, alg: "RS256" | "ES256", kid: string): Promise<ProviderKeys> {
  const { privateKey, publicKey } = await generateKeyPair(alg);
  return { issuer, alg, kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: "sig" } };
}

/** Starts the JWKS server and points OAUTH_JWKS_URL_GOOGLE / _APPLE at it. */
export async function startIdentityProviders(): Promise<IdentityProviders> {
  const providers = {
    google: await keys("https://accounts.google.com", "RS256", `g-${Date.now()}`),
    apple: await keys("https://appleid.apple.com", "ES256", `a-${Date.now()}`),
  };
  const rogue = { RS256: await keys("x", "RS256", providers.google.kid), ES256: await keys("x", "ES256", providers.apple.kid) };
  const server: Server = createServer((req, res) => {
    const name = req.url?.slice(1) as "google" | "apple";
    const p = providers[name];
    if (!p) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [p.jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.OAUTH_JWKS_URL_GOOGLE = `${url}/google`;
  process.env.OAUTH_JWKS_URL_APPLE = `${url}/apple`;
  return {
    url,
    async idToken(provider, claims) {
      const p = providers[provider];
      const key = claims.rogue ? rogue[p.alg].privateKey : p.privateKey;
      const extra = { ...(claims.nonce ? { nonce: claims.nonce } : {}), ...(claims.azp ? { azp: claims.azp } : {}), ...(claims.jti ? { jti: claims.jti } : {}) };
      return new SignJWT({ ...(claims.email ? { email: claims.email, email_verified: true } : {}), ...extra })
        .setProtectedHeader({ alg: p.alg, kid: p.kid, typ: "JWT" })
        .setIssuer(claims.iss ?? p.issuer)
        .setAudience(claims.aud)
        .setSubject(claims.sub)
        .setIssuedAt(typeof claims.expiresIn === "number" && claims.expiresIn < 0 ? Math.floor(Date.now() / 1000) - 7200 : undefined)
        .setExpirationTime(typeof claims.expiresIn === "number" ? Math.floor(Date.now() / 1000) + claims.expiresIn : (claims.expiresIn ?? "10m"))
        .sign(key);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
