"use client";
// The reference flow as curl calls with this tenant's test key. Secrets are stored as hashes, so a key's
// secret exists only when it is created: "Create a quickstart key" makes one and fills it in (once).
import { useState, useTransition } from "react";
import { quickstartSteps } from "@/lib/console/quickstart";
import { createKeyAction } from "@/app/(console)/_actions/keys";
import { CodeBlock } from "./CodeBlock";

export function Quickstart({ baseUrl, walletAddress, redactedKey, initialSecret }: { baseUrl: string; walletAddress: string; redactedKey: string | null; initialSecret?: string }) {
  const [secret, setSecret] = useState<string | null>(initialSecret ?? null);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const create = () =>
    start(async () => {
      const form = new FormData();
      form.set("name", "Quickstart");
      form.set("environment", "test");
      const state = await createKeyAction(form);
      if (state.status === "ok" && state.result?.secret) setSecret(state.result.secret);
      else setError(state.message ?? "The key could not be created.");
    });
  const steps = quickstartSteps({ baseUrl, secretKey: secret ?? redactedKey ?? "sk_test_…", walletAddress });
  return (
    <div className="stack">
      {secret ? (
        <div className="notice notice-warning" role="status">
          <span aria-hidden="true">⚠</span>
          <span>
            These commands contain the secret of your new test key <strong>Quickstart</strong>. It is shown only now: copy it somewhere safe.
          </span>
        </div>
      ) : (
        <div className="row" style={{ justifyContent: "space-between" }}>
          <p className="muted small" style={{ flex: "1 1 280px" }}>
            {redactedKey ? (
              <>
                Your latest test key is <code>{redactedKey}</code>; its full secret was shown only when it was created. Paste it into the first
                command, or create a new key here and the commands will carry it.
              </>
            ) : (
              <>You have no test key yet. Create one and the commands below will carry its secret.</>
            )}
          </p>
          <button type="button" className="btn btn-small" onClick={create} disabled={pending}>
            {pending ? "Creating…" : "Create a quickstart test key"}
          </button>
        </div>
      )}
      {error ? (
        <p role="alert" className="small" style={{ color: "var(--danger)" }}>
          {error}
        </p>
      ) : null}
      <ol className="steps">
        {steps.map((step, i) => (
          <li key={step.title}>
            <span className="step-title">
              {i + 1}. {step.title}
            </span>
            <CodeBlock code={step.command} label={step.title} />
          </li>
        ))}
      </ol>
    </div>
  );
}
