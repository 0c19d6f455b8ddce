"use client";
// The randomness page's forms: a new VRF consumer (the local chain's coordinator, key hash and subscription filled
// in where the network is served by it), and a request for random words from one.
import { useState } from "react";
import { ConsoleForm, Field, Select, Submit } from "@/components/ConsoleForm";
import type { VrfDefaults } from "@/lib/console/vrf";
import { createVrfConsumerAction, requestRandomnessAction } from "../_actions/vrf";

const EMPTY: VrfDefaults = { vrf_coordinator: "", key_hash: "", subscription_id: "" };

export function CreateVrfConsumerForm({ networks, defaultNetwork, defaults }: { networks: { name: string; label: string }[]; defaultNetwork: string; defaults: Record<string, VrfDefaults> }) {
  const [values, setValues] = useState<VrfDefaults>(defaults[defaultNetwork] ?? EMPTY);
  const set = (field: keyof VrfDefaults) => (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: e.target.value });
  return (
    <ConsoleForm action={createVrfConsumerAction} validate="createVrfConsumer" aria-label="Create a VRF consumer" reset>
      <div className="form-grid">
        <Field name="name" label="Name" placeholder="Raffle" required maxLength={128} />
        <Select
          name="network"
          label="Network"
          options={networks.map((n) => ({ value: n.name, label: n.label }))}
          defaultValue={defaultNetwork}
          onChange={(e) => setValues(defaults[e.target.value] ?? EMPTY)}
        />
        <Field name="vrf_coordinator" label="VRF coordinator" value={values.vrf_coordinator} onChange={set("vrf_coordinator")} required mono autoComplete="off" spellCheck={false} className="span-2" />
        <Field name="key_hash" label="Key hash" value={values.key_hash} onChange={set("key_hash")} required mono autoComplete="off" spellCheck={false} className="span-2" />
        <Field
          name="subscription_id"
          label="Subscription"
          value={values.subscription_id}
          onChange={set("subscription_id")}
          required
          mono
          autoComplete="off"
          className="span-2"
          hint="On the local chain these three are the platform's own, filled in; elsewhere use your Chainlink subscription's."
        />
      </div>
      <div className="form-actions">
        <Submit pendingLabel="Deploying…" disabled={!networks.length}>
          Create consumer
        </Submit>
      </div>
    </ConsoleForm>
  );
}

export function RequestRandomnessForm({ consumer, network, name }: { consumer: string; network: string; name: string }) {
  return (
    <ConsoleForm action={requestRandomnessAction} validate="vrfRequest" aria-label={`Request randomness from ${name}`} className="row">
      <input type="hidden" name="consumer_id" value={consumer} />
      <input type="hidden" name="network" value={network} />
      <Field name="num_words" label="Random words" type="number" inputMode="numeric" min={1} max={500} defaultValue={2} required />
      <Submit pendingLabel="Requesting…" className="btn btn-primary">
        Request randomness
      </Submit>
    </ConsoleForm>
  );
}
