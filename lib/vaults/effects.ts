// What happens when a vault's transactions end, in the database transaction that finalizes the chain record:
// the deployment gives the vault its address; a confirmed asset approval records the deposit or mint behind
// it (so the action is never sent before its allowance exists) and a failed one fails the operation with its
// reason; each action ends its operation with the figures of the vault's own Deposit or Withdraw log and
// emits vault.deposit, vault.mint, vault.withdraw or vault.redeem.
import { encodeFunctionData, getAddress, parseEventLogs, type Abi, type Address } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import type { EffectContext, EffectEvent, Operation } from "@/lib/chain/registry/kinds";
import { resourceLifecycle } from "@/lib/chain/intake/resource-rows";
import type { Vault, VaultOperation } from "@/lib/generated/prisma/client";
import { OPERATION_COLUMNS, serializeVault, serializeVaultOperation, VAULT_COLUMNS, type VaultActionName } from "./records";
import { updateRow } from "@/lib/db/columns";

export interface VaultEffect {
  vault: string;
  /** The vault_operation a deposit, mint, withdrawal or redemption (or its approval) belongs to. */
  operation?: string;
  /** Approval only: the action recorded once it confirms. */
  action?: "deposit" | "mint";
  amount?: string;
  receiver?: Address;
  vault_address?: Address;
}
const effectOf = (ctx: EffectContext) => ctx.tx.effect as unknown as VaultEffect;

const vaults = resourceLifecycle<Vault>({
  table: "vaults", columns: VAULT_COLUMNS, id: (effect) => (effect as unknown as VaultEffect).vault, serialize: serializeVault, deployed: "vault.deployed",
});

const updateOperation = (ctx: EffectContext, set: string, values: unknown[] = []) => updateRow<VaultOperation>(ctx.client, "vault_operations", OPERATION_COLUMNS, effectOf(ctx).operation, set, values);

const approveAsset: Operation = {
  async onConfirmed(ctx) {
    const { vault, operation, action, amount, receiver, vault_address } = effectOf(ctx);
    const write = await ctx.submit({
      tenantId: ctx.tx.tenantId, livemode: ctx.tx.livemode, network: ctx.tx.network, kind: `vault.${action!}`, tokenId: ctx.tx.tokenId ?? undefined,
      to: vault_address!, data: encodeFunctionData({ abi: artifact("PlatformVault").abi as Abi, functionName: action!, args: [BigInt(amount!), receiver!] }),
      request: { vault, operation, action, [action === "mint" ? "shares" : "assets"]: amount, receiver }, effect: { vault, operation },
    });
    await updateOperation(ctx, "status = 'pending', tx_id = $2", [write.id]);
    await vaults.update(ctx, { last_tx_id: write.id });
  },
  async onFailed(ctx) {
    await updateOperation(ctx, "status = 'failed', failure_reason = $2", [
      `The asset approval failed: ${ctx.reason}. The ${effectOf(ctx).action} was not sent; nothing left the wallet.`,
    ]);
  },
};

/** An action's end: its operation takes the vault's own log figures and its event goes out. */
function action(name: VaultActionName, eventName: "Deposit" | "Withdraw"): Operation {
  return {
    async onConfirmed(ctx): Promise<EffectEvent[]> {
      const vault = getAddress(ctx.tx.toAddress!);
      const [log] = parseEventLogs({ abi: artifact("PlatformVault").abi, eventName, logs: ctx.receipt.logs, strict: true }).filter((l) => getAddress(l.address) === vault);
      const args = log?.args as { assets: bigint; shares: bigint } | undefined;
      if (!effectOf(ctx).operation) return [];
      const row = args
        ? await updateOperation(ctx, "status = 'succeeded', assets = $2, shares = $3", [args.assets.toString(), args.shares.toString()])
        : await updateOperation(ctx, "status = 'failed', failure_reason = $2", [`The ${name} confirmed without the vault's ${eventName} log.`]);
      return row && args ? [{ type: `vault.${name}`, object: serializeVaultOperation(row, vault) }] : [];
    },
    onFailed: async (ctx) => void (await updateOperation(ctx, "status = 'failed', failure_reason = $2", [`The ${name} failed: ${ctx.reason}`])),
  };
}

export const vaultOperations = {
  "vault.deploy": vaults.deployment(),
  "vault.approve_asset": approveAsset,
  "vault.deposit": action("deposit", "Deposit"),
  "vault.mint": action("mint", "Deposit"),
  "vault.withdraw": action("withdraw", "Withdraw"),
  "vault.redeem": action("redeem", "Withdraw"),
  "vault.shares.approve": {},
  "vault.shares.transfer": {},
} satisfies Record<string, Operation>;
