// What happens when a vault's transactions end: the deployment gives the record its address, and each
// deposit, mint, withdrawal or redemption emits its event with the figures of the vault's own log
// (Deposit / Withdraw), in the database transaction that finalizes the chain record.
import { getAddress, parseEventLogs } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import type { EffectContext, EffectEvent, KindsOf, Operation } from "@/lib/chain/operations";
import type { Vault } from "@/lib/generated/prisma/client";
import { serializeVault, VAULT_COLUMNS } from "./records";

const vaultOf = (ctx: EffectContext) => (ctx.tx.effect as { vault: string }).vault;

async function update(ctx: EffectContext, set: string, values: unknown[] = []) {
  const { rows } = await ctx.client.query(
    `UPDATE vaults SET ${set}, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1 RETURNING ${VAULT_COLUMNS}`,
    [vaultOf(ctx), ...values],
  );
  return rows[0] as Vault | undefined;
}

const deploy: Operation = {
  async onConfirmed(ctx) {
    if (!ctx.receipt.contractAddress) {
      await update(ctx, "status = 'failed', failure_reason = $2", ["The deployment created no contract."]);
      return;
    }
    const row = await update(ctx, "address = $2, status = 'active'", [getAddress(ctx.receipt.contractAddress)]);
    return row ? [{ type: "vault.deployed", object: serializeVault(row) }] : [];
  },
  onFailed: async (ctx) => void (await update(ctx, "status = 'failed', failure_reason = $2", [`The deployment failed: ${ctx.reason}`])),
};

/** An action's event, from the vault's Deposit or Withdraw log in the receipt. */
function action(type: "vault.deposit" | "vault.mint" | "vault.withdraw" | "vault.redeem", eventName: "Deposit" | "Withdraw"): Operation {
  return {
    async onConfirmed(ctx): Promise<EffectEvent[]> {
      const vault = getAddress(ctx.tx.toAddress!);
      const logs = parseEventLogs({ abi: artifact("PlatformVault").abi, eventName, logs: ctx.receipt.logs, strict: true }).filter((l) => getAddress(l.address) === vault);
      return logs.map((l) => {
        const args = l.args as { sender: string; owner: string; receiver?: string; assets: bigint; shares: bigint };
        return {
          type,
          object: {
            object: "vault_operation", vault: vaultOf(ctx), address: vault, action: type.slice("vault.".length), sender: getAddress(args.sender),
            receiver: getAddress(args.receiver ?? args.owner), owner: getAddress(args.owner), assets: args.assets.toString(), shares: args.shares.toString(),
            transaction: ctx.tx.id,
          },
        };
      });
    },
  };
}

export const vaultOperations = {
  "vault.deploy": deploy,
  /** The asset approval made before a deposit or mint: its failure fails the action behind it (its estimate reverts). */
  "vault.approve_asset": {},
  "vault.deposit": action("vault.deposit", "Deposit"),
  "vault.mint": action("vault.mint", "Deposit"),
  "vault.withdraw": action("vault.withdraw", "Withdraw"),
  "vault.redeem": action("vault.redeem", "Withdraw"),
  "vault.shares.approve": {},
  "vault.shares.transfer": {},
} satisfies Record<string, Operation>;

declare module "@/lib/chain/operations" {
  interface OperationKinds extends KindsOf<typeof vaultOperations> {}
}
