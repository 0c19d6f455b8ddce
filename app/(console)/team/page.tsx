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
      <section className="card" aria-labelledby="members">
        <div className="card-header">
          <h2 id="members">Members</h2>
          <p>A team always keeps at least one owner.</p>
        </div>
        <div className="card-body tight">
          <TeamMembers members={members.data} actor={memberOf(context).role} selfId={user.id} />
        </div>
      </section>
      {manager ? (
        <>
          <section className="card" aria-labelledby="invite">
            <div className="card-header">
              <h2 id="invite">Invite a teammate</h2>
              <p>You get a link to send them; they choose their name and password and join with the role you pick. Links work for 7 days.</p>
            </div>
            <div className="card-body">
              <InviteForm roles={ROLES.filter((r) => user.role === "owner" || r !== "owner")} />
            </div>
          </section>
          <section className="card" aria-labelledby="invitations">
            <div className="card-header">
              <h2 id="invitations">Pending invitations</h2>
            </div>
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
          </section>
        </>
      ) : null}
      <section className="card" aria-labelledby="roles">
        <div className="card-header">
          <h2 id="roles">Roles</h2>
          <p>
            Your role: <strong>{ROLE_LABELS[user.role]}</strong>. API keys are not members: they act for the whole account.
          </p>
        </div>
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
      </section>
      <section className="card" aria-labelledby="password">
        <div className="card-header">
          <h2 id="password">Your password</h2>
          <p>
            Signed in as {user.email}. Changing your password signs out your other sessions.
          </p>
        </div>
        <div className="card-body">
          <PasswordForm email={user.email} />
        </div>
      </section>
      <section className="card" aria-labelledby="passkeys">
        <div className="card-header">
          <h2 id="passkeys">Your passkeys</h2>
          <p>A second factor: with a passkey, signing in takes your password and then the passkey.</p>
        </div>
        <div className="card-body">
          <PasskeysPanel passkeys={passkeys} />
        </div>
      </section>
    </>
  );
}
