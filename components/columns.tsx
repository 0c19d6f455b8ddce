// The columns most console lists share, written once: a record's name linking to its page, its status with the
// failure reason, and its creation time. No server-only imports: server pages and client tables use them alike.
import Link from "next/link";
import type { ReactNode } from "react";
import type { Column } from "./DataTable";
import { StatusBadge } from "./StatusBadge";
import { Time } from "./Time";

/** The record's name, linking to its page, over a second line (its symbol, its id). */
export function recordColumn<T>(header: string, of: (row: T) => { href: string; name: ReactNode; sub?: ReactNode; mono?: boolean }): Column<T> {
  return {
    header,
    cell: (row) => {
      const { href, name, sub, mono } = of(row);
      return (
        <>
          <Link href={href} className={mono ? "row-link mono" : "row-link"}>
            {name}
          </Link>
          {sub === undefined ? null : <span className="sub">{sub}</span>}
        </>
      );
    },
  };
}

/** The status badge, with the reason under it when the record failed. */
export function statusColumn<T>(of: (row: T) => { status: string; failure_reason?: string | null }, more: Partial<Column<T>> = {}): Column<T> {
  return {
    header: "Status",
    cell: (row) => {
      const { status, failure_reason } = of(row);
      return (
        <>
          <StatusBadge status={status} />
          {failure_reason ? <span className="error-text">{failure_reason}</span> : null}
        </>
      );
    },
    ...more,
  };
}

/** When the record was made (hidden at phone width, where the stacked row is long enough). */
export function timeColumn<T>(of: (row: T) => number, header = "Created"): Column<T> {
  return { header, className: "hide-sm", cell: (row) => <Time seconds={of(row)} /> };
}

/** The helpers above with the row type fixed, for a table whose rows' type comes from its list (`ListTable`). */
export interface ColumnKit<T> {
  record: (header: string, of: (row: T) => { href: string; name: ReactNode; sub?: ReactNode; mono?: boolean }) => Column<T>;
  status: (of: (row: T) => { status: string; failure_reason?: string | null }, more?: Partial<Column<T>>) => Column<T>;
  time: (of: (row: T) => number, header?: string) => Column<T>;
}

export function columnKit<T>(): ColumnKit<T> {
  return { record: recordColumn, status: statusColumn, time: timeColumn };
}
