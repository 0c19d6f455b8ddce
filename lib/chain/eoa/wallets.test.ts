import { describe, expect, it } from "vitest";
import { privateKeyToAddress } from "viem/accounts";
import { getAddress, type Hex } from "viem";
import { db } from "@/lib/db";
import { publicClient } from "@/lib/chain/network/clients";
import { runWallet } from "@/lib/chain/eoa/run";
import { startLocalChain } from "@/lib/chain/local/node";
import { recordChainWrite } from "@/lib/chain/intake";
import { call, newTenant } from "@/test/client";
import { tokenDeployData } from "@/test/token-deploy";
import { decryptPrivateKey } from "@/lib/crypto/secrets";
import { signerFor, tenantWallet } from "@/lib/chain/eoa/wallets";

describe("custodial wallets", () => {
  it("are created at registration, encrypted at rest, and shown by GET /v1/settings/wallet-mode", async () => {
    const t = await newTenant();
    const wallet = await db.wallet.findUniqueOrThrow({ where: { tenantId_livemode: { tenantId: t.auth.tenant.id, livemode: false } } });
    const key = decryptPrivateKey(wallet.encryptedKey);
    expect(privateKeyToAddress(key)).toBe(wallet.address);
    expect(wallet.encryptedKey).not.toContain(key.slice(2));
    const event = await db.event.findFirstOrThrow({ where: { tenantId: t.auth.tenant.id, type: "wallet.created", livemode: false } });
    expect(event.data).toMatchObject({ object: { address: wallet.address } });
    expect(JSON.stringify(event.data)).not.toContain(key.slice(2));

    const mode = await call("GET", "/v1/settings/wallet-mode", { token: t.apiKey });
    expect(mode.status).toBe(200);
    expect(mode.body).toEqual({ object: "wallet_mode", mode: "custodial", wallet_address: wallet.address, connect_account_address: null, owner_signer: null });
  });

  it("refuses to decrypt with another ENCRYPTION_KEY", async () => {
    const t = await newTenant();
    const wallet = await db.wallet.findUniqueOrThrow({ where: { tenantId_livemode: { tenantId: t.auth.tenant.id, livemode: false } } });
    const original = process.env.ENCRYPTION_KEY;
    process.env.ENCRYPTION_KEY = "another-key-another-key-another-key-0000";
    try {
      expect(() => decryptPrivateKey(wallet.encryptedKey)).toThrow();
    } finally {
      process.env.ENCRYPTION_KEY = original;
    }
  });
});

// Test and live never share a key: a leaked or misused test-mode key must not move live assets.
describe("a custodial wallet per mode", () => {
  it("test and live each get their own key at registration, with wallet.created in their mode, and the settings show the mode's", async () => {
    const t = await newTenant();
    const tenantId = t.auth.tenant.id;
    const live = (await call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "live", environment: "live" } })).body.secret;
    const rows = await db.wallet.findMany({ where: { tenantId } });
    expect(rows.map((w) => (w as { livemode?: boolean }).livemode).sort()).toEqual([false, true]);
    const [testWallet, liveWallet] = [rows.find((w) => !(w as { livemode?: boolean }).livemode)!, rows.find((w) => (w as { livemode?: boolean }).livemode)!];
    expect(liveWallet.address).not.toBe(testWallet.address);
    expect(decryptPrivateKey(liveWallet.encryptedKey)).not.toBe(decryptPrivateKey(testWallet.encryptedKey));

    const events = await db.event.findMany({ where: { tenantId, type: "wallet.created" } });
    expect(events.map((e) => [e.livemode, (e.data as { object: { address: string } }).object.address]).sort()).toEqual(
      [[false, testWallet.address], [true, liveWallet.address]].sort(),
    );
    expect((await call("GET", "/v1/settings/wallet-mode", { token: t.apiKey })).body.wallet_address).toBe(testWallet.address);
    expect((await call("GET", "/v1/settings/wallet-mode", { token: live })).body.wallet_address).toBe(liveWallet.address);
  });

  it("a live write is signed and sent by the live wallet", async () => {
    // A mainnet served by a chain of our own (RPC_URL_POLYGON), driven in-process as lib/chain/records/stuck.test.ts does.
    const chain = await startLocalChain({ port: 0, chainId: 137 });
    Object.assign(process.env, { RPC_URL_POLYGON: chain.rpcUrl, CONFIRMATIONS_POLYGON: "1", FINALITY_BLOCKS_POLYGON: "0" }); // no reorg watch: the run ends at once
    try {
      const t = await newTenant();
      const tenantId = t.auth.tenant.id;
      const [testWallet, liveWallet] = [await tenantWallet(tenantId, false), await tenantWallet(tenantId, true)];
      await fetch(chain.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "hardhat_setBalance", params: [liveWallet.address, "0x3635C9ADC5DEA00000"] }),
      }); // no funder on live networks
      const data = tokenDeployData(liveWallet.address, "LIV", "Live");
      const record = await recordChainWrite({ tenantId, livemode: true, network: "polygon", kind: "token.deploy", data, request: {} });
      expect(getAddress(record.fromAddress)).toBe(liveWallet.address);
      expect(await runWallet({ from: record.fromAddress, chainKey: "polygon" }, "polygon", 5_000)).toEqual({ open: 0 });
      const confirmed = await db.transaction.findUniqueOrThrow({ where: { id: record.id } });
      expect(confirmed.status).toBe("confirmed");
      const sent = await publicClient("polygon").getTransaction({ hash: confirmed.hash as Hex });
      expect(sent.from).toBe(liveWallet.address.toLowerCase());
      expect(sent.from).not.toBe(testWallet.address.toLowerCase());
    } finally {
      delete process.env.RPC_URL_POLYGON;
      delete process.env.CONFIRMATIONS_POLYGON;
      delete process.env.FINALITY_BLOCKS_POLYGON;
      await chain.stop();
    }
  });

  it("a tenant from before wallets were per mode gets its live wallet on first use, with wallet.created", async () => {
    const t = await newTenant();
    const tenantId = t.auth.tenant.id;
    await db.wallet.deleteMany({ where: { tenantId, livemode: true } }); // as the migration leaves it
    await db.event.deleteMany({ where: { tenantId, type: "wallet.created", livemode: true } });
    const made = await Promise.all([tenantWallet(tenantId, true), tenantWallet(tenantId, true)]);
    expect(made[0].address).toBe(made[1].address);
    expect(made[0].address).not.toBe((await tenantWallet(tenantId, false)).address);
    expect(await db.event.count({ where: { tenantId, type: "wallet.created", livemode: true } })).toBe(1);
  });
});

describe("transaction signing", () => {
  it("signs exactly as viem does (same bytes, recoverable to the wallet)", async () => {
    const { privateKeyToAccount, generatePrivateKey } = await import("viem/accounts");
    const { recoverTransactionAddress } = await import("viem");
    const t = await newTenant();
    const wallet = await tenantWallet(t.auth.tenant.id, false);
    const signer = await signerFor(t.auth.tenant.id, false);
    const reference = privateKeyToAccount(decryptPrivateKey(wallet.encryptedKey));
    for (let nonce = 0; nonce < 20; nonce++) {
      const tx = { chainId: 31337, type: "eip1559", nonce, to: privateKeyToAccount(generatePrivateKey()).address, value: BigInt(nonce), data: "0x1234", gas: 50_000n, maxFeePerGas: 3n * 10n ** 9n, maxPriorityFeePerGas: 10n ** 9n } as const;
      const signed = await signer.signTransaction(tx);
      expect(signed).toBe(await reference.signTransaction(tx));
      expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(wallet.address);
    }
  });
});
