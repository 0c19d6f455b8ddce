import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole, memberOf } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { listAuditLog } from "@/lib/team/audit";
import { atLeast } from "@/lib/core/roles";
import { formatTime } from "@/lib/console/time";
import { actorName, describeAuditEntry } from "@/lib/console/audit-wording";
import { PageHeader } from "@/components/PageHeader";
import { EmptyState } from "@/components/EmptyState";
import { Card } from "@/components/Card";
import { ListTable } from "@/components/ListTable";
import { Notice } from "@/components/Notice";

export const metadata: Metadata = { title: "Audit log" };

const subtitle = "What members and API keys changed in this account: the team, API keys, webhooks, billing, settings and passwords. Kept for a year.";

export default async function AuditLogPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const context = await requireConsole("/audit-log");
  if (!atLeast(context.user.role, "admin")) {
    return (
      <>
        <PageHeader title="Audit log" subtitle={subtitle} />
        <Notice tone="info" role="note">
          Only owners and admins see the audit log. See your role on the <Link href="/team">Team</Link> page.
        </Notice>
      </>
    );
  }
  const startingAfter = param((await searchParams).starting_after);
  const log = await listAuditLog(memberOf(context), { limit: 50, starting_after: startingAfter });
  return (
    <>
      <PageHeader title="Audit log" subtitle={subtitle} />
      <Card id="entries" title="Newest first">
        <div className="card-body tight">
          <ListTable
            list={log}
            pages={{ basePath: "/audit-log", params: { starting_after: startingAfter } }}
            caption="Audit log"
            rowProps={(e) => ({ "data-action": e.action })}
            columns={(col) => [
              {
                header: "What",
                cell: (e) => (
                  <>
                    {describeAuditEntry(e)}
                    <span className="sub">
                      <code>{e.action}</code>
                      {e.target ? (
                        <>
                          {" · "}
                          <code>{e.target}</code>
                        </>
                      ) : null}
                    </span>
                    <span className="sub show-sm">
                      {actorName(e)} · {formatTime(e.created)}
                      {e.ip ? ` · ${e.ip}` : ""}
                    </span>
                  </>
                ),
              },
              { header: "Who", className: "hide-sm", cell: (e) => <span className="truncate" title={actorName(e)}>{actorName(e)}</span> },
              { header: "When", className: "hide-sm", cellClassName: "hide-sm nowrap", cell: (e) => formatTime(e.created) },
              { header: "IP", className: "hide-sm", cellClassName: "hide-sm mono", cell: (e) => e.ip ?? "—" },
            ]}
            empty={
              <EmptyState icon="☰" title="Nothing recorded yet">
                Invitations, role changes, API keys, webhook endpoints, billing and settings changes appear here as they happen.
              </EmptyState>
            }
          />
        </div>
      </Card>
    </>
  );
}
