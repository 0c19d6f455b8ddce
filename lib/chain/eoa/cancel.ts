// A cancel of a sent record (POST /v1/transactions/{id}/cancel, ../cancel): the wallet's run, which alone
// changes its signed records, replaces the record's signature with a 0-value self-transfer at the same nonce,
// paying more than the signature it replaces (allowed above the fee cap). The record then ends on evidence only
// (./follow): `cancelled` if the no-op is mined, else the outcome of the original's bytes.
import type { Transaction } from "@/lib/generated/prisma/client";
import type { ChainTarget } from "@/lib/chain/network/clients";
import { cancelFees, feesFor } from "@/lib/chain/eoa/gas";
import type { WalletKey } from "@/lib/chain/records/statements";
import { cancelsWanted, storeCancel } from "@/lib/chain/records/recovery";
import { signNoop } from "./sign";
import { resend } from "./follow";

/** How often a run looks for cancels asked for through another app instance (this one tells it at once). */
const LOOK_EVERY_MS = 1_000;
const globalForCancels = globalThis as unknown as { cancelsAsked?: Set<string> };
const asked = (globalForCancels.cancelsAsked ??= new Set());
const keyOf = (wallet: WalletKey) => `${wallet.from.toLowerCase()}:${wallet.chainKey}`;

/** A cancel of one of the wallet's records was asked for in this process: its run looks at its next pass. */
export function noteCancelAsked(wallet: WalletKey) {
  asked.add(keyOf(wallet));
}

/** The run's cancel look, at most every second unless one was asked for here. */
export function cancelLook(wallet: WalletKey) {
  let lookedAt = 0;
  return {
    due() {
      return asked.has(keyOf(wallet)) || Date.now() - lookedAt >= LOOK_EVERY_MS;
    },
    /** Signs, stores and sends the no-ops wanted; the run's map of signed records gets the records as they are now. */
    async sign(target: ChainTarget, records: Map<string, Transaction>): Promise<number> {
      asked.delete(keyOf(wallet));
      lookedAt = Date.now();
      const wanted = await cancelsWanted(wallet);
      if (!wanted.length) return 0;
      const network = await feesFor(target);
      let signed = 0;
      for (const record of wanted) {
        const previous = record.maxFeePerGas && record.maxPriorityFeePerGas
          ? { maxFeePerGas: BigInt(record.maxFeePerGas), maxPriorityFeePerGas: BigInt(record.maxPriorityFeePerGas) }
          : network;
        const noop = await signNoop(record, target, cancelFees(target, previous, network));
        const stored = await storeCancel(noop, record.hash);
        if (!stored) continue; // changed meanwhile (replaced, or ended): the next look signs it
        records.set(stored.id, stored);
        signed++;
        if (stored.status === "submitted") await resend(stored, target, wallet); // a pending one goes out with the run's batch
      }
      return signed;
    },
  };
}
