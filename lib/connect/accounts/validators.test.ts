// Our ERC-7579 validators on an in-process chain (the same ERC-4337 base as every local chain): the ECDSA
// owner validator and the passkey validator, called as an account calls them (msg.sender = the account),
// with real secp256k1 signatures and real P-256 WebAuthn assertions made here.
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  concatHex, createPublicClient, createWalletClient, encodeAbiParameters, keccak256, toHex,
  type Address, type Hex, type PublicClient,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { artifact } from "@/lib/chain/artifacts";
import { inProcessChain, type InProcessChain } from "@/lib/chain/local/node";
import { connectBase } from "@/lib/connect/local/setup";

const MAGIC = "0x1626ba7e";
const INVALID = "0xffffffff";
const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

let chain: InProcessChain;
let client: PublicClient;

beforeAll(async () => {
  chain = await inProcessChain();
  client = createPublicClient({ chain: chain.chain, transport: chain.transport }) as PublicClient;
});
afterAll(() => chain?.stop());

/** One of the chain's funded accounts acting as "the smart account" that installs the module. */
async function install(index: number, address: Address, abiName: "ECDSAOwnerValidator" | "PasskeyValidator", data: Hex) {
  const account = privateKeyToAccount(chain.accounts[index].privateKey);
  const wallet = createWalletClient({ account, chain: chain.chain, transport: chain.transport });
  const hash = await wallet.writeContract({ address, abi: artifact(abiName).abi, functionName: "onInstall", args: [data] } as never);
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
  return account.address;
}

const check = (validator: Address, abiName: "ECDSAOwnerValidator" | "PasskeyValidator", asAccount: Address, hash: Hex, signature: Hex) =>
  client.readContract({ address: validator, abi: artifact(abiName).abi, functionName: "isValidSignatureWithSender", args: [asAccount, hash, signature], account: asAccount } as never) as Promise<Hex>;

describe("ECDSAOwnerValidator", () => {
  it("accepts the owner's raw and personal-message signatures only, per account", async () => {
    const validator = connectBase().ecdsaValidator;
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await install(3, validator, "ECDSAOwnerValidator", owner.address);
    expect(await client.readContract({ address: validator, abi: artifact("ECDSAOwnerValidator").abi, functionName: "ownerOf", args: [account] })).toBe(owner.address);

    const hash = keccak256(toHex("user operation"));
    expect(await check(validator, "ECDSAOwnerValidator", account, hash, await owner.sign({ hash }))).toBe(MAGIC);
    expect(await check(validator, "ECDSAOwnerValidator", account, hash, await owner.signMessage({ message: { raw: hash } }))).toBe(MAGIC);
    const stranger = privateKeyToAccount(generatePrivateKey());
    expect(await check(validator, "ECDSAOwnerValidator", account, hash, await stranger.sign({ hash }))).toBe(INVALID);
    expect(await check(validator, "ECDSAOwnerValidator", account, hash, "0x1234")).toBe(INVALID);
    // Another account (not installed) gets nothing from this owner's signature.
    const other = chain.accounts[4].address;
    expect(await check(validator, "ECDSAOwnerValidator", other, hash, await owner.sign({ hash }))).toBe(INVALID);
  });
});

describe("PasskeyValidator", () => {
  const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
  const fromB64url = (text: string) => toHex(Buffer.from(text, "base64url"));

  function passkey() {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    return { privateKey, x: fromB64url(jwk.x!), y: fromB64url(jwk.y!) };
  }

  /** A WebAuthn assertion over `challenge`, in the flat layout OpenZeppelin's WebAuthn.tryDecodeAuth reads. */
  function assertion(key: ReturnType<typeof passkey>, challenge: Hex, flags = 0x05) {
    const clientDataJSON = JSON.stringify({ type: "webauthn.get", challenge: b64url(Buffer.from(challenge.slice(2), "hex")), origin: "https://wallet.example", crossOrigin: false });
    const authenticatorData = concatHex([toHex(createHash("sha256").update("wallet.example").digest()), toHex(flags, { size: 1 }), "0x00000001"]);
    const message = Buffer.concat([Buffer.from(authenticatorData.slice(2), "hex"), createHash("sha256").update(clientDataJSON).digest()]);
    const raw = sign("sha256", message, { key: key.privateKey, dsaEncoding: "ieee-p1363" });
    const r = BigInt(toHex(raw.subarray(0, 32)));
    let s = BigInt(toHex(raw.subarray(32)));
    if (s > P256_N / 2n) s = P256_N - s; // the verifier takes low s only
    return encodeAbiParameters(
      [{ type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }, { type: "uint256" }, { type: "bytes" }, { type: "string" }],
      [toHex(r, { size: 32 }), toHex(s, { size: 32 }), BigInt(clientDataJSON.indexOf('"challenge":"')), BigInt(clientDataJSON.indexOf('"type":"')), authenticatorData, clientDataJSON],
    );
  }

  it("accepts a WebAuthn assertion of the installed passkey over the hash, and nothing else", async () => {
    const validator = connectBase().passkeyValidator;
    const key = passkey();
    const account = await install(5, validator, "PasskeyValidator", encodeAbiParameters([{ type: "bytes32" }, { type: "bytes32" }, { type: "bool" }], [key.x, key.y, true]));
    expect(await client.readContract({ address: validator, abi: artifact("PasskeyValidator").abi, functionName: "isInitialized", args: [account] })).toBe(true);

    const hash = keccak256(toHex("user operation"));
    expect(await check(validator, "PasskeyValidator", account, hash, assertion(key, hash))).toBe(MAGIC);
    // Signed over another challenge, by another passkey, without user verification (required here), or garbage.
    expect(await check(validator, "PasskeyValidator", account, hash, assertion(key, keccak256(toHex("other"))))).toBe(INVALID);
    expect(await check(validator, "PasskeyValidator", account, hash, assertion(passkey(), hash))).toBe(INVALID);
    expect(await check(validator, "PasskeyValidator", account, hash, assertion(key, hash, 0x01))).toBe(INVALID);
    expect(await check(validator, "PasskeyValidator", account, hash, "0xdeadbeef")).toBe(INVALID);
  });
});
