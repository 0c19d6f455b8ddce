"use client";
// The signed-in member's passkeys: with one, signing in takes the password and then the passkey. Adding one runs
// the browser's WebAuthn ceremony against a challenge from the server, which verifies the answer.
import { startRegistration } from "@simplewebauthn/browser";
import { ActionButton } from "@/components/ActionButton";
import { ConsoleForm, Field, Submit } from "@/components/ConsoleForm";
import { DataTable } from "@/components/DataTable";
import type { FormState } from "@/lib/console/forms";
import { formatTime } from "@/lib/console/time";
import { addPasskeyAction, passkeyOptionsAction, removePasskeyAction } from "../_actions/team";
import { Notice } from "@/components/Notice";

export interface PasskeyRow {
  id: string;
  name: string;
  created: number;
  last_used: number | null;
}

async function addPasskey(formData: FormData): Promise<FormState<unknown>> {
  const options = await passkeyOptionsAction();
  if (options.status !== "ok" || !options.result) return options;
  try {
    formData.set("registration", JSON.stringify(await startRegistration({ optionsJSON: options.result })));
  } catch (error) {
    const why = error instanceof Error && /invalid domain|not a valid domain|SecurityError/i.test(`${error.name} ${error.message}`)
      ? "Passkeys need the console on a domain name (localhost works), not an IP address."
      : "The passkey was not created (cancelled, or this device has none).";
    return { status: "error", message: why };
  }
  return addPasskeyAction(formData);
}

export function PasskeysPanel({ passkeys }: { passkeys: PasskeyRow[] }) {
  return (
    <div className="stack">
      {passkeys.length ? (
        <div className="stack-sm">
          <DataTable
            caption="Your passkeys"
            rows={passkeys}
            rowKey={(p) => p.id}
            rowProps={(p) => ({ "data-passkey": p.name })}
            columns={[
              {
                header: "Passkey",
                cell: (p) => (
                  <>
                    <strong className="break-anywhere">{p.name}</strong>
                    <span className="sub">
                      added {formatTime(p.created)} · {p.last_used ? `last used ${formatTime(p.last_used)}` : "not used yet"}
                    </span>
                  </>
                ),
              },
              {
                header: <span className="visually-hidden">Actions</span>,
                cell: (p) => (
                  <ActionButton
                    action={removePasskeyAction.bind(null, p.id)}
                    confirm={`Remove the passkey “${p.name}”? ${passkeys.length === 1 ? "Signing in then takes your password alone." : ""}`}
                    className="btn btn-small btn-danger"
                    pendingLabel="Removing…"
                    label={`Remove the passkey ${p.name}`}
                  >
                    Remove
                  </ActionButton>
                ),
              },
            ]}
          />
        </div>
      ) : null}
      <ConsoleForm action={addPasskey} reset aria-label="Add a passkey" success={() => <Notice tone="success">Passkey added: signing in now asks for it after your password.</Notice>}>
        <div className="form-grid">
          <Field name="name" label="Passkey name" required maxLength={100} placeholder="e.g. Work laptop" hint="Only you see it; it helps you tell your passkeys apart." />
        </div>
        <div className="form-actions">
          <Submit pendingLabel="Waiting for your passkey…">Add a passkey</Submit>
        </div>
      </ConsoleForm>
    </div>
  );
}
