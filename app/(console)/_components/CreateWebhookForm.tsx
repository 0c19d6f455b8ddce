"use client";
import Link from "next/link";
import { ConsoleForm, Field, Submit } from "@/components/ConsoleForm";
import { SecretReveal } from "@/components/SecretReveal";
import { createWebhookAction } from "../_actions/webhooks";
import { EventsPicker } from "./EventsPicker";

export function CreateWebhookForm({ events, livemode }: { events: readonly string[]; livemode: boolean }) {
  return (
    <ConsoleForm
      action={createWebhookAction}
      validate="createWebhook"
      reset
      aria-label="Add a webhook endpoint"
      success={(endpoint: { id: string; url: string; secret?: string } | undefined) =>
        endpoint?.secret ? (
          <SecretReveal title={`Signing secret of ${endpoint.url}`} secret={endpoint.secret}>
            <p className="small">
              Verify the <code>webhook-signature</code> header of each delivery with it (Standard Webhooks).{" "}
              <Link href={`/webhooks/${endpoint.id}`}>Open the endpoint</Link> to send a test event.
            </p>
          </SecretReveal>
        ) : null
      }
    >
      <div className="form-grid">
        <Field
          name="url"
          label="Endpoint URL"
          type="url"
          placeholder="https://example.com/webhooks"
          required
          className="span-2"
          hint={livemode ? "https, reachable from the internet." : "https, or http to localhost / 127.0.0.1 while in test mode."}
          mono
        />
        <Field name="description" label="Description (optional)" placeholder="e.g. Ledger sync" className="span-2" />
        <EventsPicker events={events} />
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Adding…">Add endpoint</Submit>
      </div>
    </ConsoleForm>
  );
}
