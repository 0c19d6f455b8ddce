// Settings of the environment shown (per tenant and mode, like GET /v1/settings/*): wallet mode (the connect
// group), allowed CORS origins, OAuth client ids and the passkey relying party. Each form saves its group only.
import type { Metadata } from "next";
import { requireConsole } from "@/lib/console/session";
import { loadSettings } from "@/lib/console/settings";
import { PageHeader } from "@/components/PageHeader";
import { Hex } from "@/components/Hex";
import { Time } from "@/components/Time";
import { CorsForm, OAuthForm, PasskeysForm } from "../_components/SettingsForms";
import { WalletModePanel } from "../_components/WalletModePanel";
import { Card } from "@/components/Card";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const { scope, environment } = await requireConsole("/settings");
  const { connect, wallet } = await loadSettings(scope);
  const env = environment === "live" ? "Live" : "Test";
  return (
    <>
      <PageHeader
        title="Settings"
        subtitle={
          <>
            Connect settings of the <strong>{env.toLowerCase()}</strong> environment (API keys of this environment read and write the same, under{" "}
            <code>/v1/settings</code>). The other environment has its own; use the switch above. Last changed <Time seconds={connect.updated} empty="never" />.
          </>
        }
      />

      <Card id="wallet-mode" title="Wallet mode" description={<>Who signs your chain writes in {env.toLowerCase()} mode (<code>wallet_mode</code> and <code>owner_signer</code> of <code>/v1/settings/connect</code>).</>}>
        <dl className="details" data-testid="wallet-mode">
          <dt>Mode</dt>
          <dd data-mode={wallet.mode}>
            <strong>{wallet.mode === "connect" ? "Connect" : "Custodial"}</strong>
            <span className="muted small">
              {" "}
              — {wallet.mode === "connect" ? "the owner's smart account makes your chain writes as user operations." : "the custodial wallet signs your chain writes."}
            </span>
          </dd>
          <dt>Custodial wallet</dt>
          <dd>
            <Hex value={wallet.wallet_address} copy full />
          </dd>
          <dt>Owner signer</dt>
          <dd>{connect.owner_signer ? <Hex value={connect.owner_signer} copy full /> : <span className="muted">Not set</span>}</dd>
          <dt>Connect account</dt>
          <dd>
            {wallet.connect_account_address ? (
              <>
                <Hex value={wallet.connect_account_address} copy full />
                <span className="sub small muted">The same address on every network; deployed by its first user operation.</span>
              </>
            ) : (
              <span className="muted">{wallet.mode === "connect" ? "Not available right now" : "None (custodial mode)"}</span>
            )}
          </dd>
        </dl>
        <div className="card-body">
          <WalletModePanel environment={environment} mode={wallet.mode} ownerSigner={connect.owner_signer} />
        </div>
      </Card>

      <Card id="cors" title="CORS" description="Browser origins of your DApps.">
        <div className="card-body">
          <CorsForm environment={environment} origins={connect.cors.allowed_origins} />
        </div>
      </Card>

      <Card id="oauth" title="OAuth" description={<>{connect.oauth.providers.length ? `Accepting id_tokens from ${connect.oauth.providers.map((p) => (p === "google" ? "Google" : "Apple")).join(" and ")}.` : "No provider set up."}</>}>
        <div className="card-body">
          <OAuthForm environment={environment} google={connect.oauth.google_client_id} apple={connect.oauth.apple_client_id} />
        </div>
      </Card>

      <Card id="passkeys" title="Passkeys" description={<>{connect.passkeys.rp_id ? `Relying party ${connect.passkeys.rp_id}.` : "Not set up: passkey sign-in is off."}</>}>
        <div className="card-body">
          <PasskeysForm environment={environment} rpId={connect.passkeys.rp_id} rpName={connect.passkeys.rp_name} />
        </div>
      </Card>
    </>
  );
}
