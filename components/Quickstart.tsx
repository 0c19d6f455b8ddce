"use client";
// The reference flow as curl calls with this tenant's key of the mode shown (test or live) on one of that
// mode's networks. Secrets are stored as hashes, so a key's secret exists only when it is created: "Create a
// quickstart key" makes one and fills it in (once). Live mode without a reachable mainnet shows what is missing.
import { useState, useTransition } from "react";
import { docsWithKey } from "@/lib/console/docs-link";
import { quickstartSteps } from "@/lib/console/quickstart";
import { createKeyAction } from "@/app/(console)/_actions/keys";
import { CodeBlock } from "./CodeBlock";
import { NoLiveNetworks } from "./NoLiveNetworks";
import { Notice } from "@/components/Notice";

interface QuickstartProps {
  baseUrl: string;
  walletAddress: string;
  /** The latest key of this mode, redacted. */
  redactedKey: string | null;
  livemode: boolean;
  /** The network the commands deploy on; null when this mode has none reachable. */
  network: string | null;
  /** Its name for people ("Polygon"). */
  networkName: string | null;
  initialSecret?: string;
}

export function Quickstart({ baseUrl, walletAddress, redactedKey, livemode, network, networkName, initialSecret }: QuickstartProps) {
  const [secret, setSecret] = useState<string | null>(initialSecret ?? null);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const create = () =>
    start(async () => {
      const form = new FormData();
      form.set("name", "Quickstart");
      form.set("environment", mode);
      const state = await createKeyAction(form);
      if (state.status === "ok" && state.result?.secret) setSecret(state.result.secret);
      else setError(state.message ?? "The key could not be created.");
    });
  const mode = livemode ? "live" : "test";
  if (!network) return <NoLiveNetworks />;
  const steps = quickstartSteps({ baseUrl, secretKey: secret ?? redactedKey ?? `sk_${mode}_…`, walletAddress, livemode, network });
  return (
    <div className="stack">
      {secret ? (
        <Notice tone="warning" role="status">
          These commands contain the secret of your new {mode} key <strong>Quickstart</strong>. It is shown only now: copy it somewhere safe.
          {livemode ? null : (
            <>
              {" "}
              <a href={docsWithKey(secret)} target="_blank" rel="noopener">
                Open the API reference with this key filled in
              </a>
              .
            </>
          )}
        </Notice>
      ) : (
        <div className="row" style={{ justifyContent: "space-between" }}>
          <p className="muted small" style={{ flex: "1 1 280px" }}>
            {redactedKey ? (
              <>
                Your latest {mode} key is <code>{redactedKey}</code>; its full secret was shown only when it was created. Paste it into the first
                command, or create a new key here and the commands will carry it.
              </>
            ) : (
              <>You have no {mode} key yet. Create one and the commands below will carry its secret.</>
            )}
          </p>
          <button type="button" className="btn btn-small" onClick={create} disabled={pending}>
            {pending ? "Creating…" : `Create a quickstart ${mode} key`}
          </button>
        </div>
      )}
      {error ? (
        <p role="alert" className="small" style={{ color: "var(--danger)" }}>
          {error}
        </p>
      ) : null}
      {livemode ? (
        <p className="small notice notice-warning">
          <span aria-hidden="true">⚠</span>
          <span>Live mode: these commands deploy and mint on {networkName ?? network}, a mainnet, paying real gas from your wallet. Fund it first.</span>
        </p>
      ) : null}
      <p className="muted small">Each step stops with the API&apos;s message when something fails; a later step then says which one to fix.</p>
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
