import Link from "next/link";

/** Cursor pages (newest first): back to the first page, or on past the last item shown. */
export function Pagination({ basePath, params, hasMore, lastId, total, shown }: { basePath: string; params: Record<string, string | undefined>; hasMore: boolean; lastId?: string; total: number; shown: number }) {
  const query = (extra: Record<string, string | undefined>) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...params, ...extra })) if (v) search.set(k, v);
    const s = search.toString();
    return s ? `${basePath}?${s}` : basePath;
  };
  const paged = Boolean(params.starting_after);
  if (!hasMore && !paged) return null;
  return (
    <nav className="row" aria-label="Pagination" style={{ justifyContent: "space-between", padding: "12px 16px", borderTop: "1px solid var(--border)" }}>
      <span className="muted small">
        {shown} shown of {total}
      </span>
      <span className="row" style={{ gap: 8 }}>
        {paged ? (
          <Link className="btn btn-small" href={query({ starting_after: undefined })}>
            First page
          </Link>
        ) : null}
        {hasMore && lastId ? (
          <Link className="btn btn-small" href={query({ starting_after: lastId })}>
            Next page
          </Link>
        ) : null}
      </span>
    </nav>
  );
}
