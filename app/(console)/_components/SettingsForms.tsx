"use client";
// The settings page's forms for CORS, OAuth and passkeys: each saves only its own group of
// PUT /v1/settings/* for the environment the page shows, with the API's validation under each field.
import { useState, type ComponentProps } from "react";
import { ConsoleForm, Field, Submit, TextArea } from "@/components/ConsoleForm";
import { saveCorsAction, saveOAuthAction, savePasskeysAction } from "../_actions/settings";
import { Notice } from "@/components/Notice";

const Saved = () => <Notice tone="success">Saved.</Notice>;

/** The form's one button: saves its group. */
const Save = ({ children }: { children: string }) => (
  <div className="form-actions">
    <Submit pendingLabel="Saving…">{children}</Submit>
  </div>
);

/** An identifier, typed as it is (monospace, no spelling or capitals); blank while unset. */
const IdField = ({ saved, ...field }: Omit<ComponentProps<typeof Field>, "defaultValue" | "value"> & { saved: string | null }) => (
  <Field {...field} defaultValue={saved ?? ""} mono spellCheck={false} autoCapitalize="off" />
);

export function CorsForm({ environment, origins }: { environment: string; origins: string[] }) {
  // Controlled: the API answers the origins normalised (no trailing slash, duplicates dropped), shown once saved.
  const [value, setValue] = useState(origins.join("\n"));
  return (
    <ConsoleForm
      action={async (formData) => {
        const state = await saveCorsAction(environment, formData);
        if (state.status === "ok" && state.result) setValue(state.result.allowed_origins.join("\n"));
        return state;
      }}
      validate="settingsCors"
      aria-label="CORS origins"
      success={Saved}
    >
      <TextArea
        name="allowed_origins"
        label="Allowed origins"
        rows={Math.min(Math.max(origins.length + 1, 3), 10)}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={"https://app.example.com\nhttp://localhost:3000"}
        spellCheck={false}
        autoCapitalize="off"
        hint="One origin per line (scheme://host[:port], no path), at most 50. Browsers on these origins may call /v1/connect/** with your publishable key. Empty: no browser origin is allowed."
      />
      <Save>Save origins</Save>
    </ConsoleForm>
  );
}

export function OAuthForm({ environment, google, apple }: { environment: string; google: string | null; apple: string | null }) {
  return (
    <ConsoleForm action={(formData) => saveOAuthAction(environment, formData)} validate="settingsOAuth" aria-label="Sign-in providers" success={Saved}>
      <div className="form-grid">
        <IdField
          name="google_client_id"
          label="Google client id"
          saved={google}
          placeholder="1234567890-abc.apps.googleusercontent.com"
          className="span-2"
          hint="The OAuth client id of your Google app: Google id_tokens must name it as their audience. Empty removes it."
        />
        <IdField name="apple_client_id" label="Apple services id" saved={apple} placeholder="com.example.signin" className="span-2" hint="The client id of your Sign in with Apple service. Empty removes it." />
      </div>
      <Save>Save providers</Save>
    </ConsoleForm>
  );
}

export function PasskeysForm({ environment, rpId, rpName }: { environment: string; rpId: string | null; rpName: string | null }) {
  return (
    <ConsoleForm action={(formData) => savePasskeysAction(environment, formData)} validate="settingsPasskeys" aria-label="Passkey relying party" success={Saved}>
      <div className="form-grid">
        <IdField
          name="rp_id"
          label="Relying-party id"
          saved={rpId}
          placeholder="example.com"
          hint="Your DApp's domain in lower case (or localhost), without scheme or port. Passkeys are bound to it and made on allowed origins under it. Empty turns passkeys off."
        />
        <Field name="rp_name" label="Relying-party name" defaultValue={rpName ?? ""} placeholder="Example" hint="Shown by the authenticator when a passkey is made." />
      </div>
      <Save>Save passkey settings</Save>
    </ConsoleForm>
  );
}
