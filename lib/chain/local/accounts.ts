// The local chain's fixed identity: chain id, genesis date and the funded accounts of its mnemonic. A
// small module of its own, so that code which only talks to the local network (the platform signer, the
// local bundler, the base installers) does not load the node that serves it (./local-node).
import { pbkdf2Sync } from "node:crypto";
import { bytesToHex, type Address, type Hex } from "viem";
import { HDKey, privateKeyToAddress } from "viem/accounts";

export const LOCAL_CHAIN_MNEMONIC = "test test test test test test test test test test test junk";
export const LOCAL_CHAIN_ID = 31337;
export const LOCAL_CHAIN_INITIAL_DATE = "2025-01-01T00:00:00Z";
export const LOCAL_ACCOUNT_COUNT = 20;
export const LOCAL_ACCOUNT_BALANCE = 10_000n * 10n ** 18n;
/** The local account that is the platform signer (owner of the platform's base contracts, lib/chain/eoa/platform-signer.ts). */
export const LOCAL_PLATFORM_ACCOUNT_INDEX = 19;

export interface LocalAccount {
  address: Address;
  privateKey: Hex;
}

let derivedAccounts: LocalAccount[] | undefined;

/** The funded accounts of the local chain: BIP-44 m/44'/60'/0'/0/i of the fixed mnemonic. */
export function localAccounts(): LocalAccount[] {
  if (!derivedAccounts) {
    // BIP-39 seed via native PBKDF2: viem's mnemonicToAccount re-derives it per account (~35 ms each).
    const seed = pbkdf2Sync(LOCAL_CHAIN_MNEMONIC.normalize("NFKD"), "mnemonic", 2048, 64, "sha512");
    const master = HDKey.fromMasterSeed(seed);
    derivedAccounts = Array.from({ length: LOCAL_ACCOUNT_COUNT }, (_, index) => {
      const key = master.derive(`m/44'/60'/0'/0/${index}`).privateKey;
      if (!key) throw new Error("HD derivation produced no private key");
      const privateKey = bytesToHex(key);
      return { address: privateKeyToAddress(privateKey), privateKey };
    });
  }
  return derivedAccounts;
}
