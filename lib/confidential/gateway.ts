// The decryption gateway's interface, after Zama's fhEVM decryption flow: a request names ciphertext handles
// (bytes32) and the contract allowed to decrypt them (the gateway checks its ACL); the gateway answers the
// plaintext with an EIP-712 signature of its signer (fhEVM's KMS/gateway `DecryptionResult`), which we verify
// before anything is stored. The signed message binds the answer to our request id, the contract, the handles
// and the chain, so a signature can fulfil no other request.
import { parseAbiParameters, encodeAbiParameters, getAddress, keccak256, recoverTypedDataAddress, toHex, type Address, type Hex } from "viem";

export const DECRYPTION_DOMAIN_NAME = "Decryption";
export const DECRYPTION_DOMAIN_VERSION = "1";

export const DECRYPTION_TYPES = {
  DecryptionResult: parseAbiParameters("bytes32 requestId, address contractAddress, bytes32[] ctHandles, bytes decryptedResult"),
} as const;

export interface DecryptionAnswer {
  /** Our request id (dcr_…). */
  id: string;
  chainId: number;
  contractAddress: Address;
  handle: Hex;
  /** The decrypted value, a decimal uint256 (ebool as 0/1, eaddress as its uint160). */
  plaintext: string;
}

/** The typed data the gateway signs for an answer (viem's signTypedData / verifyTypedData shape). */
export function decryptionTypedData(answer: DecryptionAnswer) {
  return {
    domain: { name: DECRYPTION_DOMAIN_NAME, version: DECRYPTION_DOMAIN_VERSION, chainId: answer.chainId },
    types: DECRYPTION_TYPES,
    primaryType: "DecryptionResult" as const,
    message: {
      requestId: keccak256(toHex(answer.id)),
      contractAddress: answer.contractAddress,
      ctHandles: [answer.handle],
      // fhEVM returns cleartexts ABI-encoded, one 32-byte word per handle.
      decryptedResult: encodeAbiParameters([{ type: "uint256" }], [BigInt(answer.plaintext)]),
    },
  };
}

/** The signer of `signature` over the answer, or null when it is no valid signature at all. */
export async function decryptionSigner(answer: DecryptionAnswer, signature: Hex): Promise<Address | null> {
  try {
    return getAddress(await recoverTypedDataAddress({ ...decryptionTypedData(answer), signature }));
  } catch {
    return null;
  }
}
