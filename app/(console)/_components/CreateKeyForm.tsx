"use client";
import { ConsoleForm, Field, Select, Submit } from "@/components/ConsoleForm";
import { SecretReveal } from "@/components/SecretReveal";
import { CodeBlock } from "@/components/CodeBlock";
import { quickstartScript } from "@/lib/console/quickstart";
import { docsWithKey } from "@/lib/console/docs-link";
import { createKeyAction } from "../_actions/keys";

export function CreateKeyForm({ environment, baseUrl, walletAddress, testNetwork }: { environment: "test" | "live"; baseUrl: string; walletAddress: string; testNetwork: string }) {
  return (
    <ConsoleForm
      action={createKeyAction}
      validate="createKey"
      reset
      aria-label="Create an API key"
      success={(key) =>
        key?.secret ? (
          <SecretReveal title={`Secret of “${key.name}” (${key.environment})`} secret={key.secret}>
            {key.environment === "test" ? (
              <details>
                <summary>Try it: the quickstart with this key</summary>
                <div style={{ marginTop: 10 }}>
                  <CodeBlock code={quickstartScript({ baseUrl, secretKey: key.secret, walletAddress, network: testNetwork })} label="Quickstart commands" />
                </div>
              </details>
            ) : null}
            {key.environment === "test" ? (
              <p className="small">
                <a href={docsWithKey(key.secret)} target="_blank" rel="noopener">
                  Open the API reference with this key filled in
                </a>
              </p>
            ) : null}
          </SecretReveal>
        ) : null
      }
    >
      <div className="form-grid">
        <Field name="name" label="Key name" placeholder="e.g. Backend server" required maxLength={100} hint="Only you see it; it helps you tell keys apart." />
        <Select
          name="environment"
          label="Environment"
          defaultValue={environment}
          options={[
            { value: "test", label: "Test — test networks" },
            { value: "live", label: "Live — mainnets" },
          ]}
        />
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Creating…">Create key</Submit>
      </div>
    </ConsoleForm>
  );
}
