// Transactions as a table: what it did (the kind's name), its status (with the failure reason, or stuck at the
// fee cap), the token's symbol, the amount in token units, the recipient, hash, confirmations and time.
import Link from "next/link";
import type { ReactNode } from "react";
import { explorerUrl } from "@/lib/console/explorer";
import { DataTable } from "@/components/DataTable";
import { StatusBadge } from "@/components/StatusBadge";
import { Hex, shorten } from "@/components/Hex";
import { Time } from "@/components/Time";
import type { DescribedTransaction } from "@/lib/console/transactions";
import { stuckNotice } from "@/lib/console/stuck";

export type TransactionRow = DescribedTransaction & { confirmations: number | null };

const none = <span className="muted">—</span>;

export function TransactionsTable({ transactions, showToken = true, empty }: { transactions: TransactionRow[]; showToken?: boolean; empty?: ReactNode }) {
  return (
    <DataTable
      caption="Transactions"
      empty={empty}
      dense
      rows={transactions}
      rowKey={(t) => t.id}
      rowProps={(t) => ({ "data-kind": t.kind, "data-status": t.status })}
      columns={[
        {
          header: "Transaction",
          cell: (t) => (
            <>
              <Link href={`/transactions/${t.id}`} className="row-link" title={t.kind}>
                {t.kind_name}
              </Link>
              <span className="sub mono nowrap" title={t.id}>
                {shorten(t.id, 10, 4)}
              </span>
            </>
          ),
        },
        {
          header: "Status",
          cell: (t) => (
            <>
              <StatusBadge status={t.status} />
              {t.error ? <span className="error-text">{t.error.message || t.error.code}</span> : null}
              {t.stuck ? (
                <span className="error-text" data-testid="stuck" title={stuckNotice(t) ?? undefined}>
                  Stuck at the fee cap
                </span>
              ) : null}
            </>
          ),
        },
        showToken && {
          header: "Token",
          cellProps: () => ({ "data-testid": "token" }),
          cell: (t) =>
            t.token ? (
              <Link href={`/tokens/${t.token}`} className="nowrap" title={t.token}>
                {t.symbol ?? shorten(t.token, 10, 4)}
              </Link>
            ) : (
              none
            ),
        },
        {
          header: "Amount",
          className: "num",
          cellProps: () => ({ "data-testid": "amount" }),
          cell: (t) =>
            t.amount ? (
              <span className="nowrap" title={t.amount.raw ? `${t.amount.raw} base units` : undefined}>
                {t.amount.units}
                {t.symbol && t.amount.raw ? <span className="muted"> {t.symbol}</span> : null}
              </span>
            ) : (
              none
            ),
        },
        { header: "Recipient", cellProps: () => ({ "data-testid": "recipient" }), cell: (t) => <Hex value={t.recipient} href={explorerUrl(t.network, "address", t.recipient)} /> },
        { header: "Hash", cell: (t) => <Hex value={t.hash} href={explorerUrl(t.network, "tx", t.hash)} /> },
        {
          header: <abbr title="Confirmations">Conf.</abbr>,
          label: "Confirmations",
          className: "num",
          cellProps: () => ({ "data-testid": "confirmations" }),
          cell: (t) => t.confirmations ?? none,
        },
        { header: "Created", cell: (t) => <Time seconds={t.created} /> },
      ]}
    />
  );
}
