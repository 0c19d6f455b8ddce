// Confidential decrypt requests through the HTTP API: gated by the opt-in confidential_decrypt feature; without
// a gateway, creation answers 400 gateway_not_configured and records nothing; with the local test gateway a
// request reaches fulfilled through its EIP-712-signed answer; forged or mismatched signatures are refused
// and change nothing; another tenant and the other mode get 404; expiry and repeated fulfilments.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { keccak256, toHex, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { pool } from "@/lib/db";
import { call, newTenant } from "@/test/client";
import { decryptionTypedData } from "./gateway";
import { LOCAL_GATEWAY_SIGNER, localGatewayAnswer } from "./local-gateway";
import { GATEWAY_ENV } from "./service";

type T = Awaited<ReturnType<typeof newTenant>>;
const NETWORK = "polygon_amoy";
// polygon_amoy is served by the local chain here: every chain id is that chain's, not the network's nominal 80002.
const CHAIN_ID = 31337;
const NOMINAL_CHAIN_ID = 80002;
const CONTRACT = "0x00000000000000000000000000000000000fE001";
const handle = (n: string) => keccak256(toHex(`ciphertext ${n} ${Math.random()}`));
const enable = async (key: string, config: Record<string, unknown> = { gateway_signer: LOCAL_GATEWAY_SIGNER }) => {
  const res = await call("POST", "/v1/tenant-features/confidential_decrypt", { token: key, body: { enabled: true, config } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const rowsOf = async (tenantId: string) => (await pool.query("SELECT id FROM decrypt_requests WHERE tenant_id = $1", [tenantId])).rows;
const answerFor = (req: any, plaintext: string) =>
  localGatewayAnswer({ id: req.id, chainId: req.chain_id, contractAddress: req.contract_address, handle: req.handle, plaintext });

describe("confidential decrypt requests", () => {
  let a: T;
  let b: T;
  let aLive: string;
  const platformGateway = process.env[GATEWAY_ENV];

  beforeAll(async () => {
    delete process.env[GATEWAY_ENV];
    [a, b] = await Promise.all([newTenant("Confidential A"), newTenant("Confidential B")]);
    const live = await call("POST", "/v1/api_keys", { token: a.accessToken, body: { name: "live", environment: "live" } });
    aLive = live.body.secret;
  });
  afterEach(() => {
    if (platformGateway === undefined) delete process.env[GATEWAY_ENV];
    else process.env[GATEWAY_ENV] = platformGateway;
  });

  const create = (key: string, h = handle("x")) => call("POST", "/v1/confidential/decrypt_requests", { token: key, body: { handle: h, contract_address: CONTRACT, network: NETWORK } });

  it("is opt-in: with the feature disabled every operation answers 403 feature_disabled naming it, and nothing is recorded", async () => {
    const t = await newTenant("Confidential off");
    const res = await create(t.apiKey);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ type: "permission_error", code: "feature_disabled" });
    expect(res.body.error.message).toContain("confidential_decrypt");
    expect((await call("GET", "/v1/confidential/decrypt_requests/dcr_x", { token: t.apiKey })).status).toBe(403);
    const fulfil = await call("POST", "/v1/confidential/decrypt_requests/dcr_x/fulfill", { token: t.apiKey, body: { plaintext: "1", signature: `0x${"11".repeat(65)}` } });
    expect(fulfil.status).toBe(403);
    expect(await rowsOf(t.auth.tenant.id)).toEqual([]);
  });

  it("without a gateway, creation answers 400 gateway_not_configured naming the settings, and records nothing", async () => {
    const t = await newTenant("Confidential no gateway");
    await enable(t.apiKey, {});
    const res = await create(t.apiKey);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "gateway_not_configured" });
    expect(res.body.error.message).toContain("config.gateway_signer");
    expect(res.body.error.message).toContain(GATEWAY_ENV);
    expect(await rowsOf(t.auth.tenant.id)).toEqual([]);
    // The platform's gateway serves tenants that name none.
    process.env[GATEWAY_ENV] = LOCAL_GATEWAY_SIGNER;
    const served = await create(t.apiKey);
    expect(served.status, JSON.stringify(served.body)).toBe(201);
    expect(served.body.gateway_signer).toBe(LOCAL_GATEWAY_SIGNER);
  });

  it("with the local gateway a request reaches fulfilled; only its tenant in its mode reads it", async () => {
    await enable(a.apiKey);
    const h = handle("balance");
    const created = await create(a.apiKey, h);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const req = created.body;
    expect(req).toMatchObject({
      object: "decrypt_request", id: expect.stringMatching(/^dcr_/), handle: h, contract_address: CONTRACT, network: NETWORK, chain_id: CHAIN_ID,
      gateway_signer: LOCAL_GATEWAY_SIGNER, status: "pending", plaintext: null, signature: null, fulfilled: null, livemode: false,
    });
    expect(req.expires_at - req.created).toBe(86400);

    const answer = await answerFor(req, "1234567890");
    const done = await call("POST", `/v1/confidential/decrypt_requests/${req.id}/fulfill`, { token: a.apiKey, body: answer });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: "fulfilled", plaintext: "1234567890", signature: answer.signature.toLowerCase(), fulfilled: expect.any(Number) });
    expect((await call("GET", `/v1/confidential/decrypt_requests/${req.id}`, { token: a.apiKey })).body).toMatchObject({ status: "fulfilled", plaintext: "1234567890" });

    // Another tenant (with the feature on) and the other mode of the same tenant: 404, read or fulfil.
    await enable(b.apiKey);
    await enable(aLive);
    for (const key of [b.apiKey, aLive]) {
      const read = await call("GET", `/v1/confidential/decrypt_requests/${req.id}`, { token: key });
      expect(read.status).toBe(404);
      expect(JSON.stringify(read.body)).not.toContain("1234567890");
      expect((await call("POST", `/v1/confidential/decrypt_requests/${req.id}/fulfill`, { token: key, body: answer })).status).toBe(404);
    }
  });

  it("names the chain id of the chain that serves the network, as billing does; a gateway signing for the nominal one is refused", async () => {
    await enable(a.apiKey);
    const req = (await create(a.apiKey)).body;
    expect(req.chain_id).toBe(CHAIN_ID);
    const nominal = await localGatewayAnswer({ id: req.id, chainId: NOMINAL_CHAIN_ID, contractAddress: CONTRACT, handle: req.handle, plaintext: "5" });
    const refused = await call("POST", `/v1/confidential/decrypt_requests/${req.id}/fulfill`, { token: a.apiKey, body: nominal });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.code).toBe("signature_invalid");
    const served = await call("POST", `/v1/confidential/decrypt_requests/${req.id}/fulfill`, { token: a.apiKey, body: await answerFor(req, "5") });
    expect(served.status, JSON.stringify(served.body)).toBe(200);
    expect(served.body.chain_id).toBe(CHAIN_ID);
  });

  it("refuses a forged signature, another request's signature and a changed plaintext (400), changing nothing", async () => {
    await enable(a.apiKey);
    const req = (await create(a.apiKey)).body;
    const other = (await create(a.apiKey)).body;
    const forger = privateKeyToAccount(generatePrivateKey());
    const forged = await forger.signTypedData(decryptionTypedData({ id: req.id, chainId: CHAIN_ID, contractAddress: CONTRACT, handle: req.handle as Hex, plaintext: "7" }));
    const attempts = [
      { plaintext: "7", signature: forged },
      { plaintext: "7", signature: (await answerFor(other, "7")).signature }, // the gateway's, for another request
      { plaintext: "8", signature: (await answerFor(req, "7")).signature }, // the gateway's, for another plaintext
      { plaintext: "7", signature: `0x${"00".repeat(65)}` }, // no signature at all
    ];
    for (const plaintext of ["😀", "-1", (2n ** 256n).toString(), "0x10"]) {
      const res = await call("POST", `/v1/confidential/decrypt_requests/${req.id}/fulfill`, { token: a.apiKey, body: { plaintext, signature: forged } });
      expect(res.status, plaintext).toBe(400);
      expect(res.body.error.param).toBe("plaintext");
    }
    for (const body of attempts) {
      const res = await call("POST", `/v1/confidential/decrypt_requests/${req.id}/fulfill`, { token: a.apiKey, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: "signature_invalid", param: "signature" });
    }
    expect((await call("GET", `/v1/confidential/decrypt_requests/${req.id}`, { token: a.apiKey })).body).toMatchObject({ status: "pending", plaintext: null, signature: null });
  });

  it("fulfilling again: the same answer is 200 (a retry), another plaintext 409; two at once both see one fulfilment", async () => {
    await enable(a.apiKey);
    const req = (await create(a.apiKey)).body;
    const answer = await answerFor(req, "5");
    const both = await Promise.all([0, 1].map(() => call("POST", `/v1/confidential/decrypt_requests/${req.id}/fulfill`, { token: a.apiKey, body: answer })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[0].body.fulfilled).toBe(both[1].body.fulfilled);
    const again = await call("POST", `/v1/confidential/decrypt_requests/${req.id}/fulfill`, { token: a.apiKey, body: answer });
    expect(again.status).toBe(200);
    const changed = await call("POST", `/v1/confidential/decrypt_requests/${req.id}/fulfill`, { token: a.apiKey, body: await answerFor(req, "6") });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe("decrypt_request_fulfilled");
    expect((await call("GET", `/v1/confidential/decrypt_requests/${req.id}`, { token: a.apiKey })).body.plaintext).toBe("5");
  });

  it("a request not answered before expires_at reads expired and can no longer be fulfilled", async () => {
    await enable(a.apiKey, { gateway_signer: LOCAL_GATEWAY_SIGNER, request_ttl_seconds: 60 });
    const req = (await create(a.apiKey)).body;
    expect(req.expires_at - req.created).toBe(60);
    await pool.query("UPDATE decrypt_requests SET expires_at = now() - interval '1 second' WHERE id = $1", [req.id]);
    expect((await call("GET", `/v1/confidential/decrypt_requests/${req.id}`, { token: a.apiKey })).body.status).toBe("expired");
    const late = await call("POST", `/v1/confidential/decrypt_requests/${req.id}/fulfill`, { token: a.apiKey, body: await answerFor(req, "1") });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("decrypt_request_expired");
  });

  it("validates the request before recording it", async () => {
    await enable(a.apiKey);
    const before = (await rowsOf(a.auth.tenant.id)).length;
    const bad = [
      [{ handle: "0x12", contract_address: CONTRACT, network: NETWORK }, "handle"],
      [{ handle: handle("y"), contract_address: "0x1", network: NETWORK }, "contract_address"],
      [{ handle: handle("y"), contract_address: CONTRACT, network: "nowhere" }, "network"],
      [{ handle: handle("y"), contract_address: CONTRACT, network: "polygon" }, "network"], // a mainnet with a test key
    ] as const;
    for (const [body, param] of bad) {
      const res = await call("POST", "/v1/confidential/decrypt_requests", { token: a.apiKey, body });
      expect(res.status).toBe(400);
      expect(res.body.error.param).toBe(param);
    }
    expect((await rowsOf(a.auth.tenant.id)).length).toBe(before);
  });
});
