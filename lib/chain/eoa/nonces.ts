// Nonce counters per signer and chain, safe across app instances. The counter row also carries the
// wallet's wake flag (see ./eoa/run). Nonces are taken with the signatures (records.storeSignedBacklog).
import type { Address } from "viem";
import { chainPool, hotQuery } from "@/lib/db";
import { publicClient } from "@/lib/chain/network/clients";
import type { WalletKey } from "@/lib/chain/records/statements";

/** The wallet's next nonce by its counter, seeded from the chain the first time the signer is used on it. */
export async function nextNonceOf(wallet: WalletKey, network: string): Promise<number> {
  const read = () => hotQuery("next_nonce", "SELECT next_nonce FROM wallet_nonces WHERE address = $1 AND chain_key = $2", [wallet.from, wallet.chainKey], chainPool);
  const { rows } = await read();
  if (rows.length) return rows[0].next_nonce;
  const onChain = await publicClient(network).getTransactionCount({ address: wallet.from as Address, blockTag: "pending" });
  await hotQuery(
    "seed_nonce",
    "INSERT INTO wallet_nonces (address, chain_key, next_nonce, updated_at) VALUES ($1, $2, $3, now()) ON CONFLICT DO NOTHING",
    [wallet.from, wallet.chainKey, onChain],
    chainPool,
  );
  return (await read()).rows[0].next_nonce;
}

/** After a nonce turned out to be used by another sender: move the counter past what the chain has seen. */
export async function resyncNonce(wallet: WalletKey, network: string) {
  const onChain = await publicClient(network).getTransactionCount({ address: wallet.from as Address, blockTag: "pending" });
  await hotQuery(
    "resync_nonce",
    "UPDATE wallet_nonces SET next_nonce = GREATEST(next_nonce, $3), updated_at = now() WHERE address = $1 AND chain_key = $2",
    [wallet.from, wallet.chainKey, onChain],
    chainPool,
  );
}

/**
 * The wallet's run is leaving (or a dispatch was lost): later intake must ask for a new run. Waits for the
 * intakes holding the flag's row, so the run's last look for work sees their records.
 */
export async function clearWake(wallet: WalletKey) {
  await hotQuery("clear_wake", "UPDATE wallet_nonces SET wake_requested = false WHERE address = $1 AND chain_key = $2 AND wake_requested", [
    wallet.from, wallet.chainKey,
  ], chainPool);
}

// One statement: raise the flag if it was down. No row yet (the counter is seeded by the first run) also asks for a run.
const requestWakeSql = `WITH raised AS (
    UPDATE wallet_nonces SET wake_requested = true WHERE address = $1 AND chain_key = $2 AND NOT wake_requested RETURNING 1
  ) SELECT EXISTS (SELECT 1 FROM raised) OR NOT EXISTS (SELECT 1 FROM wallet_nonces WHERE address = $1 AND chain_key = $2) AS wake`;

/**
 * Raises the wallet's flag: whether the caller must dispatch a run (false: one is asked for or present). A run
 * raises it too, while it runs, so intake need not dispatch another (see ./eoa/run).
 */
export async function requestWake(wallet: WalletKey): Promise<boolean> {
  const { rows } = await hotQuery("request_wake", requestWakeSql, [wallet.from, wallet.chainKey], chainPool);
  return rows[0].wake;
}

// In-process wake-ups: intake that finds a run present (the flag up) tells it at once, if the run is in this
// process; a run elsewhere finds the record at its next look. On globalThis: Next.js may load this module
// more than once (route bundles, instrumentation).
interface Listener {
  notify(): void;
}
const globalForWake = globalThis as unknown as { walletListeners?: Map<string, Set<Listener>> };
const listeners = (globalForWake.walletListeners ??= new Map());
const keyOf = (wallet: WalletKey) => `${wallet.from.toLowerCase()}:${wallet.chainKey}`;

/** Tells the wallet's run in this process (if any) that it has new work. */
export function notifyWallet(wallet: WalletKey) {
  for (const listener of listeners.get(keyOf(wallet)) ?? []) listener.notify();
}

/** Whether the wallet's run is in this process (a record made now is in one of its next passes). */
export function walletRunHere(wallet: WalletKey): boolean {
  return Boolean(listeners.get(keyOf(wallet))?.size);
}

/** What a run waits on between passes: new work notified in this process, or the time given. */
export function walletSignal(wallet: WalletKey) {
  const key = keyOf(wallet);
  let notified = false;
  let wakeUp: (() => void) | undefined;
  const listener: Listener = {
    notify() {
      notified = true;
      wakeUp?.();
    },
  };
  if (!listeners.has(key)) listeners.set(key, new Set());
  listeners.get(key)!.add(listener);
  return {
    /** Resolves after `ms`, or at once when work was notified since the last wait. */
    wait(ms: number): Promise<void> {
      if (notified) {
        notified = false;
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wakeUp = undefined;
          notified = false;
          resolve();
        }
        wakeUp = done;
      });
    },
    close() {
      const set = listeners.get(key);
      set?.delete(listener);
      if (!set?.size) listeners.delete(key);
    },
  };
}
