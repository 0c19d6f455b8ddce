// Every POST route that can create a row holds exactly once (issue 31). A request that fails after its rows
// committed (FAULT_AFTER_COMMIT for its kind), retried with the same Idempotency-Key, is answered with the first
// answer (replayed) and leaves one row; a route judged naturally idempotent answers a repeat with the same
// resource. Which route is which is test/creates-once.routes.ts; a POST route on none of its lists fails here.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";
import { keccak256, toHex, getAddress, type Abi, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { Wallet } from "ethers";
import { db } from "@/lib/db";
import { hashSecret } from "@/lib/core/secrets";
import { unseal } from "@/lib/crypto/secrets";
import { routeTable } from "@/lib/api/route-table.generated";
import { routeModules } from "@/lib/api/route-modules.generated";
import { unmatchedHandler } from "@/lib/api/unmatched";
import type { RouteHandler } from "@/lib/api/handler";
import { Transaction } from "@/lib/schemas/transactions";
import { issueOAuthToken } from "@/lib/connect/sessions/token";
import { account as funded, deployContract } from "@/lib/tokens/testing";
import { CHAIN_ID, newAccount } from "@/lib/connect/testing/oauth";
import { softAuthenticator } from "@/lib/connect/testing/passkeys";
import { LOCAL_GATEWAY_SIGNER } from "@/lib/confidential/local-gateway";
import { call, newTenant, type CallResult } from "@/test/client";
import { failingAfterCommit } from "@/test/exactly-once";
import { decisions } from "./creates-once.routes";

type Tenant = Awaited<ReturnType<typeof newTenant>>;
let t: Tenant;
let tenantId: string;
let smart: Awaited<ReturnType<typeof newAccount>>;

beforeAll(async () => {
  t = await newTenant("Creates once");
  tenantId = t.auth.tenant.id;
  smart = await newAccount(t.apiKey);
  const on = await call("POST", "/v1/tenant-features/confidential_decrypt", { token: t.apiKey, body: { enabled: true, config: { gateway_signer: LOCAL_GATEWAY_SIGNER } } });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
}, 60_000);

const post = (path: string, body: object, key?: string, token = t.apiKey) =>
  call("POST", path, { token, body, headers: key ? { "idempotency-key": key } : {} });
const randomAddress = () => privateKeyToAccount(generatePrivateKey()).address;

async function postRoutes() {
  const routes: { path: string; handler: RouteHandler }[] = [];
  for (const { path, methods } of routeTable) {
    if (!methods.includes("POST")) continue;
    const handler = (await routeModules[path]()).POST as RouteHandler;
    if (handler !== unmatchedHandler) routes.push({ path, handler });
  }
  return routes;
}

/**
 * A `once` route's request: `send(key)` makes it; `rows()` are the ids of what it creates (or the state it
 * sets); `check` (optional) holds the replayed answer to that state.
 */
interface OnceCase {
  send(key: string): Promise<CallResult>;
  rows(): Promise<string[]>;
  check?(answer: CallResult, rows: string[]): Promise<void> | void;
}

const paymasterArtifact = JSON.parse(readFileSync(createRequire(import.meta.url).resolve("@account-abstraction/contracts/artifacts/VerifyingPaymaster.json"), "utf8")) as { abi: Abi; bytecode: Hex };
async function deployedPaymaster(signer: Hex) {
  const deployer = await funded(true);
  return getAddress(await deployContract(deployer.wallet, paymasterArtifact.abi, paymasterArtifact.bytecode, [smart.entryPoint, signer]));
}
const paymasterIds = () => db.connectPaymaster.findMany({ where: { tenantId }, select: { id: true } }).then((r) => r.map((p) => p.id));

const onceCases: Record<string, () => Promise<OnceCase>> = {
  "/v1/api_keys": async () => ({
    send: (key) => post("/v1/api_keys", { name: "once", environment: "test" }, key, t.accessToken),
    rows: async () => (await db.apiKey.findMany({ where: { tenantId, name: "once" }, select: { id: true } })).map((k) => k.id),
    check: (answer) => void expect(answer.body.secret).toMatch(/^sk_test_/),
  }),
  "/v1/api_keys/[id]/rotate": async () => {
    const created = await post("/v1/api_keys", { name: "to rotate", environment: "test" }, undefined, t.accessToken);
    const secretHash = async () => (await db.apiKey.findUniqueOrThrow({ where: { id: created.body.id } })).secretHash;
    return {
      send: (key) => post(`/v1/api_keys/${created.body.id}/rotate`, { grace_period_seconds: 3600 }, key, t.accessToken),
      rows: async () => [await secretHash()],
      // The replayed secret is the key's secret, and the one it replaced still works for its grace period.
      check: async (answer, [hash]) => {
        expect(hashSecret(answer.body.secret)).toBe(hash);
        expect((await db.apiKey.findUniqueOrThrow({ where: { id: created.body.id } })).previousSecretHash).toBe(hashSecret(created.body.secret));
      },
    };
  },
  "/v1/webhook_endpoints": async () => ({
    send: (key) => post("/v1/webhook_endpoints", { url: "https://example.com/creates-once", events: ["token.deployed"] }, key),
    rows: async () => (await db.webhookEndpoint.findMany({ where: { tenantId, url: "https://example.com/creates-once" }, select: { id: true } })).map((e) => e.id),
    check: (answer) => void expect(answer.body.secret).toMatch(/^whsec_/),
  }),
  "/v1/webhook_endpoints/[id]/rotate_secret": async () => {
    const created = await post("/v1/webhook_endpoints", { url: "https://example.com/rotating", events: ["token.deployed"] });
    const state = () => db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.body.id } });
    return {
      send: (key) => post(`/v1/webhook_endpoints/${created.body.id}/rotate_secret`, {}, key),
      rows: async () => [(await state()).encryptedSecret],
      // The replayed secret signs now, and the receivers' current one (the created one) signs for the grace period.
      check: async (answer) => {
        const endpoint = await state();
        expect(unseal(endpoint.encryptedSecret)).toBe(answer.body.secret);
        expect(unseal(endpoint.encryptedPreviousSecret!)).toBe(created.body.secret);
      },
    };
  },
  "/v1/confidential/decrypt_requests": async () => {
    const body = { handle: keccak256(toHex(`creates once ${Math.random()}`)), contract_address: "0x00000000000000000000000000000000000fE001", network: "polygon_amoy" };
    return {
      send: (key) => post("/v1/confidential/decrypt_requests", body, key),
      rows: async () => (await db.decryptRequest.findMany({ where: { tenantId, handle: body.handle }, select: { id: true } })).map((r) => r.id),
    };
  },
  "/v1/billing/crypto_checkout": async () => ({
    send: (key) => post("/v1/billing/crypto_checkout", { plan: "growth", currency: "USDC", network: "polygon_amoy" }, key, t.accessToken),
    rows: async () => (await db.billingPayment.findMany({ where: { tenantId, method: "crypto" }, select: { id: true } })).map((p) => p.id),
  }),
  "/v1/connect/oauth/nonce": async () => ({
    send: (key) => post("/v1/connect/oauth/nonce", {}, key),
    rows: async () => (await db.connectOAuthNonce.findMany({ where: { tenantId }, select: { nonce: true } })).map((n) => n.nonce),
    check: (answer, rows) => void expect(rows).toContain(answer.body.nonce),
  }),
  "/v1/connect/passkeys": async () => {
    const authenticator = softAuthenticator();
    return {
      send: (key) => post("/v1/connect/passkeys", { address: smart.address, chain_id: CHAIN_ID, credential_id: authenticator.credentialId, public_key: authenticator.publicKey }, key),
      rows: async () => (await db.connectPasskey.findMany({ where: { tenantId }, select: { id: true } })).map((p) => p.id),
    };
  },
  "/v1/connect/paymasters": async () => {
    const wallet = Wallet.createRandom();
    const address = await deployedPaymaster(wallet.address as Hex);
    const keystore = await wallet.encrypt("pw-creates-once", { scrypt: { N: 1024 } });
    return { send: (key) => post("/v1/connect/paymasters", { address, chain_id: CHAIN_ID, keystore_json: keystore, keystore_password: "pw-creates-once" }, key), rows: paymasterIds };
  },
  "/v1/connect/paymasters/import-keystore": async () => {
    const wallet = Wallet.createRandom();
    const address = await deployedPaymaster(wallet.address as Hex);
    const keystore = await wallet.encrypt("pw-creates-once", { scrypt: { N: 1024 } });
    return { send: (key) => post("/v1/connect/paymasters/import-keystore", { address, chain_id: CHAIN_ID, keystore_json: keystore, keystore_password: "pw-creates-once" }, key), rows: paymasterIds };
  },
  "/v1/connect/sessions": async () => {
    const body = { account: smart.address, chain_id: CHAIN_ID, signer: randomAddress(), valid_until: Math.floor(Date.now() / 1000) + 3600, targets: [randomAddress()], selectors: ["0xa9059cbb"] };
    return {
      send: (key) => post("/v1/connect/sessions", body, key),
      rows: async () => (await db.connectSessionKey.findMany({ where: { tenantId, signer: body.signer.toLowerCase() }, select: { id: true } })).map((s) => s.id),
    };
  },
  "/v1/connect/recovery/initiate": async () => {
    const owned = await newAccount(t.apiKey);
    const [guardian, newSigner] = [randomAddress(), randomAddress()];
    const configured = await post("/v1/connect/recovery/configure", { account: owned.address, chain_id: CHAIN_ID, guardians: [guardian], threshold: 1 });
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);
    return {
      send: (key) => post("/v1/connect/recovery/initiate", { account: owned.address, chain_id: CHAIN_ID, guardian, new_signer: newSigner }, key),
      rows: async () => (await db.connectRecoveryRequest.findMany({ where: { tenantId, initiatedBy: guardian.toLowerCase() }, select: { id: true } })).map((r) => r.id),
    };
  },
};

/** A `natural` route's repeat: the same request twice (no key); `same` names what must not change. */
const naturalCases: Record<string, () => Promise<{ send(): Promise<CallResult>; same: (r: CallResult) => unknown }>> = {
  "/v1/connect/accounts": async () => {
    const signer = randomAddress();
    return { send: () => post("/v1/connect/accounts", { signer, chain_id: CHAIN_ID }), same: (r) => r.body.id };
  },
  "/v1/connect/oauth/link": async () => {
    const { oauth_token } = await issueOAuthToken({ tenantId, livemode: false, provider: "google", subject: `sub-${Date.now()}`, email: null });
    return { send: () => post("/v1/connect/oauth/link", { oauth_token, address: smart.address, chain_id: CHAIN_ID }), same: (r) => r.body.id };
  },
  "/v1/connect/recovery/configure": async () => {
    const owned = await newAccount(t.apiKey);
    const body = { account: owned.address, chain_id: CHAIN_ID, guardians: [randomAddress()], threshold: 1 };
    return { send: () => post("/v1/connect/recovery/configure", body), same: (r) => [r.body.guardians, r.body.threshold, r.body.timelock_seconds] };
  },
  ...Object.fromEntries(["connect", "cors", "oauth", "passkeys"].map((section) => [`/v1/settings/${section}`, async () => ({ send: () => post(`/v1/settings/${section}`, {}), same: (r: CallResult) => r.body })])),
  "/v1/tenant-features/[feature]": async () => ({ send: () => post("/v1/tenant-features/paymasters", { enabled: true }), same: (r) => [r.body.enabled, r.body.config] }),
  "/v1/webhook_endpoints/[id]": async () => {
    const created = await post("/v1/webhook_endpoints", { url: "https://example.com/updated", events: ["token.deployed"] });
    return { send: () => post(`/v1/webhook_endpoints/${created.body.id}`, { description: "same" }), same: (r) => [r.body.id, r.body.description, r.body.url] };
  },
};

describe("creates exactly once: every POST route is judged", () => {
  it("each POST route answering no chain-write record is on one list, and each listed route exists", async () => {
    const routes = await postRoutes();
    const unjudged = routes.filter((r) => !decisions[r.path] && r.handler.meta.response !== Transaction).map((r) => r.path);
    expect(unjudged, "POST routes on no list of test/creates-once.routes.ts").toEqual([]);
    const served = new Set(routes.map((r) => r.path));
    expect(Object.keys(decisions).filter((p) => !served.has(p)), "listed routes that serve no POST").toEqual([]);
  });

  it("each once route is tried below, each natural route below or by the test named", () => {
    const judged = (kind: string) => Object.keys(decisions).filter((p) => kind in decisions[p]).sort();
    expect(Object.keys(onceCases).sort()).toEqual(judged("once"));
    for (const path of judged("natural")) {
      const d = decisions[path] as { shownBy?: { file: string; says: string } };
      if (d.shownBy) expect(readFileSync(d.shownBy.file, "utf8"), path).toContain(d.shownBy.says);
      else expect(naturalCases[path], `${path}: no repeat tried`).toBeDefined();
    }
    for (const path of judged("chain")) expect(existsSync((decisions[path] as { shownBy: string }).shownBy), path).toBe(true);
  });
});

describe("creates exactly once: a failure after the commit, retried with the key, replays the first answer", () => {
  for (const [path, make] of Object.entries(onceCases)) {
    it(path, async () => {
      const kind = (decisions[path] as { once: string }).once;
      const c = await make();
      const before = await c.rows();
      const key = `creates-once-${kind}-${Date.now()}`;
      const first = await failingAfterCommit(kind, () => c.send(key));
      expect(first.status, JSON.stringify(first.body)).toBe(500);
      const committed = await c.rows();
      expect(committed.filter((r) => !before.includes(r)), "the failed request committed").toHaveLength(1);

      const retry = await c.send(key);
      expect(retry.status, JSON.stringify(retry.body)).toBeLessThan(300);
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect(await c.rows(), "no second row").toEqual(committed);
      if (c.check) await c.check(retry, committed);
      else expect(committed.filter((r) => !before.includes(r)), "the answer is the committed row").toEqual([retry.body.id]);
      expect((await c.send(key)).body).toEqual(retry.body);
    }, 60_000);
  }
});

describe("creates exactly once: a naturally idempotent route answers a repeat with the same resource", () => {
  for (const [path, make] of Object.entries(naturalCases)) {
    it(path, async () => {
      const c = await make();
      const first = await c.send();
      expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
      const again = await c.send();
      expect(again.status, JSON.stringify(again.body)).toBe(first.status);
      expect(c.same(again)).toEqual(c.same(first));
    }, 60_000);
  }
});
