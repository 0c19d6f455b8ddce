import type { Metadata } from "next";
import Link from "next/link";
import { StatusTabs } from "@/components/StatusTabs";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { withConfirmations } from "@/lib/console/confirmations";
import { listTransactions } from "@/lib/chain/intake";
import { TransactionStatus } from "@/lib/schemas/transactions";
import { PageHeader } from "@/components/PageHeader";
import { EmptyState } from "@/components/EmptyState";
import { Pagination } from "@/components/Pagination";
import { AutoRefresh } from "@/components/AutoRefresh";
import { TransactionsTable } from "../_components/TransactionsTable";

export const metadata: Metadata = { title: "Transactions" };

const STATUSES = TransactionStatus.options;

export default async function TransactionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { tenant, livemode } = await requireConsole("/transactions");
  const query = await searchParams;
  const status = STATUSES.find((s) => s === param(query.status));
  const token = param(query.token);
  const startingAfter = param(query.starting_after);
  const page = await listTransactions(tenant.id, livemode, { limit: 25, starting_after: startingAfter, status, token });
  const rows = await withConfirmations(page.data);
  const tab = (value?: string) => {
    const search = new URLSearchParams();
    if (value) search.set("status", value);
    if (token) search.set("token", token);
    const s = search.toString();
    return s ? `/transactions?${s}` : "/transactions";
  };
  return (
    <>
      <PageHeader title="Transactions" subtitle="Every chain write of your wallet: deployments, mints, transfers, role changes." />
      <AutoRefresh active={rows.some((t) => t.status === "pending" || t.status === "submitted")} intervalMs={1500} />
      <section className="card">
        <div className="card-header">
          <StatusTabs label="Filter by status" statuses={STATUSES} current={status} href={tab} />
          {token ? (
            <span className="small">
              Token <span className="mono">{token}</span> · <Link href={status ? `/transactions?status=${status}` : "/transactions"}>show all tokens</Link>
            </span>
          ) : (
            <span className="muted small">{page.total} in {livemode ? "live" : "test"} mode</span>
          )}
        </div>
        {rows.length ? (
          <TransactionsTable transactions={rows} />
        ) : status || token ? (
          <EmptyState icon="⌕" title="No transactions match" action={<Link href="/transactions" className="btn">Show all</Link>}>
            Nothing with this filter yet.
          </EmptyState>
        ) : (
          <EmptyState icon="⇄" title="No transactions yet" action={<Link href="/tokens/new" className="btn btn-primary">Deploy a token</Link>}>
            Deploying a token is your first transaction; mints, transfers and burns follow. Each one is listed here with its status and hash.
          </EmptyState>
        )}
        <Pagination basePath="/transactions" params={{ status, token, starting_after: startingAfter }} hasMore={page.has_more} lastId={page.data.at(-1)?.id} total={page.total} shown={rows.length} />
      </section>
    </>
  );
}
