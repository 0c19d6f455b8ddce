"use client";
// The member's browser wallet (wagmi's injected connector, under the page's WalletProvider): connected on first
// use, then asked to sign EIP-712 typed data (eth_signTypedData_v4) as the connected account. The typed data
// comes from the server, its numbers as decimal strings.
import { useAccount, useConnect, useSignTypedData } from "wagmi";
import type { Address, Hex } from "viem";
import { useBusyAction } from "@/components/useBusyAction";

export interface TypedDataToSign {
  domain: Record<string, unknown>;
  types: Record<string, readonly { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

/** What a wallet failure means to the member. */
export function walletError(e: unknown): string {
  const err = e as { name?: string; shortMessage?: string; message?: string; code?: number };
  if (err?.name === "ProviderNotFoundError") return "No browser wallet was found. Install one, or open this page in your wallet's browser.";
  if (err?.code === 4001 || err?.name === "UserRejectedRequestError") return "The wallet request was declined.";
  return `The wallet did not sign: ${err?.shortMessage ?? err?.message ?? "unknown error"}`;
}

/** A browser-wallet button's action: busy while it runs, a wallet failure shown in words (walletError). */
export function useWalletAction() {
  const { busy, error, setError, run } = useBusyAction();
  return { busy: busy !== null, error, setError, run: (work: () => Promise<unknown>) => run("busy", work, walletError) };
}

export function useBrowserWallet() {
  const { connectors, connectAsync } = useConnect();
  const account = useAccount();
  const { signTypedDataAsync } = useSignTypedData();

  /** The connected account, connecting the injected wallet first if needed. */
  async function connect(): Promise<Address> {
    if (account.status === "connected" && account.address) return account.address;
    const connector = connectors.find((c) => c.type === "injected");
    if (!connector) throw Object.assign(new Error("no injected connector"), { name: "ProviderNotFoundError" });
    const connected = await connectAsync({ connector });
    return connected.accounts[0];
  }

  async function sign(address: Address, typed: TypedDataToSign): Promise<Hex> {
    return signTypedDataAsync({ account: address, ...typed } as never);
  }

  return { address: account.status === "connected" ? account.address : undefined, connect, sign };
}
