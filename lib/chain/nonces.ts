// Nonce counters per signer and chain, safe across app instances. The counter row also carries the
// wallet's wake flag (see ./transactions). Nonces are handed out by records.assignNonces.
import type { Address } from "viem";
import { hotQuery } from "@/lib/db";
import { publicClient } from "./clients";
import type { WalletKey } from "./records";

// Counters known to exist (never deleted while this process runs, except by a local chain reset at start).
const seeded = new Set<string>();

/** Seeds the counter from the chain the first time a signer is used on it (a no-op afterwards). */
export async function seedNonce(wallet: WalletKey, network: string) {
  const key = `${wallet.from}:${wallet.chainKey}`;
  if (seeded.has(key)) return;
  const { rowCount } = await hotQuery("nonce_exists", "SELECT 1 FROM wallet_nonces WHERE address = $1 AND chain_key = $2", [wallet.from, wallet.chainKey]);
  if (!rowCount) {
    const onChain = await publicClient(network).getTransactionCount({ address: wallet.from as Address, blockTag: "pending" });
    await hotQuery(
      "seed_nonce",
      "INSERT INTO wallet_nonces (address, chain_key, next_nonce, updated_at) VALUES ($1, $2, $3, now()) ON CONFLICT DO NOTHING",
      [wallet.from, wallet.chainKey, onChain],
    );
  }
  seeded.add(key);
}

/** After a nonce turned out to be used by another sender: move the counter past what the chain has seen. */
export async function resyncNonce(wallet: WalletKey, network: string) {
  const onChain = await publicClient(network).getTransactionCount({ address: wallet.from as Address, blockTag: "pending" });
  await hotQuery(
    "resync_nonce",
    "UPDATE wallet_nonces SET next_nonce = GREATEST(next_nonce, $3), updated_at = now() WHERE address = $1 AND chain_key = $2",
    [wallet.from, wallet.chainKey, onChain],
  );
}

/** The wallet's run is about to look for work: later intake must ask for a new run. */
export async function clearWake(wallet: WalletKey) {
  await hotQuery("clear_wake", "UPDATE wallet_nonces SET wake_requested = false WHERE address = $1 AND chain_key = $2 AND wake_requested", [
    wallet.from, wallet.chainKey,
  ]);
}

// One statement: raise the flag if it was down. No row yet (the counter is seeded by the first run) also asks for a run.
const requestWakeSql = `WITH raised AS (
    UPDATE wallet_nonces SET wake_requested = true WHERE address = $1 AND chain_key = $2 AND NOT wake_requested RETURNING 1
  ) SELECT EXISTS (SELECT 1 FROM raised) OR NOT EXISTS (SELECT 1 FROM wallet_nonces WHERE address = $1 AND chain_key = $2) AS wake`;

/** Whether intake must dispatch a run for the wallet (false: one is already asked for and has not started looking). */
export async function requestWake(wallet: WalletKey): Promise<boolean> {
  const { rows } = await hotQuery("request_wake", requestWakeSql, [wallet.from, wallet.chainKey]);
  return rows[0].wake;
}
