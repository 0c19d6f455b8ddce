import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { recordMetadata } from "../../_components/record-metadata";
import { orNotFound, settle } from "@/lib/console/pages";
import { explorerUrl, networkLabel } from "@/lib/console/explorer";
import { describeTransactions } from "@/lib/console/transactions";
import { withConfirmations } from "@/lib/console/confirmations";
import { formatWithSymbol } from "@/lib/console/amounts";
import { getToken } from "@/lib/tokens/service";
import { supplyAndHolders } from "@/lib/tokens/holders";
import { isPaused } from "@/lib/tokens/reads";
import { listRoles } from "@/lib/tokens/roles";
import { getTransaction, listTransactions } from "@/lib/chain/intake";
import { walletMode } from "@/lib/connect/settings/wallet-mode";
import { EmptyState } from "@/components/EmptyState";
import { Hex } from "@/components/Hex";
import { TokenOperations } from "../../_components/TokenOperations";
import { BalanceLookup } from "../../_components/BalanceLookup";
import { RolesPanel } from "../../_components/RolesPanel";
import { RegulatedPanel } from "../../_components/RegulatedPanel";
import { regulatedOverview } from "@/lib/console/regulated";
import { TransactionsTable } from "../../_components/TransactionsTable";
import { PausePanel } from "../../_components/PausePanel";
import { SupplyPanel } from "../../_components/SupplyPanel";
import { Card } from "@/components/Card";
import { RecordHeader } from "@/components/RecordHeader";
import { Notice } from "@/components/Notice";
import { DeployedAddress, DetailsCard, FailedNotice, Field, NameAndSymbol, TimeField, TxLink, onNetwork } from "../../_components/Detail";

/** The browser tab names the token: "ACME · Tokens". */
export const generateMetadata = recordMetadata(getToken, (token) => `${token.symbol} · Tokens`, "Token");

export default async function TokenPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { tenant, scope } = await requireConsole(`/tokens/${id}`);
  const token = await orNotFound(getToken(scope, id));
  const [wallet, transactions] = await Promise.all([
    walletMode(scope),
    listTransactions(tenant.id, scope.livemode, { limit: 10, token: token.id }).then(async (page) => ({ ...page, data: await withConfirmations(await describeTransactions(scope, page.data)) })),
  ]);
  const regulated = token.standard === "ERC3643";
  const deployed = token.status === "deployed";
  const fungible = token.standard === "ERC20" || token.standard === "ERC20_ALT" || regulated;
  const [supply, paused, deployHash] = await Promise.all([
    deployed && fungible ? settle(supplyAndHolders(scope, token.id)) : null,
    deployed && token.features.pausable ? settle(isPaused(scope, token.id)) : null,
    token.deploy_tx ? getTransaction(tenant.id, scope.livemode, token.deploy_tx).then((t) => t.hash, () => null) : null,
  ]);
  const roles = token.status === "deployed" && !regulated ? await settle(listRoles(scope, token.id)) : null;
  const overview = token.status === "deployed" && regulated ? await settle(regulatedOverview(scope, token.id)) : null;
  const network = networkLabel(token.network);
  const addressLink = explorerUrl(token.network, "address", token.address);
  const busy = token.status === "deploying" || transactions.data.some((t) => t.status === "pending" || t.status === "submitted");
  const features = Object.entries(token.features)
    .filter(([, on]) => on)
    .map(([name]) => name);
  return (
    <>
      <RecordHeader
        list={{ href: "/tokens", label: "Tokens" }}
        title={<NameAndSymbol name={token.name} symbol={token.symbol} />}
        status={token.status}
        subtitle={onNetwork(token.standard, network)}
        refreshing={busy}
      />

      {token.status === "deploying" ? (
        <Notice tone="info" busy>
          Deploying: the contract is being created by your wallet. This page updates by itself when it is deployed.
        </Notice>
      ) : token.status === "failed" ? (
        <FailedNotice reason={token.failure_reason}>Deploy a new token to try again.</FailedNotice>
      ) : null}

      <DetailsCard id="token-details" recordId={token.id}>
        <Field label="Contract address" data-testid="token-address">
          <DeployedAddress network={token.network} address={token.address} />
          {token.address && !addressLink ? <span className="muted small" style={{ display: "block", marginTop: 4 }}>No block explorer: this network runs on the local chain here.</span> : null}
        </Field>
        <Field label="Deployment transaction">
          {token.deploy_tx ? <TxLink id={token.deploy_tx} /> : "—"}
          {deployHash ? (
            <span style={{ display: "block" }}>
              <Hex value={deployHash} href={explorerUrl(token.network, "tx", deployHash)} />
            </span>
          ) : null}
        </Field>
        {fungible ? (
          <>
            <Field label="Decimals">{token.decimals}</Field>
            <Field label="Initial supply">
              {formatWithSymbol(token.initial_supply, token.decimals, token.symbol)}{" "}
              <span className="muted small mono">({token.initial_supply} base units)</span>
            </Field>
          </>
        ) : null}
        <Field label="Features">{features.length ? features.join(", ") : "none"}</Field>
        <TimeField label="Created" seconds={token.created} />
      </DetailsCard>

      {deployed ? (
        <div className="grid-2">
          {supply ? (
            <Card id="token-supply" title="Supply and holders" description="Read on chain.">
              <SupplyPanel supply={supply} decimals={token.decimals} symbol={token.symbol} />
            </Card>
          ) : null}
          <Card id="token-pause" title="Pause" description="Stop every transfer at once, and resume." padded>
            <PausePanel
              tokenId={token.id}
              symbol={token.symbol}
              pausable={token.features.pausable}
              paused={paused?.ok ? paused.value : null}
              readError={paused && !paused.ok ? paused.message : undefined}
            />
          </Card>
        </div>
      ) : null}

      {deployed ? (
        <div className="grid-2">
          <Card id="operations" title="Operations" description="Each one is a transaction from your wallet." padded>
            <TokenOperations token={token} walletAddress={wallet.wallet_address} />
          </Card>
          <Card id="balance" title="Balance lookup" description="Read on chain." padded>
            <BalanceLookup token={token} walletAddress={wallet.wallet_address} />
          </Card>
        </div>
      ) : null}

      {roles ? <RolesPanel token={token} roles={roles} /> : null}
      {overview ? <RegulatedPanel token={token} overview={overview} /> : null}

      <section className="card" aria-labelledby="token-transactions">
        <div className="card-header">
          <h2 id="token-transactions">Transactions</h2>
          <Link href={`/transactions?token=${token.id}`} className="small">
            View all
          </Link>
        </div>
        <TransactionsTable transactions={transactions.data} showToken={false} empty={<EmptyState title="No transactions yet">Transactions of this token appear here.</EmptyState>} />
      </section>
    </>
  );
}
