import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { queryKind, search } from "@/lib/console/search";
import { PageHeader } from "@/components/PageHeader";
import { DataTable } from "@/components/DataTable";
import { EmptyState } from "@/components/EmptyState";
import { GlobalSearch } from "@/components/GlobalSearch";

export const metadata: Metadata = { title: "Search" };

const LOOKS_LIKE = {
  id: "an id",
  address: "an address",
  hash: "a transaction hash",
  other: "",
};

export default async function SearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = (param((await searchParams).q) ?? "").trim().slice(0, 200);
  const { scope, livemode } = await requireConsole(q ? `/search?q=${encodeURIComponent(q)}` : "/search");
  const mode = livemode ? "live" : "test";
  const hits = q ? await search(scope, q) : [];
  // One answer: straight to its page, as a search for an id or a hash means "open it".
  if (hits.length === 1) redirect(hits[0].href);
  const kind = queryKind(q);
  // Nothing here: the other mode may hold it (the same tenant's), which is worth saying.
  const otherMode = q && !hits.length && kind !== "other" ? await search({ ...scope, livemode: !livemode }, q) : [];
  return (
    <>
      <PageHeader title="Search" subtitle={`Ids, addresses and transaction hashes of your ${mode}-mode records.`} />
      <section className="card" aria-label="Search">
        <div className="card-body">
          <GlobalSearch query={q} id="search-page-query" />
        </div>
      </section>
      {!q ? null : hits.length ? (
        <section className="card" aria-labelledby="results">
          <div className="card-header">
            <h2 id="results">
              {hits.length} results for <span className="mono break">{q}</span>
            </h2>
          </div>
          <DataTable
            caption="Search results"
            rows={hits}
            rowKey={(h) => `${h.kind}:${h.id}`}
            columns={[
              { header: "Kind", cell: (h) => h.kind },
              {
                header: "Record",
                cell: (h) => (
                  <>
                    <Link href={h.href} className="row-link break">
                      {h.title}
                    </Link>
                    <span className="sub mono">{h.id}</span>
                  </>
                ),
              },
            ]}
          />
        </section>
      ) : (
        <section className="card" aria-label="Results">
          <EmptyState icon="⌕" title="Nothing found">
            {kind === "other" ? (
              <>
                “<span className="mono break">{q}</span>” is not an id, an address or a transaction hash. Search by an id such as <span className="mono">tok_…</span> or{" "}
                <span className="mono">tx_…</span>, a 0x address (40 hex digits) or a transaction hash (64 hex digits).
              </>
            ) : otherMode.length ? (
              <>
                No {mode}-mode record has {LOOKS_LIKE[kind]} <span className="mono break">{q}</span>; your {livemode ? "test" : "live"}-mode data has {otherMode.length === 1 ? "one" : otherMode.length}. Switch to {livemode ? "test" : "live"} data at the top of the page to open it.
              </>
            ) : (
              <>
                None of your {mode}-mode records has {LOOKS_LIKE[kind]} <span className="mono break">{q}</span>.
              </>
            )}
          </EmptyState>
        </section>
      )}
    </>
  );
}
