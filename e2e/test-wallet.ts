// A browser wallet for the specs: an EIP-1193 provider at window.ethereum (added before the page's scripts run)
// whose key stays on the Node side. It answers eth_requestAccounts, eth_accounts and eth_chainId in the page, and
// passes personal_sign and eth_signTypedData_v4 to a viem local account, so the signatures are real secp256k1
// signatures of exactly what the page asked for. Any other method is refused (4200) and reported.
import type { BrowserContext, Page } from "@playwright/test";
import { getAddress, hexToString, type Hex, type TypedDataDefinition } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";

export interface TestWallet {
  /** Messages signed with personal_sign, as text, with their signatures. */
  messages: { message: string; signature: Hex }[];
  /** Typed data signed with eth_signTypedData_v4 (addresses checksummed). */
  typedData: { primaryType: string; domain: Record<string, unknown>; message: Record<string, unknown> }[];
  /** Methods the page called that the wallet does not answer. */
  unknownMethods: string[];
}

export async function injectTestWallet(target: Page | BrowserContext, account: PrivateKeyAccount, chainId: number): Promise<TestWallet> {
  const wallet: TestWallet = { messages: [], typedData: [], unknownMethods: [] };
  const asAccount = (from: string) => {
    if (from.toLowerCase() !== account.address.toLowerCase()) throw new Error(`asked to sign as ${from}`);
  };
  await target.exposeFunction("__testWalletPersonalSign", async (hex: Hex, from: string) => {
    asAccount(from);
    const signature = await account.signMessage({ message: { raw: hex } });
    wallet.messages.push({ message: hexToString(hex), signature });
    return signature;
  });
  await target.exposeFunction("__testWalletSignTypedData", async (from: string, json: string) => {
    asAccount(from);
    const { types, domain, primaryType, message } = JSON.parse(json);
    const { EIP712Domain: _, ...rest } = types;
    // Kept with addresses checksummed (the page's JSON has them in lower case) for the specs' checks.
    wallet.typedData.push(JSON.parse(JSON.stringify({ primaryType, domain, message }), (_, v) => (typeof v === "string" && /^0x[0-9a-fA-F]{40}$/.test(v) ? getAddress(v) : v)));
    return account.signTypedData({ domain, types: rest, primaryType, message } as TypedDataDefinition);
  });
  await target.exposeFunction("__testWalletUnknown", (method: string) => void wallet.unknownMethods.push(method));
  await target.addInitScript(
    ({ address, chainId }) => {
      const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
      let connected = false;
      const w = window as unknown as Record<string, any>;
      w.ethereum = {
        isTestWallet: true,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          switch (method) {
            case "eth_requestAccounts":
              connected = true;
              return [address];
            case "eth_accounts":
              return connected ? [address] : [];
            case "eth_chainId":
              return `0x${chainId.toString(16)}`;
            case "personal_sign": {
              const [data, from] = params as [string, string];
              return w.__testWalletPersonalSign(data, from);
            }
            case "eth_signTypedData_v4": {
              const [from, json] = params as [string, string];
              return w.__testWalletSignTypedData(from, json);
            }
            default:
              await w.__testWalletUnknown(method);
              throw Object.assign(new Error(`The test wallet does not support ${method}`), { code: 4200 });
          }
        },
        on(event: string, fn: (...args: unknown[]) => void) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(fn);
        },
        removeListener(event: string, fn: (...args: unknown[]) => void) {
          listeners.get(event)?.delete(fn);
        },
      };
    },
    { address: account.address, chainId },
  );
  return wallet;
}
