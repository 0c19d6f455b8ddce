import type { Metadata } from "next";
import Link from "next/link";
import { StatusTabs } from "@/components/StatusTabs";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { withConfirmations } from "@/lib/console/confirmations";
import { describeTransactions, filterQuery, parseTransactionFilters } from "@/lib/console/transactions";
import { listTransactions } from "@/lib/chain/intake";
import { listNetworks } from "@/lib/chain/network/networks";
import { listTokens } from "@/lib/tokens/service";
import { TransactionStatus } from "@/lib/schemas/transactions";
import { PageHeader } from "@/components/PageHeader";
import { EmptyState } from "@/components/EmptyState";
import { Pagination } from "@/components/Pagination";
import { AutoRefresh } from "@/components/AutoRefresh";
import { TransactionsTable } from "../_components/TransactionsTable";
import { TransactionFilters } from "./TransactionFilters";

export const metadata: Metadata = { title: "Transactions" };

const STATUSES = TransactionStatus.options;

export default async function TransactionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope, livemode } = await requireConsole("/transactions");
  const query = await searchParams;
  const { params, filters } = parseTransactionFilters(query);
  const startingAfter = param(query.starting_after);
  const [page, tokens] = await Promise.all([
    listTransactions(scope.tenantId, livemode, { limit: 25, starting_after: startingAfter, ...filters }),
    listTokens(scope, { limit: 100 }),
  ]);
  const rows = await withConfirmations(await describeTransactions(scope, page.data));
  const networks = listNetworks().filter((n) => n.testnet !== livemode);
  const filtered = Object.values(params).some(Boolean);
  return (
    <>
      <PageHeader
        title="Transactions"
        subtitle="Every chain write of your wallet: deployments, mints, transfers, role changes."
        actions={
          <a href={`/transactions/export${filterQuery(params)}`} className="btn" download>
            Export CSV
          </a>
        }
      />
      <AutoRefresh active={rows.some((t) => t.status === "pending" || t.status === "submitted")} intervalMs={1500} />
      <section className="card">
        <div className="card-header">
          <StatusTabs label="Filter by status" statuses={STATUSES} current={params.status} href={(status) => `/transactions${filterQuery({ ...params, status })}`} />
          <span className="muted small" data-testid="transactions-total">
            {page.total} {filtered ? "matching" : `in ${livemode ? "live" : "test"} mode`}
          </span>
        </div>
        <TransactionFilters params={params} tokens={tokens.data} networks={networks} />
        {rows.length ? (
          <TransactionsTable transactions={rows} />
        ) : filtered ? (
          <EmptyState icon="⌕" title="No transactions match" action={<Link href="/transactions" className="btn">Show all</Link>}>
            Nothing matches these filters. A search takes a whole transaction id (tx_…) or hash (0x…).
          </EmptyState>
        ) : (
          <EmptyState icon="⇄" title="No transactions yet" action={<Link href="/tokens/new" className="btn btn-primary">Deploy a token</Link>}>
            Deploying a token is your first transaction; mints, transfers and burns follow. Each one is listed here with its status and hash.
          </EmptyState>
        )}
        <Pagination basePath="/transactions" params={{ ...params, starting_after: startingAfter }} hasMore={page.has_more} lastId={page.data.at(-1)?.id} total={page.total} shown={rows.length} />
      </section>
    </>
  );
}
