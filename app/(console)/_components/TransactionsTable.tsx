// Transactions as a table: status (with the failure reason, or stuck at the fee cap), what it did, hash, confirmations, time.
import Link from "next/link";
import { explorerUrl } from "@/lib/console/explorer";
import { DataTable } from "@/components/DataTable";
import { StatusBadge } from "@/components/StatusBadge";
import { Hex, shorten } from "@/components/Hex";
import { Time } from "@/components/Time";
import type { serializeTransaction } from "@/lib/chain/intake";
import { stuckNotice } from "@/lib/console/stuck";

export type TransactionRow = ReturnType<typeof serializeTransaction> & { confirmations: number | null };

export function TransactionsTable({ transactions, showToken = true }: { transactions: TransactionRow[]; showToken?: boolean }) {
  return (
    <DataTable
      caption="Transactions"
      rows={transactions}
      rowKey={(t) => t.id}
      rowProps={(t) => ({ "data-kind": t.kind, "data-status": t.status })}
      columns={[
        {
          header: "Transaction",
          cell: (t) => (
            <>
              <Link href={`/transactions/${t.id}`} className="row-link mono">
                {t.kind}
              </Link>
              <span className="sub mono" title={t.id}>
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
        { header: "Hash", className: "hide-sm", cell: (t) => <Hex value={t.hash} href={explorerUrl(t.network, "tx", t.hash)} /> },
        {
          header: <abbr title="Confirmations">Conf.</abbr>,
          className: "num",
          cellProps: () => ({ "data-testid": "confirmations" }),
          cell: (t) => t.confirmations ?? <span className="muted">—</span>,
        },
        showToken && {
          header: "Token",
          className: "hide-sm",
          cell: (t) =>
            t.token ? (
              <Link href={`/tokens/${t.token}`} className="mono nowrap" title={t.token}>
                {shorten(t.token, 10, 4)}
              </Link>
            ) : (
              <span className="muted">—</span>
            ),
        },
        { header: "Created", className: "hide-sm", cell: (t) => <Time seconds={t.created} /> },
      ]}
    />
  );
}
