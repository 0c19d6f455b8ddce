// Roles of a deployed token (read on chain) with a form to grant or revoke one.
import type { listRoles } from "@/lib/tokens/roles";
import type { serializeToken } from "@/lib/tokens/serialize";
import { DataTable } from "@/components/DataTable";
import { Hex } from "@/components/Hex";
import { RoleForm } from "./RoleForm";
import { Card } from "@/components/Card";
import { Notice } from "@/components/Notice";

type Roles = Awaited<ReturnType<typeof listRoles>>;

export function RolesPanel({ token, roles }: { token: ReturnType<typeof serializeToken>; roles: { ok: true; value: Roles } | { ok: false; message: string } }) {
  return (
    <Card id="roles" title="Roles" description="Who may administer, mint, pause and burn. Your wallet holds every role at deployment.">
      {roles.ok ? (
        <DataTable
          caption="Roles and their members"
          rows={roles.value.data}
          rowKey={(role) => role.id}
          columns={[
            { header: "Role", cellClassName: "mono", cell: (role) => role.name ?? role.id },
            {
              header: "Members",
              cell: (role) =>
                role.members.length ? (
                  <span className="stack" style={{ gap: 4 }}>
                    {role.members.map((m) => (
                      <Hex key={m} value={m} />
                    ))}
                  </span>
                ) : (
                  <span className="muted">nobody</span>
                ),
            },
            { header: "Admin role", className: "hide-sm", cellClassName: "hide-sm mono", cell: (role) => role.admin_role ?? "—" },
          ]}
        />
      ) : (
        <div className="card-body">
          <Notice tone="danger" role="alert">
            {roles.message}
          </Notice>
        </div>
      )}
      <div className="card-body" style={{ borderTop: "1px solid var(--border)" }}>
        <RoleForm tokenId={token.id} roles={roles.ok ? roles.value.data.map((r) => r.name ?? r.id) : []} />
      </div>
    </Card>
  );
}
