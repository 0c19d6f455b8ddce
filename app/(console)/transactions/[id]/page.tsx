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
import { CodeBlock } from "@/components/CodeBlock";
import { TransactionTimeline } from "../../_components/TransactionTimeline";
import { Card } from "@/components/Card";
import { RecordHeader } from "@/components/RecordHeader";
import { Notice } from "@/components/Notice";
import { DetailsCard, Field, Missing, NetworkName, TimeField } from "../../_components/Detail";
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
      <DetailsCard id="tx-details">
        <Field label="Status">
          <StatusBadge status={tx.status} />
        </Field>
        <Field label="Network">
          <NetworkName network={network} />
        </Field>
        <Field label="Hash">
          <Hex value={tx.hash} href={explorerUrl(tx.network, "tx", tx.hash)} copy full />
        </Field>
        <Field label="Confirmations" data-testid="confirmations">{tx.confirmations ?? <Missing />}</Field>
        <Field label="Block">{tx.block_number ?? <Missing />}</Field>
        <Field label="Token">{tx.token ? <Link href={`/tokens/${tx.token}`} className="mono">{tx.token}</Link> : <Missing />}</Field>
        <Field label="From">
          <Hex value={tx.from} href={explorerUrl(tx.network, "address", tx.from)} full />
        </Field>
        <Field label="To">{tx.to ? <Hex value={tx.to} href={explorerUrl(tx.network, "address", tx.to)} full /> : <Missing>Contract creation</Missing>}</Field>
        {tx.contract_address ? (
          <Field label="Contract created">
            <Hex value={tx.contract_address} href={explorerUrl(tx.network, "address", tx.contract_address)} full />
          </Field>
        ) : null}
        <Field label="Nonce">{tx.nonce ?? <Missing />}</Field>
        <Field label="Gas used">{tx.gas_used ?? <Missing />}</Field>
        <TimeField label="Created" seconds={tx.created} />
        <TimeField label="Submitted" seconds={tx.submitted} />
        <TimeField label="Confirmed" seconds={tx.confirmed} />
      </DetailsCard>
      <TransactionTimeline timeline={tx.timeline} network={tx.network} />
      <Card id="tx-request" title="Request" description="The request that caused this transaction." padded>
        <CodeBlock code={JSON.stringify(tx.request, null, 2)} label="Request body" language="json" />
      </Card>
    </>
  );
}
