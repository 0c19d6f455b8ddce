// Safe signature bytes: every kind attributed to its owner, re-laid out sorted by owner with contract
// signature data moved after the static parts (offsets rewritten), and malformed bytes refused. Also the
// canonical Safe addresses of real networks, from @safe-global/safe-deployments.
import { afterEach, describe, expect, it } from "vitest";
import { concatHex, getAddress, hashMessage, hexToBigInt, keccak256, numberToHex, pad, size, slice, toHex, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { canonicalSafeBase, safeBase } from "./base";
import { approvedHashSignature, encodeSignatures, parseSignatures, SignatureFormatError } from "./signatures";

const hash = keccak256(toHex("a Safe transaction"));
const word = (n: number | bigint) => pad(numberToHex(n), { size: 32 });

describe("Safe signatures", () => {
  it("attributes EIP-712, eth_sign, approved-hash and contract signatures and sorts them by owner", async () => {
    const [a, b] = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())];
    const eip712 = await a.sign({ hash });
    const raw = await b.sign({ hash: hashMessage({ raw: hash }) });
    const ethSign = concatHex([slice(raw, 0, 64), toHex(Number(hexToBigInt(slice(raw, 64))) + 4, { size: 1 })]);
    const approver = getAddress("0x00000000000000000000000000000000000000a1");
    const contract = getAddress("0xffffffffffffffffffffffffffffffffffffff01");
    const contractData: Hex = "0xdeadbeef";
    // Caller's order: contract signature first (its data after all four static parts), then the others.
    const given = concatHex([pad(contract, { size: 32 }), word(4 * 65), "0x00", eip712, ethSign, approvedHashSignature(approver).r, word(0), "0x01", word(size(contractData)), contractData]);
    const parsed = await parseSignatures(given, hash);
    expect(parsed.map((s) => [s.owner, s.kind])).toEqual([
      [contract, "contract"], [a.address, "eip712"], [b.address, "eth_sign"], [approver, "approved_hash"],
    ]);
    const encoded = encodeSignatures([...parsed, approvedHashSignature(approver)]); // a duplicate owner counts once
    const again = await parseSignatures(encoded, hash);
    const owners = again.map((s) => s.owner);
    expect(owners).toEqual([...owners].sort((x, y) => (hexToBigInt(x) < hexToBigInt(y) ? -1 : 1)));
    expect(owners.length).toBe(4);
    expect(again.find((s) => s.kind === "contract")?.contractData).toBe(contractData);
    // The contract signature (the largest owner) points past the four static parts.
    expect(hexToBigInt(slice(encoded, 3 * 65 + 32, 3 * 65 + 64))).toBe(4n * 65n);
    expect(size(encoded)).toBe(4 * 65 + 32 + 4);
  });

  it("refuses malformed bytes", async () => {
    for (const bad of ["0x12", "nothex", `0x${"00".repeat(64)}05`, concatHex([word(1n << 200n), word(0), "0x01"]), concatHex([word(1), word(999), "0x00"])]) {
      await expect(parseSignatures(bad, hash), bad.slice(0, 20)).rejects.toBeInstanceOf(SignatureFormatError);
    }
    expect(await parseSignatures("0x", hash)).toEqual([]);
  });
});

describe("Safe base contracts", () => {
  const saved = process.env.RPC_URL_POLYGON;
  afterEach(() => {
    if (saved === undefined) delete process.env.RPC_URL_POLYGON;
    else process.env.RPC_URL_POLYGON = saved;
  });

  it("uses safe-deployments' canonical addresses on a real network: the ones the local chain installs", () => {
    process.env.RPC_URL_POLYGON = "http://127.0.0.1:1"; // configured, never called
    expect(safeBase("polygon")).toEqual(canonicalSafeBase());
    expect(canonicalSafeBase()).toMatchObject({
      singleton: "0x29fcB43b46531BcA003ddC8FCB67FFE91900C762",
      proxyFactory: "0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67",
      fallbackHandler: "0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99",
      multiSendCallOnly: "0x9641d764fc13c8B624c04430C7356C1C7C8102e2",
    });
  });
});
