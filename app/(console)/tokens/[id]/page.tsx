import type { Metadata } from "next";
import Link from "next/link";
import { consoleContext, requireConsole } from "@/lib/console/session";
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
import { Time } from "@/components/Time";
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

/** The browser tab names the token: "ACME · Tokens". */
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const context = await consoleContext();
  const token = context ? await getToken(context.scope, (await params).id).catch(() => null) : null;
  return { title: token ? `${token.symbol} · Tokens` : "Token" };
}

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
        title={
          <>
            {token.name} <span className="muted">{token.symbol}</span>
          </>
        }
        status={token.status}
        subtitle={`${token.standard} on ${network.name}${network.local ? " (local chain)" : ""}`}
        refreshing={busy}
      />

      {token.status === "deploying" ? (
        <Notice tone="info" busy>
          Deploying: the contract is being created by your wallet. This page updates by itself when it is deployed.
        </Notice>
      ) : token.status === "failed" ? (
        <Notice tone="danger" role="alert">
          <strong>The deployment failed.</strong> {token.failure_reason ?? "No reason was recorded."} Deploy a new token to try again.
        </Notice>
      ) : null}

      <Card id="token-details" title="Details">
        <dl className="details">
          <dt>Id</dt>
          <dd className="mono">{token.id}</dd>
          <dt>Contract address</dt>
          <dd data-testid="token-address">
            {token.address ? (
              <>
                <Hex value={token.address} href={addressLink} copy full />
                {!addressLink ? <span className="muted small" style={{ display: "block", marginTop: 4 }}>No block explorer: this network runs on the local chain here.</span> : null}
              </>
            ) : (
              <span className="muted">Assigned once deployed</span>
            )}
          </dd>
          <dt>Deployment transaction</dt>
          <dd>
            {token.deploy_tx ? (
              <Link href={`/transactions/${token.deploy_tx}`} className="mono">
                {token.deploy_tx}
              </Link>
            ) : (
              "—"
            )}
            {deployHash ? (
              <span style={{ display: "block" }}>
                <Hex value={deployHash} href={explorerUrl(token.network, "tx", deployHash)} />
              </span>
            ) : null}
          </dd>
          {fungible ? (
            <>
              <dt>Decimals</dt>
              <dd>{token.decimals}</dd>
              <dt>Initial supply</dt>
              <dd>
                {formatWithSymbol(token.initial_supply, token.decimals, token.symbol)}{" "}
                <span className="muted small mono">({token.initial_supply} base units)</span>
              </dd>
            </>
          ) : null}
          <dt>Features</dt>
          <dd>{features.length ? features.join(", ") : "none"}</dd>
          <dt>Created</dt>
          <dd>
            <Time seconds={token.created} />
          </dd>
        </dl>
      </Card>

      {deployed ? (
        <div className="grid-2">
          {supply ? (
            <Card id="token-supply" title="Supply and holders" description="Read on chain.">
              <SupplyPanel supply={supply} decimals={token.decimals} symbol={token.symbol} />
            </Card>
          ) : null}
          <Card id="token-pause" title="Pause" description="Stop every transfer at once, and resume.">
            <div className="card-body">
              <PausePanel
                tokenId={token.id}
                symbol={token.symbol}
                pausable={token.features.pausable}
                paused={paused?.ok ? paused.value : null}
                readError={paused && !paused.ok ? paused.message : undefined}
              />
            </div>
          </Card>
        </div>
      ) : null}

      {deployed ? (
        <div className="grid-2">
          <Card id="operations" title="Operations" description="Each one is a transaction from your wallet.">
            <div className="card-body">
              <TokenOperations token={token} walletAddress={wallet.wallet_address} />
            </div>
          </Card>
          <Card id="balance" title="Balance lookup" description="Read on chain.">
            <div className="card-body">
              <BalanceLookup token={token} walletAddress={wallet.wallet_address} />
            </div>
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
        {transactions.data.length ? (
          <TransactionsTable transactions={transactions.data} showToken={false} />
        ) : (
          <EmptyState title="No transactions yet">Transactions of this token appear here.</EmptyState>
        )}
      </section>
    </>
  );
}
