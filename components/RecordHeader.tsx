import Link from "next/link";
import type { ReactNode } from "react";
import { AutoRefresh } from "@/components/AutoRefresh";
import { PageHeader } from "@/components/PageHeader";
import { StatusBadge } from "@/components/StatusBadge";

/**
 * The head of a record's page: the way back to its list, its name, its status (announced when it changes
 * while the page refreshes itself), its id, and the refresh while the record is still moving.
 */
export function RecordHeader({ list, title, status, id, subtitle, actions, refreshing = false, refreshMs = 1000 }: {
  list: { href: string; label: string };
  title: ReactNode;
  status: string;
  /** The record's id, shown first under the title. */
  id?: string;
  /** After the id. */
  subtitle?: ReactNode;
  actions?: ReactNode;
  refreshing?: boolean;
  refreshMs?: number;
}) {
  return (
    <>
      <AutoRefresh active={refreshing} intervalMs={refreshMs} />
      <PageHeader
        breadcrumb={<Link href={list.href}>{list.label}</Link>}
        title={title}
        badge={
          <span aria-live="polite">
            <StatusBadge status={status} />
          </span>
        }
        subtitle={
          id ? (
            <>
              <span className="mono">{id}</span>
              {subtitle}
            </>
          ) : (
            subtitle
          )
        }
        actions={actions}
      />
    </>
  );
}
