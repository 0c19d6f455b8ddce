// The rows of vaults and of their operations and how the API, events and webhooks show them, apart from the
// service so the effects (run by the chain path) need nothing of the chain path themselves.
import { newId, unixSeconds } from "@/lib/core/ids";
import { selectList } from "@/lib/db/columns";
import type { Vault, VaultOperation } from "@/lib/generated/prisma/client";

export const vaultId = () => newId("vlt");
export const vaultOperationId = () => newId("vop");

/** OpenZeppelin's virtual-offset defence: shares have the asset's decimals plus this (PlatformVault.DECIMALS_OFFSET). */
export const DECIMALS_OFFSET = 6;

export const VAULT_COLUMNS = selectList(
  ["id", "tenantId", "livemode", "network", "assetTokenId", "assetAddress", "name", "symbol", "address", "status", "deployTxId", "lastTxId", "failureReason"],
  ["createdAt", "updatedAt"],
);

export function serializeVault(r: Vault) {
  return {
    object: "vault" as const,
    id: r.id,
    network: r.network,
    asset: r.assetTokenId,
    asset_address: r.assetAddress,
    name: r.name,
    symbol: r.symbol,
    address: r.address,
    status: r.status as "deploying" | "active" | "failed",
    decimals_offset: DECIMALS_OFFSET,
    deploy_transaction: r.deployTxId,
    transaction: r.lastTxId,
    failure_reason: r.failureReason,
    livemode: r.livemode,
    created: unixSeconds(r.createdAt),
  };
}

export type VaultActionName = "deposit" | "mint" | "withdraw" | "redeem";
export type VaultOperationStatus = "approving" | "pending" | "succeeded" | "failed";

export const OPERATION_COLUMNS = selectList(
  [
    "id", "tenantId", "livemode", "vaultId", "action", "status", "amount", "preview", "receiver", "owner", "approvedAssets", "approveTxId", "txId",
    "assets", "shares", "failureReason",
  ],
  ["createdAt", "updatedAt"],
);

export function serializeVaultOperation(r: VaultOperation, vaultAddress: string | null) {
  return {
    object: "vault_operation" as const,
    id: r.id,
    vault: r.vaultId,
    address: vaultAddress,
    action: r.action as VaultActionName,
    status: r.status as VaultOperationStatus,
    amount: r.amount,
    preview: r.preview,
    receiver: r.receiver,
    owner: r.owner,
    assets: r.assets,
    shares: r.shares,
    approved_assets: r.approvedAssets,
    approve_transaction: r.approveTxId,
    transaction: r.txId,
    failure_reason: r.failureReason,
    livemode: r.livemode,
    created: unixSeconds(r.createdAt),
  };
}
