// An end user's page of a tenant's application: create a passkey (→ a passkey-owned smart account), sign
// in with it, sign the account's waiting operations with it; or sign in with an Ethereum wallet (SIWE,
// SiweSection.tsx). The URL carries the tenant's publishable key.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { endUserContext, sessionAccount } from "@/lib/connect/end-users/service";
import { readEndUserSession } from "@/lib/connect/end-users/session";
import { takeConnectPageSlot } from "@/lib/connect/end-users/limits";
import { readSiweSession } from "@/lib/connect/end-users/siwe-page";
import { WalletProvider } from "../../WalletProvider";
import { PasskeyEntry } from "./PasskeyEntry";
import { AccountPanel } from "./AccountPanel";
import { SiweSignedIn, SiweSignIn } from "./SiweSection";

export const metadata: Metadata = { title: "Your smart account" };
export const dynamic = "force-dynamic";

export default async function ConnectPage({ params }: { params: Promise<{ publishableKey: string }> }) {
  const { publishableKey } = await params;
  const slot = await takeConnectPageSlot(publishableKey);
  if (!slot.allowed) {
    return (
      <div className="card auth-card">
        <h1>Too many requests</h1>
        <p className="notice notice-warning" role="alert">
          {slot.message}
        </p>
      </div>
    );
  }
  const ctx = await endUserContext(publishableKey);
  if (!ctx) notFound();
  const session = await readEndUserSession(ctx);
  const account = session ? await sessionAccount(ctx, session.accountId) : null;
  const configured = Boolean(ctx.rpId && ctx.origins.length);

  if (!account || !session) {
    const wallet = await readSiweSession(ctx);
    return (
      <div className="card auth-card">
        <h1>{ctx.rpName}</h1>
        <p className="lead">Your smart account, secured by a passkey on this device. No password, no seed phrase.</p>
        {configured ? (
          <PasskeyEntry publishableKey={publishableKey} />
        ) : (
          <p className="notice notice-warning" role="status">
            Passkeys are not set up for this application yet.
          </p>
        )}
        <section className="stack" aria-labelledby="siwe-heading">
          <h2 id="siwe-heading">Ethereum wallet</h2>
          {wallet ? (
            <SiweSignedIn publishableKey={publishableKey} address={wallet.address} />
          ) : ctx.allowedOrigins.length ? (
            <WalletProvider chainId={Number(ctx.chainId)}>
              <SiweSignIn publishableKey={publishableKey} appName={ctx.rpName} />
            </WalletProvider>
          ) : (
            <p className="notice notice-warning" role="status">
              Wallet sign-in is not set up for this application yet.
            </p>
          )}
        </section>
      </div>
    );
  }
  return (
    <div className="stack" style={{ width: "100%", maxWidth: 760 }}>
      <AccountPanel publishableKey={publishableKey} rpId={ctx.rpId!} credentialId={session.credentialId} account={account} title={ctx.rpName} />
    </div>
  );
}
