import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole, memberOf } from "@/lib/console/session";
import { listMembers } from "@/lib/team/members";
import { listPendingInvitations } from "@/lib/team/invitations";
import { listPasskeys } from "@/lib/team/passkeys";
import { atLeast, ROLE_ABILITIES, ROLE_LABELS, ROLES } from "@/lib/core/roles";
import { formatTime } from "@/lib/console/time";
import { PageHeader } from "@/components/PageHeader";
import { DataTable } from "@/components/DataTable";
import { ActionButton } from "@/components/ActionButton";
import { EmptyState } from "@/components/EmptyState";
import { StatusBadge } from "@/components/StatusBadge";
import { TeamMembers } from "../_components/TeamMembers";
import { InviteForm } from "../_components/InviteForm";
import { PasswordForm } from "../_components/PasswordForm";
import { PasskeysPanel } from "../_components/PasskeysPanel";
import { revokeInvitationAction } from "../_actions/team";
import { Card } from "@/components/Card";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const context = await requireConsole("/team");
  const { user } = context;
  const manager = atLeast(user.role, "admin");
  const [members, invitations, passkeys] = await Promise.all([
    listMembers(context.tenant.id),
    manager ? listPendingInvitations(context.tenant.id) : null,
    listPasskeys(user.id),
  ]);
  return (
    <>
      <PageHeader
        title="Team"
        subtitle={
          <>
            Who works on {context.tenant.companyName}, and what each may do. Owners and admins also see the <Link href="/audit-log">audit log</Link>.
          </>
        }
      />
      <Card id="members" title="Members" description="A team always keeps at least one owner.">
        <div className="card-body tight">
          <TeamMembers members={members.data} actor={memberOf(context).role} selfId={user.id} />
        </div>
      </Card>
      {manager ? (
        <>
          <Card id="invite" title="Invite a teammate" description="You get a link to send them; they choose their name and password and join with the role you pick. Links work for 7 days.">
            <div className="card-body">
              <InviteForm roles={ROLES.filter((r) => user.role === "owner" || r !== "owner")} />
            </div>
          </Card>
          <Card id="invitations" title="Pending invitations">
            <div className="card-body tight">
              {invitations?.data.length ? (
                <div className="stack-sm">
                  <DataTable
                    caption="Pending invitations"
                    rows={invitations.data}
                    rowKey={(i) => i.id}
                    rowProps={(i) => ({ "data-invitation": i.email })}
                    columns={[
                      {
                        header: "Email",
                        cell: (i) => (
                          <>
                            <span className="break-anywhere">{i.email}</span>
                            <span className="sub show-sm">
                              {ROLE_LABELS[i.role]} · expires {formatTime(i.expires_at)}
                            </span>
                          </>
                        ),
                      },
                      { header: "Role", className: "hide-sm", cell: (i) => <StatusBadge status={i.role} label={ROLE_LABELS[i.role]} /> },
                      { header: "Expires", className: "hide-sm", cellClassName: "hide-sm nowrap", cell: (i) => formatTime(i.expires_at) },
                      {
                        header: <span className="visually-hidden">Actions</span>,
                        cell: (i) => (
                          <ActionButton
                            action={revokeInvitationAction.bind(null, i.id)}
                            confirm={`Revoke the invitation of ${i.email}? Its link stops working at once.`}
                            className="btn btn-small btn-danger"
                            pendingLabel="Revoking…"
                            label={`Revoke the invitation of ${i.email}`}
                          >
                            Revoke
                          </ActionButton>
                        ),
                      },
                    ]}
                  />
                </div>
              ) : (
                <EmptyState icon="✉" title="No pending invitations">
                  Invitations you create wait here until they are used, revoked or expire.
                </EmptyState>
              )}
            </div>
          </Card>
        </>
      ) : null}
      <Card id="roles" title="Roles" description={<>Your role: <strong>{ROLE_LABELS[user.role]}</strong>. API keys are not members: they act for the whole account.</>}>
        <div className="card-body tight">
          <DataTable
            caption="What each role may do"
            rows={[...ROLES]}
            rowKey={(r) => r}
            columns={[
              { header: "Role", cellClassName: "nowrap", cell: (r) => <strong>{ROLE_LABELS[r]}</strong> },
              { header: "May do", cell: (r) => ROLE_ABILITIES[r] },
            ]}
          />
        </div>
      </Card>
      <Card id="password" title="Your password" description={<>Signed in as {user.email}. Changing your password signs out your other sessions.</>}>
        <div className="card-body">
          <PasswordForm email={user.email} />
        </div>
      </Card>
      <Card id="passkeys" title="Your passkeys" description="A second factor: with a passkey, signing in takes your password and then the passkey.">
        <div className="card-body">
          <PasskeysPanel passkeys={passkeys} />
        </div>
      </Card>
    </>
  );
}
