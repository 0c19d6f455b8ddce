import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { orNotFound } from "@/lib/console/pages";
import { explorerUrl, networkLabel } from "@/lib/console/explorer";
import { withConfirmations } from "@/lib/console/confirmations";
import { stuckNotice } from "@/lib/console/stuck";
import { getTransaction } from "@/lib/chain/intake";
import { StatusBadge } from "@/components/StatusBadge";
import { Hex } from "@/components/Hex";
import { Time } from "@/components/Time";
import { CodeBlock } from "@/components/CodeBlock";
import { TransactionTimeline } from "../../_components/TransactionTimeline";
import { Card } from "@/components/Card";
import { RecordHeader } from "@/components/RecordHeader";
import { Notice } from "@/components/Notice";
import { kindName } from "@/lib/console/transaction-kinds";

export const metadata: Metadata = { title: "Transaction" };

export default async function TransactionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { tenant, livemode } = await requireConsole(`/transactions/${id}`);
  const [tx] = await withConfirmations([await orNotFound(getTransaction(tenant.id, livemode, id))]);
  const network = networkLabel(tx.network);
  const pending = tx.status === "pending" || tx.status === "submitted";
  return (
    <>
      <RecordHeader
        list={{ href: "/transactions", label: "Transactions" }}
        title={kindName(tx.kind)}
        status={tx.status}
        id={tx.id}
        subtitle={<span className="mono">{tx.kind}</span>}
        refreshing={pending}
      />
      {tx.error ? (
        <Notice tone="danger" role="alert">
          <strong>Failed ({tx.error.code}).</strong> {tx.error.message}
        </Notice>
      ) : null}
      {tx.stuck ? (
        <Notice tone="warning" role="alert" data-testid="stuck">
          {stuckNotice(tx)}
        </Notice>
      ) : null}
      <Card id="tx-details" title="Details">
        <dl className="details">
          <dt>Status</dt>
          <dd>
            <StatusBadge status={tx.status} />
          </dd>
          <dt>Network</dt>
          <dd>
            {network.name}
            {network.local ? <span className="muted"> (local chain)</span> : null}
          </dd>
          <dt>Hash</dt>
          <dd>
            <Hex value={tx.hash} href={explorerUrl(tx.network, "tx", tx.hash)} copy full />
          </dd>
          <dt>Confirmations</dt>
          <dd data-testid="confirmations">{tx.confirmations ?? <span className="muted">—</span>}</dd>
          <dt>Block</dt>
          <dd>{tx.block_number ?? <span className="muted">—</span>}</dd>
          <dt>Token</dt>
          <dd>{tx.token ? <Link href={`/tokens/${tx.token}`} className="mono">{tx.token}</Link> : <span className="muted">—</span>}</dd>
          <dt>From</dt>
          <dd>
            <Hex value={tx.from} href={explorerUrl(tx.network, "address", tx.from)} full />
          </dd>
          <dt>To</dt>
          <dd>{tx.to ? <Hex value={tx.to} href={explorerUrl(tx.network, "address", tx.to)} full /> : <span className="muted">Contract creation</span>}</dd>
          {tx.contract_address ? (
            <>
              <dt>Contract created</dt>
              <dd>
                <Hex value={tx.contract_address} href={explorerUrl(tx.network, "address", tx.contract_address)} full />
              </dd>
            </>
          ) : null}
          <dt>Nonce</dt>
          <dd>{tx.nonce ?? <span className="muted">—</span>}</dd>
          <dt>Gas used</dt>
          <dd>{tx.gas_used ?? <span className="muted">—</span>}</dd>
          <dt>Created</dt>
          <dd>
            <Time seconds={tx.created} />
          </dd>
          <dt>Submitted</dt>
          <dd>
            <Time seconds={tx.submitted} />
          </dd>
          <dt>Confirmed</dt>
          <dd>
            <Time seconds={tx.confirmed} />
          </dd>
        </dl>
      </Card>
      <TransactionTimeline timeline={tx.timeline} network={tx.network} />
      <Card id="tx-request" title="Request" description="The request that caused this transaction.">
        <div className="card-body">
          <CodeBlock code={JSON.stringify(tx.request, null, 2)} label="Request body" language="json" />
        </div>
      </Card>
    </>
  );
}
