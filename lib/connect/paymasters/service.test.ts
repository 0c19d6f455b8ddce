// Paymasters over the API: a real VerifyingPaymaster (EntryPoint v0.7 samples) deployed on the local
// chain, its signer given as a keystore V3 made by another implementation (ethers), the Web3 Secret
// Storage PBKDF2 test vector, or the deprecated raw key; the key is stored encrypted and never returned;
// 409 duplicates, deactivation, re-registration, wrong password, wrong signer, tenant isolation.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { Wallet } from "ethers";
import { getAddress, type Abi, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { decryptPrivateKey } from "@/lib/crypto/secrets";
import { account, deployContract } from "@/lib/tokens/testing";
import { call, newTenant } from "@/test/client";
import { CHAIN_ID, newAccount } from "@/lib/connect/testing/oauth";
import { paymasterSigner } from "@/lib/connect/paymasters/service";

const artifact = JSON.parse(readFileSync(createRequire(import.meta.url).resolve("@account-abstraction/contracts/artifacts/VerifyingPaymaster.json"), "utf8")) as { abi: Abi; bytecode: Hex };

// Web3 Secret Storage Definition, PBKDF2-SHA-256 test vector (password "testpassword").
const SPEC_VECTOR = {
  crypto: {
    cipher: "aes-128-ctr",
    cipherparams: { iv: "6087dab2f9fdbbfaddc31a909735c1e6" },
    ciphertext: "5318b4d5bcd28de64ee5559e671353e16f075ecae9f99c7a79a38af5f869aa46",
    kdf: "pbkdf2",
    kdfparams: { c: 262144, dklen: 32, prf: "hmac-sha256", salt: "ae3cd4e7013836a3df6bd7241b12db061dbe2c6785853cce422d148a624ce0bd" },
    mac: "517ead924a9d0dc3124507e3393d175ce3ff7c1e96529c6c555ce9e51205e9b2",
  },
  id: "3198bc9c-6672-5ab3-d995-4942343ae5b6",
  version: 3,
};
const SPEC_KEY = "0x7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d";

/** A VerifyingPaymaster on the local chain whose verifyingSigner is `signer`. */
async function deployPaymaster(entryPoint: Hex, signer: Hex) {
  const deployer = await account(true);
  return getAddress(await deployContract(deployer.wallet, artifact.abi, artifact.bytecode, [entryPoint, signer]));
}

async function setup() {
  const t = await newTenant("Paymasters");
  const { entryPoint } = await newAccount(t.apiKey);
  return { t, entryPoint };
}

describe("Connect paymasters", () => {
  it("registers from a keystore V3 (scrypt), stores the key encrypted, lists, gets, deactivates and registers again", async () => {
    const { t, entryPoint } = await setup();
    const signer = Wallet.createRandom();
    const keystore = await signer.encrypt("correct horse battery", { scrypt: { N: 4096 } });
    const address = await deployPaymaster(entryPoint, signer.address as Hex);

    const res = await call("POST", "/v1/connect/paymasters/import-keystore", { token: t.apiKey, body: { address, chain_id: CHAIN_ID, name: "Main", keystore_json: keystore, keystore_password: "correct horse battery" } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ object: "paymaster", address, chain_id: CHAIN_ID, network: "polygon_amoy", signer_address: signer.address, name: "Main", active: true, deactivated: null, livemode: false });
    expect(res.body.id).toMatch(/^pm_/);
    expect(JSON.stringify(res.body)).not.toContain(signer.privateKey.slice(2));
    // At rest: encrypted, and it decrypts to the keystore's key.
    const row = await db.connectPaymaster.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.encryptedKey).not.toContain(signer.privateKey.slice(2));
    expect(decryptPrivateKey(row.encryptedKey)).toBe(signer.privateKey);
    const relaySigner = await paymasterSigner({ tenantId: t.auth.tenant.id, livemode: false }, CHAIN_ID, address);
    expect(relaySigner?.address).toBe(signer.address);

    const dup = await call("POST", "/v1/connect/paymasters", { token: t.apiKey, body: { address, chain_id: CHAIN_ID, keystore_json: JSON.parse(keystore), keystore_password: "correct horse battery" } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe("paymaster_exists");

    const list = await call("GET", "/v1/connect/paymasters", { token: t.apiKey });
    expect(list.body).toMatchObject({ object: "list", total: 1, has_more: false, data: [{ id: res.body.id }] });
    const got = await call("GET", `/v1/connect/paymasters/${res.body.id}`, { token: t.apiKey });
    expect(got.body).toEqual(res.body);

    const off = await call("DELETE", `/v1/connect/paymasters/${res.body.id}`, { token: t.apiKey });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: res.body.id, active: false });
    expect(off.body.deactivated).toBeTypeOf("number");
    expect((await call("DELETE", `/v1/connect/paymasters/${res.body.id}`, { token: t.apiKey })).body.active).toBe(false);
    expect(await paymasterSigner({ tenantId: t.auth.tenant.id, livemode: false }, CHAIN_ID, address)).toBeNull();
    // Deactivated: registering it again reactivates the same record.
    const again = await call("POST", "/v1/connect/paymasters", { token: t.apiKey, body: { address, chain_id: CHAIN_ID, keystore_json: keystore, keystore_password: "correct horse battery" } });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: res.body.id, active: true, deactivated: null });
  });

  it("the spec's PBKDF2 keystore vector and the deprecated raw key both register; the raw key answers a Warning", async () => {
    const { t, entryPoint } = await setup();
    const specSigner = privateKeyToAccount(SPEC_KEY);
    const first = await deployPaymaster(entryPoint, specSigner.address);
    const res = await call("POST", "/v1/connect/paymasters", { token: t.apiKey, body: { address: first, chain_id: CHAIN_ID, keystore_json: JSON.stringify(SPEC_VECTOR), keystore_password: "testpassword" } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.signer_address).toBe(specSigner.address);

    const raw = Wallet.createRandom();
    const second = await deployPaymaster(entryPoint, raw.address as Hex);
    const legacy = await call("POST", "/v1/connect/paymasters", { token: t.apiKey, body: { address: second, chain_id: CHAIN_ID, signer_private_key: raw.privateKey } });
    expect(legacy.status).toBe(201);
    expect(legacy.body.signer_address).toBe(raw.address);
    expect(legacy.headers.get("warning")).toContain("deprecated");
    expect((await call("GET", "/v1/connect/paymasters?limit=1", { token: t.apiKey })).body).toMatchObject({ total: 2, has_more: true });
  });

  it("refuses a wrong password, a keystore that is not V3, a contract whose signer differs, no contract, and mixed inputs", async () => {
    const { t, entryPoint } = await setup();
    const signer = Wallet.createRandom();
    const keystore = await signer.encrypt("pw-123456", { scrypt: { N: 4096 } });
    const address = await deployPaymaster(entryPoint, signer.address as Hex);
    const post = (body: Record<string, unknown>) => call("POST", "/v1/connect/paymasters/import-keystore", { token: t.apiKey, body: { address, chain_id: CHAIN_ID, ...body } });

    const wrong = await post({ keystore_json: keystore, keystore_password: "not it" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: "keystore_password_incorrect", param: "keystore_password" });
    for (const bad of ["{x", "[]", JSON.stringify({ ...JSON.parse(keystore), version: 1 }), JSON.stringify({ version: 3, crypto: { cipher: "aes-256-gcm" } })]) {
      const res = await post({ keystore_json: bad, keystore_password: "pw-123456" });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe("keystore_invalid");
    }
    // A keystore asking for more scrypt work than allowed is refused before any work.
    const heavy = JSON.parse(keystore);
    (heavy.crypto ?? heavy.Crypto).kdfparams.n = 2 ** 22; // ethers writes `Crypto`, as geth once did
    expect((await post({ keystore_json: heavy, keystore_password: "pw-123456" })).body.error.code).toBe("keystore_kdf_too_costly");

    const other = await Wallet.createRandom().encrypt("pw-123456", { scrypt: { N: 4096 } });
    const mismatch = await post({ keystore_json: other, keystore_password: "pw-123456" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.code).toBe("paymaster_signer_mismatch");

    const nothing = await call("POST", "/v1/connect/paymasters/import-keystore", { token: t.apiKey, body: { address: `0x${"ab".repeat(20)}`, chain_id: CHAIN_ID, keystore_json: keystore, keystore_password: "pw-123456" } });
    expect(nothing.body.error.code).toBe("paymaster_not_deployed");

    const mixed = await call("POST", "/v1/connect/paymasters", { token: t.apiKey, body: { address, chain_id: CHAIN_ID, keystore_json: keystore, keystore_password: "pw-123456", signer_private_key: signer.privateKey } });
    expect(mixed.status).toBe(400);
    expect((await call("POST", "/v1/connect/paymasters", { token: t.apiKey, body: { address, chain_id: CHAIN_ID } })).body.error.code).toBe("parameter_missing");
    expect((await call("POST", "/v1/connect/paymasters", { token: t.apiKey, body: { address, chain_id: "1", signer_private_key: signer.privateKey } })).status).toBe(400); // mainnet, test key
    expect((await call("GET", "/v1/connect/paymasters", { token: t.apiKey })).body.total).toBe(0);
  });

  it("another tenant's paymaster answers 404", async () => {
    const { t, entryPoint } = await setup();
    const b = await newTenant("PaymastersB");
    const signer = Wallet.createRandom();
    const address = await deployPaymaster(entryPoint, signer.address as Hex);
    const res = await call("POST", "/v1/connect/paymasters", { token: t.apiKey, body: { address, chain_id: CHAIN_ID, signer_private_key: signer.privateKey } });
    expect(res.status).toBe(201);
    expect((await call("GET", `/v1/connect/paymasters/${res.body.id}`, { token: b.apiKey })).status).toBe(404);
    expect((await call("DELETE", `/v1/connect/paymasters/${res.body.id}`, { token: b.apiKey })).status).toBe(404);
    expect((await call("GET", "/v1/connect/paymasters", { token: b.apiKey })).body.total).toBe(0);
    expect((await call("GET", `/v1/connect/paymasters/${res.body.id}`, { token: t.apiKey })).body.active).toBe(true);
  });

  it("refuses KDF parameters over the memory bound (geth's standard scrypt n=2^18, r=8 is 256 MiB) with 400 naming the parameter", async () => {
    const { t, entryPoint } = await setup();
    const signer = Wallet.createRandom();
    const keystore = JSON.parse(await signer.encrypt("pw-123456", { scrypt: { N: 4096 } }));
    const address = await deployPaymaster(entryPoint, signer.address as Hex);
    const withParams = (params: Record<string, unknown>) => ({ ...keystore, Crypto: { ...keystore.Crypto, kdfparams: { ...keystore.Crypto.kdfparams, ...params } } });
    const post = (kdf: Record<string, unknown>) => call("POST", "/v1/connect/paymasters/import-keystore", { token: t.apiKey, body: { address, chain_id: CHAIN_ID, keystore_json: withParams(kdf), keystore_password: "pw-123456" } });
    for (const [params, named] of [[{ n: 2 ** 18, r: 8, p: 1 }, "kdfparams.n"], [{ n: 2 ** 17, r: 8, p: 1 }, "kdfparams.n"], [{ n: 2 ** 15, r: 8, p: 8 }, "kdfparams.p"]] as const) {
      const res = await post(params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body.error).toMatchObject({ code: "keystore_kdf_too_costly", param: "keystore_json" });
      expect(res.body.error.message).toContain(named);
    }
    // At the bound (64 MiB) the work is done: here the MAC tells the parameters were not the keystore's.
    expect((await post({ n: 2 ** 16, r: 8, p: 1 })).body.error.code).toBe("keystore_password_incorrect");
    expect(await db.connectPaymaster.count({ where: { tenantId: t.auth.tenant.id } })).toBe(0);
  });

  it("bounds concurrent keystore imports: over the bound answers 503 with Retry-After, and frees its slot", async () => {
    const { t, entryPoint } = await setup();
    const signer = Wallet.createRandom();
    const keystore = JSON.parse(await signer.encrypt("pw-123456", { scrypt: { N: 4096 } }));
    const address = await deployPaymaster(entryPoint, signer.address as Hex);
    // 32 MiB of scrypt each (wrong parameters, so each ends in a MAC mismatch after the full work).
    const costly = { ...keystore, Crypto: { ...keystore.Crypto, kdfparams: { ...keystore.Crypto.kdfparams, n: 2 ** 15 } } };
    const post = (keystore_json: unknown) => call("POST", "/v1/connect/paymasters/import-keystore", { token: t.apiKey, body: { address, chain_id: CHAIN_ID, keystore_json, keystore_password: "pw-123456" } });
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(costly)));
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length, JSON.stringify(answers.map((a) => a.status))).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 400).length).toBeGreaterThan(0);
    for (const a of answers) expect([400, 503]).toContain(a.status);
    expect(busy[0].body.error).toMatchObject({ type: "api_error", code: "keystore_import_busy", status: 503 });
    expect(Number(busy[0].headers.get("retry-after"))).toBeGreaterThan(0);
    // Slots are freed after failures too: the real keystore registers now.
    const ok = await post(keystore);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });
});
