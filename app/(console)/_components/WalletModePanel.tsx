"use client";
// Wallet mode (the connect group of /v1/settings): custodial or connect. Switching to connect needs the
// owner's EIP-712 proof, which only the owner's key can make, so the console prepares the exact
// ConnectOwner message, lets the admin sign it in a browser wallet (eth_signTypedData_v4) or anywhere else
// (the JSON, e.g. `cast wallet sign --data`), and takes the signature pasted. The key never reaches us.
import { useEffect, useState } from "react";
import { ActionButton } from "@/components/ActionButton";
import { CodeBlock } from "@/components/CodeBlock";
import { ConsoleForm, Field, Submit, useConsoleForm } from "@/components/ConsoleForm";
import { prepareOwnerProofAction, saveWalletModeAction, switchToCustodialAction } from "../_actions/settings";
import { Notice } from "@/components/Notice";

interface Proof {
  owner_signer: string;
  owner_signature_expires_at: number;
  typed_data: string;
}

interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

const injectedWallet = () => (typeof window === "undefined" ? undefined : (window as unknown as { ethereum?: Eip1193 }).ethereum);

export function WalletModePanel({ environment, mode, ownerSigner }: { environment: string; mode: "custodial" | "connect"; ownerSigner: string | null }) {
  const [proof, setProof] = useState<Proof | null>(null);
  return (
    <div className="stack">
      {mode === "connect" ? (
        <div className="row">
          <ActionButton
            action={() => switchToCustodialAction(environment)}
            confirm="Switch to custodial mode? Chain writes made from now on are signed by the custodial wallet; operations waiting for the owner's signature stay as they are."
            pendingLabel="Switching…"
          >
            Switch to custodial
          </ActionButton>
          <span className="small muted">No signature needed: the custodial wallet is held by the platform.</span>
        </div>
      ) : null}

      <div className="stack" style={{ gap: 12 }}>
        <h3>{mode === "connect" ? "Change the owner" : "Switch to connect mode"}</h3>
        <p className="small">
          In connect mode, your token deploys and operations are made by the smart account of an owner key you hold, as user operations the owner signs
          (<code>GET /v1/connect/ops/pending</code>). The owner first proves control of its key by signing a <code>ConnectOwner</code> message (EIP-712) for
          your tenant and the <strong>{environment}</strong> environment. Enter the owner&apos;s address to get the message.
        </p>
        <ConsoleForm
          action={async (formData) => {
            const state = await prepareOwnerProofAction(environment, formData);
            setProof(state.status === "ok" && state.result ? state.result : null);
            return state;
          }}
          validate="settingsOwner"
          aria-label="Owner to prove"
        >
          <Field
              name="owner_signer"
              label="Owner address"
              defaultValue={mode === "connect" ? "" : (ownerSigner ?? "")}
              placeholder="0x…"
              mono
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
            hint="The EOA (ECDSA key) that will own your smart account."
          />
          <div className="form-actions">
            <Submit pendingLabel="Preparing…" className="btn">
              Prepare the message to sign
            </Submit>
          </div>
        </ConsoleForm>
        {proof ? <SignAndSwitch key={`${proof.owner_signer}:${proof.owner_signature_expires_at}`} environment={environment} proof={proof} onDone={() => setProof(null)} /> : null}
      </div>
    </div>
  );
}

function SignAndSwitch({ environment, proof, onDone }: { environment: string; proof: Proof; onDone: () => void }) {
  const [signature, setSignature] = useState("");
  const [wallet, setWallet] = useState<Eip1193 | undefined>(undefined);
  const [walletError, setWalletError] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  useEffect(() => setWallet(injectedWallet()), []);
  const until = new Date(proof.owner_signature_expires_at * 1000);

  const signInWallet = async () => {
    if (!wallet) return;
    setWalletError(null);
    setSigning(true);
    try {
      const accounts = (await wallet.request({ method: "eth_requestAccounts" })) as string[];
      const account = accounts.find((a) => a.toLowerCase() === proof.owner_signer.toLowerCase());
      if (!account) {
        setWalletError(`The wallet's account is not ${proof.owner_signer}: select the owner's account in the wallet and try again.`);
        return;
      }
      setSignature((await wallet.request({ method: "eth_signTypedData_v4", params: [account, proof.typed_data] })) as string);
    } catch (error) {
      setWalletError(`The wallet did not sign: ${(error as { message?: string })?.message ?? String(error)}`);
    } finally {
      setSigning(false);
    }
  };

  return (
    <section className="stack" style={{ gap: 12 }} aria-labelledby="owner-proof">
      <h4 id="owner-proof" style={{ margin: 0, fontSize: 14 }}>Sign as {proof.owner_signer}</h4>
      <p className="small">
        Sign this typed data with the owner&apos;s key before{" "}
        <time dateTime={until.toISOString()}>{until.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}</time>: with a browser wallet below, or
        save it as <code>connect-owner.json</code> and run <code>cast wallet sign --data --from-file connect-owner.json --interactive</code> (Foundry; or{" "}
        <code>--ledger</code>), or call <code>signTypedData</code> of viem or ethers with it.
      </p>
      <CodeBlock code={proof.typed_data} language="json" label="ConnectOwner typed data (eth_signTypedData_v4)" />
      {wallet ? (
        <div className="row">
          <button type="button" className="btn" onClick={signInWallet} disabled={signing}>
            {signing ? "Waiting for the wallet…" : "Sign with browser wallet"}
          </button>
          {walletError ? (
            <span role="alert" className="small" style={{ color: "var(--danger)" }}>
              {walletError}
            </span>
          ) : null}
        </div>
      ) : null}
      <ConsoleForm
        action={async (formData) => {
          const state = await saveWalletModeAction(environment, formData);
          if (state.status === "ok") onDone();
          return state;
        }}
        validate="settingsConnect"
        aria-label="Switch to connect mode"
      >
        <input type="hidden" name="wallet_mode" value="connect" />
        <input type="hidden" name="owner_signer" value={proof.owner_signer} />
        <input type="hidden" name="owner_signature_expires_at" value={proof.owner_signature_expires_at} />
        <Field
          name="owner_signature"
          label="Owner's signature"
          value={signature}
          onChange={(e) => setSignature(e.target.value)}
          placeholder="0x…"
          mono
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          hint="The 65-byte signature (0x followed by 130 hexadecimal digits)."
        />
        <HiddenFieldErrors names={["owner_signer", "owner_signature_expires_at", "wallet_mode"]} />
        <div className="form-actions">
          <Submit pendingLabel="Switching…">Switch to connect mode</Submit>
        </div>
      </ConsoleForm>
    </section>
  );
}

/** Errors about fields the page filled in itself (the expiry, the owner): shown, since they have no input to sit under. */
function HiddenFieldErrors({ names }: { names: string[] }) {
  const { errors } = useConsoleForm();
  const messages = names.map((name) => errors[name]).filter(Boolean);
  if (!messages.length) return null;
  const resign = errors.owner_signer || errors.owner_signature_expires_at;
  return (
    <Notice tone="danger">
      {messages.join(" ")}
      {resign ? " Prepare the message again and sign the new one." : null}
    </Notice>
  );
}
