import { describe, expect, it } from "vitest";
import { privateKeyToAddress } from "viem/accounts";
import { db } from "@/lib/db";
import { call, newTenant } from "@/test/client";
import { decryptPrivateKey, signerFor, tenantWallet } from "./wallets";

describe("custodial wallets", () => {
  it("are created at registration, encrypted at rest, and shown by GET /v1/settings/wallet-mode", async () => {
    const t = await newTenant();
    const wallet = await db.wallet.findUniqueOrThrow({ where: { tenantId: t.auth.tenant.id } });
    const key = decryptPrivateKey(wallet.encryptedKey);
    expect(privateKeyToAddress(key)).toBe(wallet.address);
    expect(wallet.encryptedKey).not.toContain(key.slice(2));
    const event = await db.event.findFirstOrThrow({ where: { tenantId: t.auth.tenant.id, type: "wallet.created" } });
    expect(event.data).toMatchObject({ object: { address: wallet.address } });
    expect(JSON.stringify(event.data)).not.toContain(key.slice(2));

    const mode = await call("GET", "/v1/settings/wallet-mode", { token: t.apiKey });
    expect(mode.status).toBe(200);
    expect(mode.body).toEqual({ object: "wallet_mode", mode: "custodial", wallet_address: wallet.address, connect_account_address: null, owner_signer: null });
  });

  it("refuses to decrypt with another ENCRYPTION_KEY", async () => {
    const t = await newTenant();
    const wallet = await db.wallet.findUniqueOrThrow({ where: { tenantId: t.auth.tenant.id } });
    const original = process.env.ENCRYPTION_KEY;
    process.env.ENCRYPTION_KEY = "another-key-another-key-another-key-0000";
    try {
      expect(() => decryptPrivateKey(wallet.encryptedKey)).toThrow();
    } finally {
      process.env.ENCRYPTION_KEY = original;
    }
  });
});

describe("transaction signing", () => {
  it("signs exactly as viem does (same bytes, recoverable to the wallet)", async () => {
    const { privateKeyToAccount, generatePrivateKey } = await import("viem/accounts");
    const { recoverTransactionAddress } = await import("viem");
    const t = await newTenant();
    const wallet = await tenantWallet(t.auth.tenant.id);
    const signer = await signerFor(t.auth.tenant.id);
    const reference = privateKeyToAccount(decryptPrivateKey(wallet.encryptedKey));
    for (let nonce = 0; nonce < 20; nonce++) {
      const tx = { chainId: 31337, type: "eip1559", nonce, to: privateKeyToAccount(generatePrivateKey()).address, value: BigInt(nonce), data: "0x1234", gas: 50_000n, maxFeePerGas: 3n * 10n ** 9n, maxPriorityFeePerGas: 10n ** 9n } as const;
      const signed = await signer.signTransaction(tx);
      expect(signed).toBe(await reference.signTransaction(tx));
      expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(wallet.address);
    }
  });
});
