// The rows of vaults and how the API, events and webhooks show them, apart from the service so the effects
// (run by the chain path) need nothing of the chain path themselves.
import { newId, unixSeconds } from "@/lib/api/ids";
import { selectList } from "@/lib/db/columns";
import type { Vault } from "@/lib/generated/prisma/client";

export const vaultId = () => newId("vlt");

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
    deploy_transaction: r.deployTxId,
    transaction: r.lastTxId,
    failure_reason: r.failureReason,
    livemode: r.livemode,
    created: unixSeconds(r.createdAt),
  };
}
