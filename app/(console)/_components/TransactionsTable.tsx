// Transactions as a table: status (with the failure reason), what it did, hash, confirmations, time.
import Link from "next/link";
import { explorerUrl } from "@/lib/console/explorer";
import { StatusBadge } from "@/components/StatusBadge";
import { Hex, shorten } from "@/components/Hex";
import { Time } from "@/components/Time";
import type { serializeTransaction } from "@/lib/chain/transactions";

export type TransactionRow = ReturnType<typeof serializeTransaction> & { confirmations: number | null };

export function TransactionsTable({ transactions, showToken = true }: { transactions: TransactionRow[]; showToken?: boolean }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Transactions</caption>
        <thead>
          <tr>
            <th scope="col">Transaction</th>
            <th scope="col">Status</th>
            <th scope="col" className="hide-sm">
              Hash
            </th>
            <th scope="col" className="num">
              <abbr title="Confirmations">Conf.</abbr>
            </th>
            {showToken ? (
              <th scope="col" className="hide-sm">
                Token
              </th>
            ) : null}
            <th scope="col" className="hide-sm">
              Created
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((t) => (
            <tr key={t.id} data-kind={t.kind} data-status={t.status}>
              <td>
                <Link href={`/transactions/${t.id}`} className="row-link mono">
                  {t.kind}
                </Link>
                <span className="sub mono" title={t.id}>
                  {shorten(t.id, 10, 4)}
                </span>
              </td>
              <td>
                <StatusBadge status={t.status} />
                {t.error ? <span className="error-text">{t.error.message || t.error.code}</span> : null}
              </td>
              <td className="hide-sm">
                <Hex value={t.hash} href={explorerUrl(t.network, "tx", t.hash)} />
              </td>
              <td className="num" data-testid="confirmations">
                {t.confirmations ?? <span className="muted">—</span>}
              </td>
              {showToken ? (
                <td className="hide-sm">
                  {t.token ? (
                    <Link href={`/tokens/${t.token}`} className="mono nowrap" title={t.token}>
                      {shorten(t.token, 10, 4)}
                    </Link>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
              ) : null}
              <td className="hide-sm">
                <Time seconds={t.created} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
