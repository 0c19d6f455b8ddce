"use client";
// A new Safe: its owners one address a line (the tenant's acting account suggested first, since it sends the
// executions), the signatures needed, and the network; deployed by the acting account.
import { ConsoleForm, Field, Select, Submit, TextArea } from "@/components/ConsoleForm";
import { createMultisigAction } from "../_actions/multisigs";

export function CreateMultisigForm({ networks, defaultNetwork, wallet }: { networks: { name: string; label: string }[]; defaultNetwork: string; wallet: string }) {
  return (
    <ConsoleForm action={createMultisigAction} validate="createMultisig" aria-label="Create a Safe">
      <div className="form-grid">
        <Field name="name" label="Name" placeholder="Treasury" required maxLength={200} />
        <Select name="network" label="Network" options={networks.map((n) => ({ value: n.name, label: n.label }))} defaultValue={defaultNetwork} />
        <TextArea
          name="owners"
          label="Owners"
          defaultValue={`${wallet}\n`}
          rows={4}
          spellCheck={false}
          className="span-2"
          hint="One address a line. Your wallet (first) can approve and execute from this console; other owners sign with their own wallets."
        />
        <Field name="threshold" label="Signatures needed" type="number" inputMode="numeric" min={1} defaultValue={1} required hint="Between 1 and the number of owners." />
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Deploying…" disabled={!networks.length}>
          Create Safe
        </Submit>
      </div>
    </ConsoleForm>
  );
}
