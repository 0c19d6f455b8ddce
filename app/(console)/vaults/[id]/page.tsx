import { requireConsole } from "@/lib/console/session";
import { orNotFound, settle } from "@/lib/console/pages";
import { networkLabel } from "@/lib/console/explorer";
import { formatAmount } from "@/lib/console/amounts";
import { findToken } from "@/lib/tokens/lookup";
import { readErc20 } from "@/lib/tokens/erc20-ref";
import { recordMetadata } from "../../_components/record-metadata";
import { getVault, listVaultOperations, sharesBalance } from "@/lib/vaults/service";
import { StatusBadge } from "@/components/StatusBadge";
import { DataTable } from "@/components/DataTable";
import { EmptyState } from "@/components/EmptyState";
import { Time } from "@/components/Time";
import { VaultPreviewBox } from "../../_components/VaultPreviewBox";
import { VaultActions } from "../../_components/VaultActions";
import { Card } from "@/components/Card";
import { RecordHeader } from "@/components/RecordHeader";
import { Notice } from "@/components/Notice";
import { DeployedAddress, DetailsCard, FailedNotice, Field, Missing, NameAndSymbol, TimeField, TokenRef, TxLink, onNetwork } from "../../_components/Detail";

export const generateMetadata = recordMetadata(getVault, (vault) => `${vault.symbol} · Vaults`, "Vault");

export default async function VaultPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { scope } = await requireConsole(`/vaults/${id}`);
  const vault = await orNotFound(getVault(scope, id));
  const active = vault.status === "active" && vault.asset_decimals !== null && vault.decimals !== null;
  const [operations, mine, assetSymbol] = await Promise.all([
    listVaultOperations(scope, id, { limit: 10 }),
    active ? settle(sharesBalance(scope, id)) : Promise.resolve(null),
    // The asset's symbol: the tenant's token's, or what another ERC-20 says (else the asset is named by its role).
    vault.asset
      ? findToken(scope, vault.asset).then((t) => t.symbol, () => "of the asset")
      : readErc20<string>(vault.network, vault.asset_address as `0x${string}`, "symbol", [], () => "of the asset").catch(() => "of the asset"),
  ]);
  const assetDecimals = vault.asset_decimals ?? 0;
  const shareDecimals = vault.decimals ?? 0;
  const assets = (raw: string | null) => (raw === null ? "—" : `${formatAmount(raw, assetDecimals)} ${assetSymbol}`);
  const shares = (raw: string | null) => (raw === null ? "—" : `${formatAmount(raw, shareDecimals)} ${vault.symbol}`);
  const units = { vaultId: vault.id, assetDecimals, shareDecimals, assetSymbol, shareSymbol: vault.symbol };
  const network = networkLabel(vault.network);
  const busy = vault.status === "deploying" || operations.data.some((o) => o.status === "approving" || o.status === "pending");
  return (
    <>
      <RecordHeader
        list={{ href: "/vaults", label: "Vaults" }}
        title={<NameAndSymbol name={vault.name} symbol={vault.symbol} />}
        status={vault.status}
        subtitle={onNetwork("ERC-4626 vault", network)}
        refreshing={busy}
      />
      {vault.status === "deploying" ? (
        <Notice tone="info" busy>
          Deploying: your wallet is creating the vault. This page updates by itself when it is active.
        </Notice>
      ) : null}
      {vault.status === "failed" ? <FailedNotice reason={vault.failure_reason} /> : null}

      {active ? (
        <div className="grid-2">
          <Card id="vault-assets" title="Assets and shares" description="Read on chain.">
            <dl className="details">
              <Field label="Total assets" data-testid="vault-total-assets">
                {assets(vault.total_assets)} <span className="muted mono small">{vault.total_assets}</span>
              </Field>
              <Field label="Total shares" data-testid="vault-total-shares">
                {shares(vault.total_supply)} <span className="muted mono small">{vault.total_supply}</span>
              </Field>
              <Field label="Your wallet's shares">
                {mine?.ok ? (
                  <>
                    {shares(mine.value.shares)} <span className="muted">(worth {assets(mine.value.assets)})</span>
                  </>
                ) : (
                  <Missing>{mine?.message}</Missing>
                )}
              </Field>
              <Field label="Decimals">
                asset {assetDecimals}, shares {shareDecimals} <span className="muted">(offset {vault.decimals_offset} against the inflation attack)</span>
              </Field>
            </dl>
          </Card>
          <Card id="vault-actions" title="Deposit and withdraw" description="From and to your wallet; each one is followed until it is final." padded>
            <VaultActions {...units} />
          </Card>
        </div>
      ) : null}
      {active ? (
        <Card id="vault-preview" title="Preview" description="What an action would give or take at the latest block." padded>
          <VaultPreviewBox {...units} />
        </Card>
      ) : null}

      <DetailsCard id="vault-details" recordId={vault.id}>
        <Field label="Vault address" data-testid="vault-address">
          <DeployedAddress network={vault.network} address={vault.address} />
        </Field>
        <Field label="Asset">
          <TokenRef network={vault.network} token={vault.asset} address={vault.asset_address} name={assetSymbol} />
        </Field>
        <Field label="Deployment transaction">
          <TxLink id={vault.deploy_transaction} />
        </Field>
        <TimeField label="Created" seconds={vault.created} />
      </DetailsCard>

      <Card id="vault-operations" title="Operations" description="Deposits, mints, withdrawals and redemptions, newest first.">
        <DataTable
          caption="Vault operations"
          rows={operations.data}
          rowKey={(o) => o.id}
          rowProps={(o) => ({ "data-action": o.action, "data-status": o.status })}
          columns={[
            { header: "Action", cell: (o) => <span className="mono">{o.action}</span> },
            {
              header: "Status",
              cell: (o) => (
                <>
                  <StatusBadge status={o.status} />
                  {o.failure_reason ? <span className="error-text">{o.failure_reason}</span> : null}
                </>
              ),
            },
            { header: "Assets", cell: (o) => assets(o.assets ?? (o.action === "deposit" || o.action === "withdraw" ? o.amount : o.preview)) },
            { header: "Shares", cell: (o) => shares(o.shares ?? (o.action === "mint" || o.action === "redeem" ? o.amount : o.preview)) },
            { header: "Transaction", className: "hide-sm", cell: (o) => (o.transaction ? <TxLink id={o.transaction} /> : "—") },
            { header: "Created", className: "hide-sm", cell: (o) => <Time seconds={o.created} /> },
          ]}
          empty={
            <EmptyState title="No operations yet">{active ? "Make the first deposit above." : "Deposits are possible once the vault is active."}</EmptyState>
          }
        />
      </Card>
    </>
  );
}
