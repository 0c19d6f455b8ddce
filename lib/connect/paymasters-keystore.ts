// Ethereum keystore V3 (Web3 Secret Storage) decryption, in memory only: the password derives a key with
// scrypt or PBKDF2-HMAC-SHA256, keccak256(derivedKey[16..32] ++ ciphertext) must equal `mac` (a wrong
// password fails here), and AES-128-CTR with derivedKey[0..16] gives the private key. KDF parameters are
// capped so a hostile keystore cannot make the server spend unbounded memory or time.
import { createDecipheriv, pbkdf2, scrypt } from "node:crypto";
import { promisify } from "node:util";
import { keccak256, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { invalidRequest } from "@/lib/api/errors";

const MAX_SCRYPT_N = 2 ** 18; // geth's standard (262144)
const MAX_SCRYPT_R = 8;
const MAX_SCRYPT_P = 8;
const MAX_PBKDF2_C = 2 ** 20;

const scryptAsync = promisify(scrypt) as (password: Buffer, salt: Buffer, keylen: number, options: { N: number; r: number; p: number; maxmem: number }) => Promise<Buffer>;
const pbkdf2Async = promisify(pbkdf2);

const invalid = (message: string, param = "keystore_json") => invalidRequest("keystore_invalid", `Invalid keystore_json: ${message}`, param);

const hex = (value: unknown, what: string, bytes?: number) => {
  if (typeof value !== "string" || !/^(0x)?([0-9a-fA-F]{2})+$/.test(value) || value.length > 4096) throw invalid(`${what} must be hex`);
  const buf = Buffer.from(value.replace(/^0x/, ""), "hex");
  if (bytes !== undefined && buf.length !== bytes) throw invalid(`${what} must be ${bytes} bytes`);
  return buf;
};
const int = (value: unknown, what: string, min: number, max: number) => {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) throw invalid(`${what} must be an integer from ${min} to ${max}`);
  return value;
};
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The private key and address of a keystore V3 (JSON text or object), or a 400. */
export async function decryptKeystore(keystore: string | Record<string, unknown>, password: string): Promise<{ privateKey: Hex; address: Hex }> {
  let json: unknown = keystore;
  if (typeof keystore === "string") {
    try {
      json = JSON.parse(keystore);
    } catch {
      throw invalid("not JSON");
    }
  }
  if (!isObject(json)) throw invalid("not a JSON object");
  if (json.version !== 3) throw invalid("only version 3 keystores are supported");
  const crypto = json.crypto ?? json.Crypto;
  if (!isObject(crypto)) throw invalid("the crypto section is missing");
  if (crypto.cipher !== "aes-128-ctr") throw invalid("cipher must be aes-128-ctr");
  if (!isObject(crypto.cipherparams)) throw invalid("cipherparams is missing");
  const iv = hex(crypto.cipherparams.iv, "cipherparams.iv", 16);
  const ciphertext = hex(crypto.ciphertext, "ciphertext", 32);
  const mac = hex(crypto.mac, "mac", 32);
  const params = crypto.kdfparams;
  if (!isObject(params)) throw invalid("kdfparams is missing");
  const salt = hex(params.salt, "kdfparams.salt");
  const dklen = int(params.dklen, "kdfparams.dklen", 32, 32);
  const secret = Buffer.from(password.normalize("NFKC"), "utf8");

  let derived: Buffer;
  if (crypto.kdf === "scrypt") {
    const N = int(params.n, "kdfparams.n", 2, MAX_SCRYPT_N);
    if ((N & (N - 1)) !== 0) throw invalid("kdfparams.n must be a power of 2");
    const r = int(params.r, "kdfparams.r", 1, MAX_SCRYPT_R);
    const p = int(params.p, "kdfparams.p", 1, MAX_SCRYPT_P);
    try {
      derived = await scryptAsync(secret, salt, dklen, { N, r, p, maxmem: 128 * (N + 2) * r + 128 * r * p + 32 * 1024 * 1024 });
    } catch {
      // OpenSSL also needs N < 2^(16 r) (RFC 7914): geth's standard and light parameters qualify.
      throw invalid("unsupported scrypt parameters (n must be below 2^(16 r))");
    }
  } else if (crypto.kdf === "pbkdf2") {
    if (params.prf !== "hmac-sha256") throw invalid("kdfparams.prf must be hmac-sha256");
    const c = int(params.c, "kdfparams.c", 1, MAX_PBKDF2_C);
    derived = await pbkdf2Async(secret, salt, c, dklen, "sha256");
  } else {
    throw invalid("kdf must be scrypt or pbkdf2");
  }

  const expected = keccak256(Buffer.concat([derived.subarray(16, 32), ciphertext]));
  if (expected.slice(2) !== mac.toString("hex")) {
    throw invalidRequest("keystore_password_incorrect", "The keystore_password does not decrypt keystore_json (MAC mismatch).", "keystore_password");
  }
  const decipher = createDecipheriv("aes-128-ctr", derived.subarray(0, 16), iv);
  const key = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  const privateKey = `0x${key.toString("hex")}` as Hex;
  key.fill(0);
  derived.fill(0);
  let address: Hex;
  try {
    address = privateKeyToAccount(privateKey).address;
  } catch {
    throw invalid("the decrypted key is not a valid secp256k1 private key");
  }
  if (typeof json.address === "string" && json.address.replace(/^0x/, "").toLowerCase() !== address.slice(2).toLowerCase()) {
    throw invalid("its address does not match the key it holds");
  }
  return { privateKey, address };
}
