"use client";
import { ConsoleForm, Field, Submit } from "@/components/ConsoleForm";
import { updateWebhookAction } from "../_actions/webhooks";
import { EventsPicker } from "./EventsPicker";
import { Notice } from "@/components/Notice";

export function EditWebhookForm({ endpoint, events }: { endpoint: { id: string; url: string; description: string | null; events: string[] }; events: readonly string[] }) {
  return (
    <ConsoleForm
      action={(formData) => updateWebhookAction(endpoint.id, formData)}
      validate="updateWebhook"
      aria-label="Edit endpoint"
      success={() => <Notice tone="success">Saved.</Notice>}
    >
      <div className="form-grid">
        <Field name="url" label="Endpoint URL" type="url" defaultValue={endpoint.url} required className="span-2" mono />
        <Field name="description" label="Description" defaultValue={endpoint.description ?? ""} className="span-2" />
        <EventsPicker events={events} initial={endpoint.events} />
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Saving…">Save changes</Submit>
      </div>
    </ConsoleForm>
  );
}
