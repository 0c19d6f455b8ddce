// What happens when a multisig's transactions end (raw SQL: this runs inside the database transaction that
// finalizes the chain record). Section 6 of the platform spec names no multisig events: none are emitted
// beyond the chain path's own transaction.confirmed / transaction.failed.
import { getAddress, parseEventLogs, type Address, type Log } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import type { EffectContext, Operation } from "@/lib/chain/registry/kinds";
import { resourceLifecycle } from "@/lib/chain/intake/resource-rows";

export interface MultisigEffect {
  multisig: string;
  /** The Safe transaction an execution carries (execute, owner changes). */
  multisig_tx?: string;
  safe_tx_hash?: string;
  /** The address the deployment must make. */
  address?: Address;
}
const effectOf = (ctx: EffectContext) => ctx.tx.effect as unknown as MultisigEffect;

const safeLogs = (logs: Log[], safe: string) =>
  parseEventLogs({ abi: artifact("SafeL2").abi, logs, strict: false }).filter((l) => getAddress(l.address) === getAddress(safe));

const multisigs = resourceLifecycle({ table: "multisigs", columns: "id", id: (effect) => (effect as unknown as MultisigEffect).multisig });

/** The proxy must be the address predicted at creation (the row has it already). */
const deploy = multisigs.deployment({
  address(ctx) {
    const { address } = effectOf(ctx);
    const created = parseEventLogs({ abi: artifact("SafeProxyFactory").abi, eventName: "ProxyCreation", logs: ctx.receipt.logs, strict: false })
      .map((l) => getAddress((l.args as { proxy: Address }).proxy));
    return address !== undefined && created.includes(getAddress(address))
      ? null
      : { failure: `The factory created ${created.join(", ") || "no proxy"}, not the predicted ${address}.` };
  },
  activate: async () => ({ failure_reason: null }),
});

const execute: Operation = {
  async onConfirmed(ctx) {
    const { multisig, multisig_tx, safe_tx_hash } = effectOf(ctx);
    const { rows } = await ctx.client.query("SELECT address, owners, threshold FROM multisigs WHERE id = $1", [multisig]);
    if (!rows[0]) return;
    const logs = safeLogs(ctx.receipt.logs, rows[0].address);
    const outcome = logs.find(
      (l) => (l.eventName === "ExecutionSuccess" || l.eventName === "ExecutionFailure") && (l.args as { txHash?: string }).txHash?.toLowerCase() === safe_tx_hash?.toLowerCase(),
    );
    const executed = outcome?.eventName === "ExecutionSuccess";
    await ctx.client.query(
      `UPDATE multisig_transactions SET status = $2, executed_tx_hash = $3, failure_reason = $4, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1 AND exec_tx_id = $5`,
      [multisig_tx, executed ? "executed" : "proposed", executed ? ctx.receipt.transactionHash : null, executed ? null : "The execution mined without the Safe reporting ExecutionSuccess for this hash.", ctx.tx.id],
    );
    // Owners and threshold follow the Safe's own logs, in order (swapOwner logs RemovedOwner then AddedOwner).
    let owners: string[] = rows[0].owners;
    let threshold: number = rows[0].threshold;
    for (const l of logs) {
      const args = l.args as { owner?: Address; threshold?: bigint };
      if (l.eventName === "AddedOwner" && args.owner) owners = [getAddress(args.owner), ...owners.filter((o) => o !== getAddress(args.owner!))];
      if (l.eventName === "RemovedOwner" && args.owner) owners = owners.filter((o) => o !== getAddress(args.owner!));
      if (l.eventName === "ChangedThreshold" && args.threshold !== undefined) threshold = Number(args.threshold);
    }
    await ctx.client.query(`UPDATE multisigs SET owners = $2, threshold = $3, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1`, [multisig, owners, threshold]);
  },
  onFailed: async (ctx) =>
    void (await ctx.client.query(
      `UPDATE multisig_transactions SET status = 'proposed', failure_reason = $2, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1 AND exec_tx_id = $3 AND status = 'executing'`,
      [effectOf(ctx).multisig_tx, `The execution failed: ${ctx.reason}. The Safe did not execute it: it can be executed again while its nonce is unused.`, ctx.tx.id],
    )),
};

export const multisigOperations = {
  "multisig.deploy": deploy,
  "multisig.approve_hash": {},
  "multisig.execute": execute,
} satisfies Record<string, Operation>;
