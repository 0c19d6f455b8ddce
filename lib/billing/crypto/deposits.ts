// Deposit addresses of crypto checkouts: one per payment, the non-hardened child <index> of an extended public key
// (BIP-32). The server holds only the public half: it can derive addresses but never spend from them.
// BILLING_DEPOSIT_XPUB is the xpub of m/44'/60'/0'/0 of a seed made for receiving payments alone, generated and
// kept offline (a hardware wallet or an air-gapped machine), so payment i's address is that seed's
// m/44'/60'/0'/0/i and the funds are swept from there with it. Never the seed of a wallet anyone spends from day
// to day: its accounts 1, 2, … are these very addresses, so everyday use would mix with (and could be mistaken
// for) customers' payments, and every deposit would sit one phishing prompt away from that wallet's owner.
//
// Without BILLING_DEPOSIT_XPUB only the local chain takes crypto payments, to addresses derived from a seed made
// from ENCRYPTION_KEY (development and tests: nothing of value ever reaches them). Real networks then answer
// 503: a deployment must not take real money to addresses nobody configured.
import { createHmac, ECDH } from "node:crypto";
import { getAddress, keccak256, type Address } from "viem";
import { HDKey } from "viem/accounts";
import { encryptionKey } from "@/lib/crypto/keys";

export const DEPOSIT_XPUB_SETTING = "BILLING_DEPOSIT_XPUB";
/** The account-level path the xpub stands for; children are non-hardened, so the xpub derives them. */
export const DEPOSIT_PATH = "m/44'/60'/0'/0";

let configured: { xpub: string; key: HDKey } | undefined;
let local: HDKey | undefined;

/** The configured extended public key, or null; throws a clear error for a value that is not one. */
function configuredKey(): HDKey | null {
  const xpub = process.env[DEPOSIT_XPUB_SETTING]?.trim();
  if (!xpub) return null;
  if (configured?.xpub !== xpub) {
    let key: HDKey;
    try {
      key = HDKey.fromExtendedKey(xpub);
    } catch (error) {
      throw new Error(`${DEPOSIT_XPUB_SETTING} is not an extended public key (xpub…): ${(error as Error).message}`);
    }
    // An xprv would put spending keys on the server: refuse it rather than use it.
    if (key.privateKey) throw new Error(`${DEPOSIT_XPUB_SETTING} holds a private extended key: set the xpub of ${DEPOSIT_PATH} instead`);
    configured = { xpub, key };
  }
  return configured.key;
}

/** The development key: a seed made from ENCRYPTION_KEY, at DEPOSIT_PATH, public half only. */
function localKey(): HDKey {
  if (!local) {
    const seed = createHmac("sha512", encryptionKey()).update("token-platform billing deposit seed (local chain only)").digest();
    local = HDKey.fromExtendedKey(HDKey.fromMasterSeed(seed).derive(DEPOSIT_PATH).publicExtendedKey);
  }
  return local;
}

/** Whether deposits can be taken on a network: the local chain always, others only with BILLING_DEPOSIT_XPUB. */
export const depositsAvailable = (isLocal: boolean) => isLocal || configuredKey() !== null;

/** The deposit address of derivation index `index` (0 … 2^31 − 1). */
export function depositAddress(index: number, isLocal: boolean): Address {
  const key = configuredKey() ?? (isLocal ? localKey() : null);
  if (!key) throw new Error(`${DEPOSIT_XPUB_SETTING} is not set: deposits on real networks need it`);
  const child = key.deriveChild(index);
  if (!child.publicKey) throw new Error(`no public key at deposit index ${index}`);
  const uncompressed = ECDH.convertKey(Buffer.from(child.publicKey), "secp256k1", undefined, "hex", "uncompressed") as string;
  return getAddress(`0x${keccak256(`0x${uncompressed.slice(2)}`).slice(-40)}`);
}
