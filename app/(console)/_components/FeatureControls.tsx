"use client";
// Turn a feature flag on or off, and edit its configuration (JSON checked by the flag's schema on the server).
import { useState, useTransition } from "react";
import { ActionButton } from "@/components/ActionButton";
import { setFeatureConfigAction, setFeatureEnabledAction } from "../_actions/features";

export function FeatureToggle({ feature, enabled }: { feature: string; enabled: boolean }) {
  return (
    <ActionButton
      action={setFeatureEnabledAction.bind(null, feature, !enabled)}
      className={enabled ? "btn btn-small" : "btn btn-small btn-primary"}
      pendingLabel={enabled ? "Disabling…" : "Enabling…"}
      label={`${enabled ? "Disable" : "Enable"} ${feature}`}
    >
      {enabled ? "Disable" : "Enable"}
    </ActionButton>
  );
}

export function FeatureConfigForm({ feature, enabled, config }: { feature: string; enabled: boolean; config: Record<string, unknown> }) {
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <form
      className="stack"
      style={{ gap: 8 }}
      action={(formData) =>
        start(async () => {
          const state = await setFeatureConfigAction(feature, enabled, formData);
          setMessage(state.status === "ok" ? { ok: true, text: "Saved." } : { ok: false, text: state.message ?? "That did not work." });
        })
      }
    >
      <label className="small" htmlFor={`config-${feature}`}>
        Configuration of {feature} (JSON)
      </label>
      <textarea id={`config-${feature}`} name="config" className="textarea mono small" rows={4} defaultValue={JSON.stringify(config, null, 2)} spellCheck={false} />
      <span className="row" style={{ gap: 8 }}>
        <button type="submit" className="btn btn-small" disabled={pending}>
          {pending ? "Saving…" : "Save configuration"}
        </button>
        {message ? (
          <span role={message.ok ? "status" : "alert"} className="small" style={message.ok ? undefined : { color: "var(--danger)" }}>
            {message.text}
          </span>
        ) : null}
      </span>
    </form>
  );
}
