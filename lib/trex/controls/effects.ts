// What happens when the controls of a regulated token end on chain: the planned events go out with the
// transaction (token.frozen, token.unfrozen, token.force_transferred, token.recovered); a recovery's first
// step (the new wallet added to the investor's ONCHAINID) records the recovery itself; a new compliance or
// identity registry is written into the token record's suite.
import { getAddress, parseEventLogs, type Address } from "viem";
import type { EffectContext, Operation } from "@/lib/chain/registry/kinds";
import type { ChainWrite } from "@/lib/chain/intake";
import { artifact } from "@/lib/chain/artifacts";
import type { PlannedEvent } from "@/lib/tokens/submit";
import { plannedEvents } from "@/lib/tokens/effects";

interface ControlEffect {
  events?: PlannedEvent[];
  lost_wallet?: Address;
  then?: ChainWrite;
  suite?: Record<string, string>;
}
const effectOf = (tx: EffectContext["tx"]) => (tx.effect ?? {}) as ControlEffect;

const control: Operation = { confirmedEvents: (tx) => plannedEvents(tx) };

// The amount recovered is what moved out of the lost wallet in this transaction (its whole balance then).
const recovery: Operation = {
  async onConfirmed({ tx, receipt }) {
    const lost = effectOf(tx).lost_wallet;
    const transfers = parseEventLogs({ abi: artifact("Token").abi, logs: receipt.logs, eventName: "Transfer" }) as unknown as { args: { from: Address; value: bigint } }[];
    const amount = transfers.filter((t) => lost && getAddress(t.args.from) === lost).reduce((sum, t) => sum + t.args.value, 0n);
    return plannedEvents(tx, { amount: amount.toString() });
  },
};

const recoveryKey: Operation = {
  async onConfirmed({ tx, submit }) {
    const then = effectOf(tx).then;
    if (then) await submit(then);
  },
};

const suiteChange: Operation = {
  async onConfirmed({ tx, client }) {
    const suite = effectOf(tx).suite;
    if (tx.tokenId && suite) {
      await client.query("UPDATE tokens SET regulated = regulated || $2::jsonb, updated_at = now() WHERE id = $1 AND regulated IS NOT NULL", [tx.tokenId, JSON.stringify(suite)]);
    }
  },
};

export const controlOperations = {
  "token.freeze": control,
  "token.unfreeze": control,
  "token.freeze_partial": control,
  "token.unfreeze_partial": control,
  "token.force_transfer": control,
  "token.recover_add_key": recoveryKey,
  "token.recover": recovery,
  "token.set_compliance": suiteChange,
  "token.set_identity_registry": suiteChange,
} satisfies Record<string, Operation>;
