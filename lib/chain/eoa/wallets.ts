// Custodial wallets: one key per tenant and mode (test and live never share one) for every EVM network,
// encrypted at rest with AES-256-GCM under ENCRYPTION_KEY. The plaintext key only ever exists in memory while
// signing.
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { bytesToHex, hexToBytes, keccak256, serializeTransaction, type Hex, type TransactionSerializable } from "viem";
import { signRecoverable } from "tiny-secp256k1";
import { chainPool, db, type Prisma } from "@/lib/db";
import { newId, unixSeconds } from "@/lib/core/ids";
import { emit } from "@/lib/webhooks/emit";
import type { Wallet } from "@/lib/generated/prisma/client";
import { decryptPrivateKey, encryptPrivateKey } from "@/lib/crypto/secrets";

export const serializeWallet = (w: Wallet) => ({ object: "wallet" as const, id: w.id, address: w.address, livemode: w.livemode, created: unixSeconds(w.createdAt) });

async function insertWallet(tenantId: string, livemode: boolean, tx: Prisma.TransactionClient) {
  const privateKey = generatePrivateKey();
  const wallet = await tx.wallet.create({
    data: { id: newId("wal"), tenantId, livemode, address: privateKeyToAccount(privateKey).address, encryptedKey: encryptPrivateKey(privateKey) },
  });
  await emit(tenantId, "wallet.created", serializeWallet(wallet), tx);
  return wallet;
}

/** Creates the tenant's test-mode and live-mode wallets inside the registration transaction, each with wallet.created. */
export async function createWallets(tenantId: string, tx: Prisma.TransactionClient) {
  const test = await insertWallet(tenantId, false, tx);
  const live = await insertWallet(tenantId, true, tx);
  return { test, live };
}

// A wallet row never changes once created, so every lookup after the first is served from memory.
const wallets = new Map<string, Wallet>();

/**
 * The tenant's custodial wallet of a mode. A tenant registered before wallets were per mode has no live-mode
 * wallet yet (the migration kept its one wallet as the test-mode one): it is made here, on first use.
 * Pass the open transaction when inside one (the embedded database has a single connection).
 */
export async function tenantWallet(tenantId: string, livemode: boolean, client: Prisma.TransactionClient = db): Promise<Wallet> {
  const key = `${tenantId}:${livemode}`;
  const cached = wallets.get(key);
  if (cached) return cached;
  // Read on the side pool outside a transaction: intake asks from inside its transactions (see lib/connect/settings/wallet-mode).
  const found = client === db ? await walletRow(tenantId, livemode) : await client.wallet.findUnique({ where: { tenantId_livemode: { tenantId, livemode } } });
  const wallet = found ?? (await walletMadeOnFirstUse(tenantId, livemode, client));
  if (wallets.size > 10_000) wallets.clear();
  wallets.set(key, wallet);
  return wallet;
}

async function walletRow(tenantId: string, livemode: boolean): Promise<Wallet | null> {
  const { rows } = await chainPool.query<Wallet>(
    `SELECT id, tenant_id AS "tenantId", livemode, address, encrypted_key AS "encryptedKey", created_at AT TIME ZONE 'UTC' AS "createdAt" FROM wallets WHERE tenant_id = $1 AND livemode = $2`,
    [tenantId, livemode],
  );
  return rows[0] ?? null;
}

async function walletMadeOnFirstUse(tenantId: string, livemode: boolean, client: Prisma.TransactionClient): Promise<Wallet> {
  if (!(await client.tenant.findUnique({ where: { id: tenantId }, select: { id: true } }))) throw new Error(`tenant ${tenantId} has no wallet`);
  try {
    return client === db ? await db.$transaction((tx) => insertWallet(tenantId, livemode, tx)) : await insertWallet(tenantId, livemode, client);
  } catch (error) {
    // Two first uses at once: the unique (tenant, mode) index keeps one, which the other reads.
    const made = await db.wallet.findUnique({ where: { tenantId_livemode: { tenantId, livemode } } });
    if (made) return made;
    throw error;
  }
}

// Decrypted signers are kept for a minute: a burst of writes for one tenant then costs one key lookup.
// The promise is kept, so signatures asked for at once share one lookup and one key derivation.
const SIGNER_TTL_MS = 60_000;
const signers = new Map<string, { until: number; account: Promise<PrivateKeyAccount> }>();

/**
 * viem's account, signing transactions with WASM secp256k1 (RFC 6979, low s, as viem's): a wallet's
 * backlog is signed in one pass, and pure-JS signing was most of that pass's time (~6× slower).
 */
function accountOf(privateKey: Hex): PrivateKeyAccount {
  const account = privateKeyToAccount(privateKey);
  const key = hexToBytes(privateKey);
  const signTransaction = async (transaction: TransactionSerializable) => {
    const { signature, recoveryId } = signRecoverable(hexToBytes(keccak256(serializeTransaction(transaction))), key);
    return serializeTransaction(transaction, { r: bytesToHex(signature.subarray(0, 32)), s: bytesToHex(signature.subarray(32)), yParity: recoveryId });
  };
  return { ...account, signTransaction } as PrivateKeyAccount;
}

/** The signer of the tenant's custodial wallet of a mode. */
export function signerFor(tenantId: string, livemode: boolean): Promise<PrivateKeyAccount> {
  const key = `${tenantId}:${livemode}`;
  const cached = signers.get(key);
  if (cached && cached.until > Date.now()) return cached.account;
  const account = tenantWallet(tenantId, livemode).then((wallet) => accountOf(decryptPrivateKey(wallet.encryptedKey)));
  if (signers.size > 1_000) signers.clear();
  signers.set(key, { until: Date.now() + SIGNER_TTL_MS, account });
  account.catch(() => signers.delete(key));
  return account;
}
