// Ethereum keystore V3 (Web3 Secret Storage) decryption, in memory only: the password derives a key with
// scrypt or PBKDF2-HMAC-SHA256, keccak256(derivedKey[16..32] ++ ciphertext) must equal `mac` (a wrong
// password fails here), and AES-128-CTR with derivedKey[0..16] gives the private key. A hostile or merely
// standard keystore must not exhaust the server: scrypt's memory (128·n·r bytes; geth's standard n=2^18,
// r=8 is 256 MiB) is capped at 64 MiB and its work (n·r·p) at twice that, PBKDF2 at 2^20 rounds, each
// refused with 400 naming the parameter before any work; and at most MAX_CONCURRENT_KDF derivations run
// at once in this process, the next answering 503 with Retry-After instead of queueing.
import { createDecipheriv, pbkdf2, scrypt } from "node:crypto";
import { promisify } from "node:util";
import { keccak256, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ApiError, invalidRequest } from "@/lib/core/errors";

const MAX_SCRYPT_MEMORY = 64 * 1024 * 1024; // 128·n·r bytes
const MAX_SCRYPT_WORK = 2 * MAX_SCRYPT_MEMORY; // 128·n·r·p: p runs one after another, in the same memory
const MAX_SCRYPT_R = 8;
const MAX_SCRYPT_P = 8;
const MAX_PBKDF2_C = 2 ** 20;
const MAX_CONCURRENT_KDF = 2;
const BUSY_RETRY_AFTER_SECONDS = 1;

let running = 0;

/** Runs one key derivation in one of MAX_CONCURRENT_KDF slots, or answers 503 at once when all are taken. */
async function inKdfSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_KDF) {
    throw new ApiError(503, "api_error", "keystore_import_busy", `Too many keystore imports are being decrypted right now: retry in ${BUSY_RETRY_AFTER_SECONDS} second(s).`, undefined, {
      "Retry-After": String(BUSY_RETRY_AFTER_SECONDS),
    });
  }
  running++;
  try {
    return await work();
  } finally {
    running--;
  }
}

const tooCostly = (param: string, message: string) =>
  invalidRequest("keystore_kdf_too_costly", `keystore_json's ${param} ${message}: re-encrypt the key with lighter parameters (e.g. scrypt n=2^16 r=8 p=1, or geth's light n=2^12 p=6).`, "keystore_json");

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
    const N = int(params.n, "kdfparams.n", 2, Number.MAX_SAFE_INTEGER);
    if ((N & (N - 1)) !== 0) throw invalid("kdfparams.n must be a power of 2");
    const r = int(params.r, "kdfparams.r", 1, MAX_SCRYPT_R);
    const p = int(params.p, "kdfparams.p", 1, MAX_SCRYPT_P);
    if (128 * N * r > MAX_SCRYPT_MEMORY) throw tooCostly("kdfparams.n", `(${N}) with r=${r} needs ${(128 * N * r) / 2 ** 20} MiB; at most ${MAX_SCRYPT_MEMORY / 2 ** 20} MiB is allowed`);
    if (128 * N * r * p > MAX_SCRYPT_WORK) throw tooCostly("kdfparams.p", `(${p}) with n=${N}, r=${r} asks for more scrypt work than allowed (128·n·r·p at most ${MAX_SCRYPT_WORK / 2 ** 20} MiB)`);
    try {
      derived = await inKdfSlot(() => scryptAsync(secret, salt, dklen, { N, r, p, maxmem: 128 * (N + 2) * r + 128 * r * p + 32 * 1024 * 1024 }));
    } catch (err) {
      if (err instanceof ApiError) throw err;
      // OpenSSL also needs N < 2^(16 r) (RFC 7914): geth's standard and light parameters qualify.
      throw invalid("unsupported scrypt parameters (n must be below 2^(16 r))");
    }
  } else if (crypto.kdf === "pbkdf2") {
    if (params.prf !== "hmac-sha256") throw invalid("kdfparams.prf must be hmac-sha256");
    if (typeof params.c === "number" && params.c > MAX_PBKDF2_C) throw tooCostly("kdfparams.c", `(${params.c}) is above ${MAX_PBKDF2_C} rounds`);
    const c = int(params.c, "kdfparams.c", 1, MAX_PBKDF2_C);
    derived = await inKdfSlot(() => pbkdf2Async(secret, salt, c, dklen, "sha256"));
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
