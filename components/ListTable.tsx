// A page of a cursor list: its rows as a table, or what the empty list says, then the pagination links.
import type { ReactNode } from "react";
import { DataTable, type DataTableProps } from "./DataTable";
import { Pagination } from "./Pagination";
import { columnKit, type ColumnKit } from "./columns";

export function ListTable<T extends { id: string }>({
  list,
  empty,
  pages,
  columns,
  ...table
}: Omit<DataTableProps<T>, "rows" | "rowKey" | "columns" | "rowProps"> & {
  /** The columns, or a function of the column helpers typed by the list's rows (`col.record`, `col.status`, `col.time`). */
  columns: DataTableProps<NoInfer<T>>["columns"] | ((col: ColumnKit<T>) => DataTableProps<NoInfer<T>>["columns"]);
  rowProps?: DataTableProps<NoInfer<T>>["rowProps"];
  list: { data: T[]; has_more: boolean; total: number };
  /** Shown instead of the table when the page has no rows (an EmptyState). */
  empty: ReactNode;
  /** Where the next page is; the query keeps the list's filters. */
  pages: { basePath: string; params: Record<string, string | undefined> };
}) {
  const shown = typeof columns === "function" ? columns(columnKit<T>()) : columns;
  return (
    <>
      {list.data.length ? <DataTable rows={list.data} rowKey={(row) => row.id} columns={shown} {...table} /> : empty}
      <Pagination {...pages} hasMore={list.has_more} lastId={list.data.at(-1)?.id} total={list.total} shown={list.data.length} />
    </>
  );
}
