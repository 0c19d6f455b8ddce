"use client";
// The keys list with its row actions. Rotating shows the new secret once, above the table.
import { useState } from "react";
import { ActionButton } from "@/components/ActionButton";
import { CopyButton } from "@/components/CopyButton";
import { SecretReveal } from "@/components/SecretReveal";
import { StatusBadge } from "@/components/StatusBadge";
import { ConsoleForm, Select, Submit } from "@/components/ConsoleForm";
import { DataTable } from "@/components/DataTable";
import { shorten } from "@/components/Hex";
import { formatTime } from "@/lib/console/time";
import { revokeKeyAction, rotateKeyAction } from "../_actions/keys";
import type { serializeApiKey } from "@/lib/api-keys/service";

type Key = ReturnType<typeof serializeApiKey>;

const when = (seconds: number | null) => (seconds === null ? "Never" : formatTime(seconds));

export function KeysTable({ keys }: { keys: Key[] }) {
  const [revealed, setRevealed] = useState<Key | null>(null);
  const [rotating, setRotating] = useState<string | null>(null);
  return (
    <>
      {revealed?.secret ? (
        <div style={{ padding: 16 }}>
          <SecretReveal key={revealed.secret} title={`New secret of “${revealed.name}”`} secret={revealed.secret} />
        </div>
      ) : null}
      <DataTable
        caption="API keys"
        rows={keys}
        rowKey={(key) => key.id}
        rowProps={(key) => ({ "data-key-id": key.id })}
        columns={[
          {
            header: "Name",
            cell: (key) => (
              <>
                <strong>{key.name}</strong>
                <span className="sub">
                  <code title="The secret, redacted">{key.redacted_secret}</code>
                </span>
                <span className="sub show-sm">
                  <StatusBadge status={key.environment === "live" ? "live" : "test"} /> <code>{shorten(key.publishable, 10, 4)}</code>
                </span>
                {key.revoked ? (
                  <span className="sub">
                    <StatusBadge status="revoked" />
                  </span>
                ) : key.previous_secret_expires ? (
                  <span className="sub">Old secret works until {when(key.previous_secret_expires)}</span>
                ) : null}
              </>
            ),
          },
          { header: "Mode", className: "hide-sm", cell: (key) => <StatusBadge status={key.environment === "live" ? "live" : "test"} /> },
          {
            header: "Publishable key",
            className: "hide-sm",
            cell: (key) => (
              <span className="row" style={{ gap: 6, flexWrap: "nowrap" }}>
                <code title={key.publishable}>{shorten(key.publishable, 12, 4)}</code>
                <CopyButton value={key.publishable} />
              </span>
            ),
          },
          {
            header: "Created · last used",
            className: "hide-sm",
            cellClassName: "hide-sm nowrap",
            cell: (key) => (
              <>
                {when(key.created)}
                <span className="sub">{key.last_used ? `used ${when(key.last_used)}` : "never used"}</span>
              </>
            ),
          },
          {
            header: <span className="visually-hidden">Actions</span>,
            cell: (key) => (
              <>
                {key.revoked ? null : (
                  <span className="row" style={{ gap: 6, flexWrap: "nowrap", justifyContent: "flex-end" }}>
                    <button type="button" className="btn btn-small" aria-expanded={rotating === key.id} onClick={() => setRotating(rotating === key.id ? null : key.id)}>
                      Rotate
                    </button>
                    <ActionButton
                      action={revokeKeyAction.bind(null, key.id)}
                      confirm={`Revoke “${key.name}”? Calls with its secret fail at once.`}
                      className="btn btn-small btn-danger"
                      pendingLabel="Revoking…"
                      label={`Revoke ${key.name}`}
                    >
                      Revoke
                    </ActionButton>
                  </span>
                )}
                {rotating === key.id ? (
                  <div style={{ marginTop: 10, minWidth: 240 }}>
                    <ConsoleForm
                      action={async (formData) => {
                        const state = await rotateKeyAction(key.id, formData);
                        if (state.status === "ok" && state.result) {
                          setRevealed(state.result);
                          setRotating(null);
                        }
                        return state;
                      }}
                      aria-label={`Rotate ${key.name}`}
                    >
                      <Select
                        name="grace_period_seconds"
                        label="The old secret keeps working for"
                        defaultValue="86400"
                        options={[
                          { value: "0", label: "No time: stop it now" },
                          { value: "3600", label: "1 hour" },
                          { value: "86400", label: "24 hours" },
                          { value: "604800", label: "7 days" },
                        ]}
                      />
                      <Submit pendingLabel="Rotating…">Rotate secret</Submit>
                    </ConsoleForm>
                  </div>
                ) : null}
              </>
            ),
          },
        ]}
      />
    </>
  );
}
