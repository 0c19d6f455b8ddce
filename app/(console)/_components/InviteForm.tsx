"use client";
// Invite a teammate: the answer is the invitation link, shown this once with a copy button (only its hash is
// stored). No e-mail is sent: pass the link on yourself.
import { ConsoleForm, Field, Select, Submit } from "@/components/ConsoleForm";
import { CopyButton } from "@/components/CopyButton";
import { formatTime } from "@/lib/console/time";
import { ROLE_LABELS, type Role } from "@/lib/core/roles";
import { inviteMemberAction } from "../_actions/team";
import { Notice } from "@/components/Notice";

export function InviteForm({ roles }: { roles: Role[] }) {
  return (
    <ConsoleForm
      action={inviteMemberAction}
      validate="inviteMember"
      reset
      aria-label="Invite a teammate"
      success={(invitation) =>
        invitation ? (
          <section className="secret" aria-label={`Invitation link for ${invitation.email}`}>
            <h3 className="break-anywhere">
              Invitation link for {invitation.email} ({ROLE_LABELS[invitation.role]})
            </h3>
            <Notice tone="warning" role="note">
              <strong>Copy it now</strong> and send it to your teammate: it is shown only this once. It works once, until {formatTime(invitation.expires_at)}. Lost it? Revoke it below
              and invite again.
            </Notice>
            <div className="secret-value">
              <code data-testid="invite-link">{invitation.link}</code>
              <CopyButton value={invitation.link} />
            </div>
          </section>
        ) : null
      }
    >
      <div className="form-grid">
        <Field name="email" label="Email" type="email" autoComplete="off" required maxLength={254} placeholder="teammate@example.com" />
        <Select name="role" label="Role" defaultValue="viewer" options={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} />
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Inviting…">Create invitation link</Submit>
      </div>
    </ConsoleForm>
  );
}
