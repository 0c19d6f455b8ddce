"use client";
import Link from "next/link";
import { ConsoleForm, Field, Select, useConsoleForm } from "@/components/ConsoleForm";
import { roleAction } from "../_actions/tokens";
import { Notice } from "@/components/Notice";

export function RoleForm({ tokenId, roles }: { tokenId: string; roles: string[] }) {
  return (
    <ConsoleForm
      action={(formData) => roleAction(String(formData.get("change")), tokenId, formData)}
      validate="role"
      reset
      aria-label="Grant or revoke a role"
      success={(tx: { id: string } | undefined) =>
        tx ? (
          <Notice tone="success">
            Submitted <Link href={`/transactions/${tx.id}`} className="mono">{tx.id}</Link>; the list updates once it is confirmed.
          </Notice>
        ) : null
      }
    >
      <div className="form-grid">
        <Select name="role" label="Role" options={(roles.length ? roles : ["MINTER_ROLE"]).map((r) => ({ value: r, label: r }))} defaultValue="MINTER_ROLE" />
        <Field name="address" label="Address" placeholder="0x…" spellCheck={false} autoComplete="off" mono required />
      </div>
      <RoleButtons />
    </ConsoleForm>
  );
}

function RoleButtons() {
  const { pending, ready } = useConsoleForm();
  return (
    <div className="form-actions">
      <button type="submit" name="change" value="grant" className="btn btn-primary" disabled={pending || !ready}>
        Grant role
      </button>
      <button type="submit" name="change" value="revoke" className="btn btn-danger" disabled={pending || !ready}>
        Revoke role
      </button>
    </div>
  );
}
