// Safe owner signatures: the concatenated bytes a caller sends, split into their kinds, attributed to their
// owners and laid out again sorted by owner (ascending, as Safe.checkNSignatures requires). Kinds, by v:
// 0 contract signature (EIP-1271; r = the owner, s = offset of its data in the dynamic part), 1 approved hash
// (r = the owner: approveHash on chain, or the sender itself), 27/28 EIP-712 over safeTxHash, 31/32 eth_sign
// (v + 4) over the "\x19Ethereum Signed Message:\n32" digest of safeTxHash.
import { concatHex, getAddress, hashMessage, hexToBigInt, isHex, numberToHex, pad, recoverAddress, size, slice, toHex, type Address, type Hex } from "viem";

export type SignatureKind = "contract" | "approved_hash" | "eip712" | "eth_sign";

export interface OwnerSignature {
  owner: Address;
  kind: SignatureKind;
  /** r ‖ s ‖ v as the Safe reads it (s rewritten for a contract signature when laid out). */
  r: Hex;
  s: Hex;
  v: number;
  /** The contract signature's own bytes (without their length word). */
  contractData?: Hex;
}

export class SignatureFormatError extends Error {}

const word = (n: bigint | number) => pad(numberToHex(n), { size: 32 });

/** Splits `signatures` and recovers who made each one; throws SignatureFormatError on malformed bytes. */
export async function parseSignatures(signatures: string, safeTxHash: Hex): Promise<OwnerSignature[]> {
  if (!isHex(signatures, { strict: true }) || signatures.length % 2) throw new SignatureFormatError("signatures must be 0x-prefixed hexadecimal bytes");
  const bytes = signatures as Hex;
  const total = size(bytes);
  const parsed: OwnerSignature[] = [];
  // Static parts are 65 bytes each, up to the start of the first contract signature's data (if any).
  let staticEnd = total;
  for (let at = 0; at + 65 <= staticEnd; at += 65) {
    const r = slice(bytes, at, at + 32);
    const s = slice(bytes, at + 32, at + 64);
    const v = Number(hexToBigInt(slice(bytes, at + 64, at + 65)));
    if (v === 0 || v === 1) {
      const rWord = hexToBigInt(r);
      if (rWord >> 160n) throw new SignatureFormatError(`signature ${parsed.length + 1} (v=${v}) must carry the owner address in r`);
      const owner = getAddress(pad(toHex(rWord), { size: 20 }));
      if (v === 1) {
        parsed.push({ owner, kind: "approved_hash", r, s, v });
        continue;
      }
      const offset = Number(hexToBigInt(s));
      if (offset < at + 65 || offset + 32 > total) throw new SignatureFormatError(`contract signature ${parsed.length + 1}: its data offset ${offset} lies outside the dynamic part`);
      const length = Number(hexToBigInt(slice(bytes, offset, offset + 32)));
      if (offset + 32 + length > total) throw new SignatureFormatError(`contract signature ${parsed.length + 1}: its data is incomplete`);
      staticEnd = Math.min(staticEnd, offset);
      parsed.push({ owner, kind: "contract", r, s, v, contractData: length ? slice(bytes, offset + 32, offset + 32 + length) : "0x" });
      continue;
    }
    const ethSign = v > 30;
    const digest = ethSign ? hashMessage({ raw: safeTxHash }) : safeTxHash;
    const recoveryV = ethSign ? v - 4 : v;
    if (recoveryV !== 27 && recoveryV !== 28) throw new SignatureFormatError(`signature ${parsed.length + 1} has v=${v}: expected 0, 1, 27, 28, 31 or 32`);
    let owner: Address;
    try {
      owner = await recoverAddress({ hash: digest, signature: concatHex([r, s, toHex(recoveryV, { size: 1 })]) });
    } catch {
      throw new SignatureFormatError(`signature ${parsed.length + 1} is not a valid ECDSA signature`);
    }
    parsed.push({ owner, kind: ethSign ? "eth_sign" : "eip712", r, s, v });
  }
  if (staticEnd === total && total % 65) throw new SignatureFormatError("signatures must be 65-byte r ‖ s ‖ v parts (plus contract signature data)");
  return parsed;
}

/** An approved-hash signature of `owner` (valid when it approved the hash on chain, or sends the execution). */
export const approvedHashSignature = (owner: Address): OwnerSignature => ({ owner, kind: "approved_hash", r: word(hexToBigInt(owner)), s: word(0), v: 1 });

/** One signature per owner (the first given wins), sorted by owner, contract signature data appended after the static parts. */
export function encodeSignatures(list: OwnerSignature[]): Hex {
  const byOwner = new Map<string, OwnerSignature>();
  for (const sig of list) if (!byOwner.has(sig.owner.toLowerCase())) byOwner.set(sig.owner.toLowerCase(), sig);
  const sorted = [...byOwner.values()].sort((a, b) => (hexToBigInt(a.owner) < hexToBigInt(b.owner) ? -1 : 1));
  const staticParts: Hex[] = [];
  const dynamicParts: Hex[] = [];
  let offset = sorted.length * 65;
  for (const sig of sorted) {
    if (sig.kind === "contract") {
      const data = sig.contractData ?? "0x";
      staticParts.push(concatHex([sig.r, word(offset), "0x00"]));
      dynamicParts.push(concatHex([word(size(data)), data]));
      offset += 32 + size(data);
    } else {
      staticParts.push(concatHex([sig.r, sig.s, toHex(sig.v, { size: 1 })]));
    }
  }
  return concatHex([...staticParts, ...dynamicParts, "0x"]);
}
