"use client";
// The members table: each member's role (a select where the viewer of the page may change it) and Remove.
// Owners manage everyone; admins manage admins, developers and viewers (lib/core/roles).
import { ActionButton } from "@/components/ActionButton";
import { ConsoleForm, Select, Submit } from "@/components/ConsoleForm";
import { DataTable } from "@/components/DataTable";
import { StatusBadge } from "@/components/StatusBadge";
import { formatTime } from "@/lib/console/time";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/core/roles";
import { changeRoleAction, removeMemberAction } from "../_actions/team";

export interface MemberRow {
  id: string;
  email: string;
  full_name: string;
  role: Role;
  created: number;
}

/** The roles `actor` may give, and whether they may manage a member with `role`. */
const grantable = (actor: Role) => ROLES.filter((r) => actor === "owner" || (actor === "admin" && r !== "owner"));
const manages = (actor: Role, role: Role) => actor === "owner" || (actor === "admin" && role !== "owner");

export function TeamMembers({ members, actor, selfId }: { members: MemberRow[]; actor: Role; selfId: string }) {
  // The only owner keeps the role: nothing to change or remove (a team keeps an owner).
  const owners = members.filter((m) => m.role === "owner");
  const editable = (m: MemberRow) => manages(actor, m.role) && !(m.role === "owner" && owners.length === 1);
  return (
    <div className="stack-sm">
      <DataTable
        caption="Members"
        rows={members}
        rowKey={(m) => m.id}
        rowProps={(m) => ({ "data-member": m.email })}
        columns={[
          {
            header: "Member",
            cell: (m) => (
              <>
                <strong>{m.full_name}</strong>
                {m.id === selfId ? <span className="muted"> (you)</span> : null}
                <span className="sub break-anywhere">{m.email}</span>
                <span className="sub muted hide-sm">joined {formatTime(m.created)}</span>
              </>
            ),
          },
          {
            header: "Role",
            cell: (m) =>
              editable(m) ? (
                <ConsoleForm action={changeRoleAction.bind(null, m.id)} className="member-role"
                  aria-label={`Change the role of ${m.email}`}
                  success={() => <span className="small muted">Saved</span>}
                >
                  <Select name="role" label={<span className="visually-hidden">Role of {m.email}</span>} defaultValue={m.role} options={grantable(actor).map((r) => ({ value: r, label: ROLE_LABELS[r] }))} />
                  <Submit className="btn btn-small" pendingLabel="Saving…">
                    Save
                  </Submit>
                </ConsoleForm>
              ) : (
                <StatusBadge status={m.role} label={owners.length === 1 && m.role === "owner" ? "Owner (the only one)" : ROLE_LABELS[m.role]} />
              ),
          },
          {
            header: <span className="visually-hidden">Actions</span>,
            cell: (m) =>
              editable(m) ? (
                <ActionButton
                  action={removeMemberAction.bind(null, m.id)}
                  confirm={m.id === selfId ? "Leave this team? You lose access at once." : `Remove ${m.email}? They lose access at once and are signed out.`}
                  className="btn btn-small btn-danger"
                  pendingLabel="Removing…"
                  label={`Remove ${m.email}`}
                >
                  {m.id === selfId ? "Leave" : "Remove"}
                </ActionButton>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
