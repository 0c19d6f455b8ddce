// No "use client" and no server-only imports: it renders in server pages and inside client components (KeysTable) alike.
import type { HTMLAttributes, ReactNode, TdHTMLAttributes } from "react";

type DataAttributes = { [name: `data-${string}`]: string | undefined };

export interface Column<T> {
  header: ReactNode;
  /** Names the cell in a stacked row (phone width) when `header` is not plain text; none for an actions column. */
  label?: string;
  /** On the header and the cells, e.g. "hide-sm", "num". */
  className?: string;
  /** Replaces `className` on the cells where they need more than the header (e.g. "num mono hide-sm"). */
  cellClassName?: string;
  cell: (row: T) => ReactNode;
  cellProps?: (row: T) => TdHTMLAttributes<HTMLTableCellElement> & DataAttributes;
}

export interface DataTableProps<T> {
  /** Read by screen readers only. */
  caption: string;
  columns: (Column<T> | false | null | undefined)[];
  rows: T[];
  rowKey: (row: T) => string;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & DataAttributes;
  /** false: no scrolling `.table-wrap`, for a narrow table inside a card body. */
  wrap?: boolean;
  /** Tighter cell padding, for a table of many columns that must all fit at laptop width. */
  dense?: boolean;
  /** Shown instead of the table when there are no rows (an EmptyState); without it, the table's head alone. */
  empty?: ReactNode;
}

/**
 * A console list as a table; `false`/`null` columns are left out, so a column can be conditional. At phone
 * width each row stacks, every cell under its column's name (`data-label`, app/globals.css), so no column
 * hides behind a sideways scroll.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  wrap = true,
  dense = false,
  empty,
}: DataTableProps<T>) {
  if (!rows.length && empty !== undefined) return <>{empty}</>;
  const shown = columns.filter((c): c is Column<T> => Boolean(c));
  const labelOf = (c: Column<T>) => c.label ?? (typeof c.header === "string" && c.header ? c.header : undefined);
  const table = (
    <table className={dense ? "table table-dense" : "table"}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {shown.map((c, i) => (
            <th key={i} scope="col" className={c.className}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {shown.map((c, i) => (
              <td key={i} className={c.cellClassName ?? c.className} data-label={labelOf(c)} {...c.cellProps?.(row)}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return wrap ? <div className="table-wrap">{table}</div> : table;
}
