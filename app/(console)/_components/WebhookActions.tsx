"use client";
import { useState } from "react";
import { ActionButton } from "@/components/ActionButton";
import { SecretReveal } from "@/components/SecretReveal";
import { deleteWebhookAction, rotateWebhookSecretAction, sendTestEventAction, setWebhookEnabledAction } from "../_actions/webhooks";

export function WebhookActions({ id, enabled }: { id: string; enabled: boolean }) {
  const [secret, setSecret] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  return (
    <div className="stack" style={{ gap: 12 }}>
      <div className="row" style={{ gap: 8 }}>
        <ActionButton
          action={sendTestEventAction.bind(null, id)}
          className="btn btn-small btn-primary"
          pendingLabel="Sending…"
          onDone={(s) => setSent(s.status === "ok" ? "A webhook_endpoint.test event is on its way; it appears under Deliveries." : null)}
        >
          Send test event
        </ActionButton>
        <ActionButton action={setWebhookEnabledAction.bind(null, id, !enabled)} pendingLabel={enabled ? "Disabling…" : "Enabling…"}>
          {enabled ? "Disable" : "Enable"}
        </ActionButton>
        <ActionButton
          action={rotateWebhookSecretAction.bind(null, id)}
          confirm="Rotate the signing secret? The current one keeps signing too for 24 hours."
          pendingLabel="Rotating…"
          onDone={(s) => setSecret(s.status === "ok" ? ((s.result as { secret?: string })?.secret ?? null) : null)}
        >
          Rotate secret
        </ActionButton>
        <ActionButton action={deleteWebhookAction.bind(null, id)} confirm="Delete this endpoint and its delivery log?" className="btn btn-small btn-danger" pendingLabel="Deleting…">
          Delete
        </ActionButton>
      </div>
      {sent ? (
        <p className="small muted" role="status">
          {sent}
        </p>
      ) : null}
      {secret ? <SecretReveal key={secret} title="New signing secret" secret={secret} /> : null}
    </div>
  );
}
