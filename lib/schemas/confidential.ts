// Confidential decrypt requests (platform 4.10), after Zama's fhEVM decryption flow (lib/confidential).
import { z } from "zod";
import { Address, writeBody, Recorded } from "./common";

const Handle = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex string").meta({
  description: "The ciphertext handle (fhEVM bytes32 handle of an encrypted value).",
  example: "0x8f2c6bbd1a0e4f7e3d9c0b5a6e1f2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6",
});
const Plaintext = z.string().regex(/^\d{1,78}$/, "must be a decimal uint256").refine((v) => /^\d{1,78}$/.test(v) && BigInt(v) < 2n ** 256n, "must be below 2^256").meta({
  description: "The decrypted value as a decimal uint256 (ebool as 0 or 1, eaddress as its uint160).",
  example: "42",
});

export const CreateDecryptRequestInput = writeBody({
  handle: Handle,
  contract_address: Address.meta({ description: "The contract allowed to decrypt the handle (the fhEVM ACL grant the gateway checks)." }),
  network: z.string().min(1).max(64).meta({ description: "The network of the contract.", example: "polygon_amoy" }),
}).meta({ id: "CreateDecryptRequestInput" });

export const FulfillDecryptRequestInput = writeBody({
  plaintext: Plaintext,
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, "must be a 0x-prefixed 65-byte hex signature").meta({
    description: "The gateway signer's EIP-712 signature of DecryptionResult(bytes32 requestId, address contractAddress, bytes32[] ctHandles, bytes decryptedResult) " +
      "in the domain {name: \"Decryption\", version: \"1\", chainId}; requestId is keccak256 of the request id's UTF-8 bytes, decryptedResult abi.encode(uint256 plaintext) (README).",
    example: "0x" + "11".repeat(65),
  }),
}).meta({ id: "FulfillDecryptRequestInput", description: "The gateway's answer, relayed as it signed it. A signature that is not the request's gateway signer's answers 400 and changes nothing." });

export const DecryptRequest = z.object({
  object: z.literal("decrypt_request"),
  id: z.string().meta({ example: "dcr_01jd…" }),
  handle: z.string(),
  contract_address: z.string(),
  network: z.string(),
  chain_id: z.number().int(),
  gateway_signer: z.string().meta({ description: "The gateway whose signature fulfils this request (fixed at creation)." }),
  status: z.enum(["pending", "fulfilled", "expired"]).meta({
    description: "`pending` until the gateway's signed answer is relayed (POST …/fulfill); `fulfilled` with `plaintext`; `expired` when no answer came before `expires_at`.",
  }),
  plaintext: z.string().nullable().meta({ description: "Decimal uint256, once fulfilled; only the requesting tenant, in the request's mode, can read it." }),
  signature: z.string().nullable().meta({ description: "The gateway's EIP-712 signature that fulfilled the request." }),
  expires_at: z.number().int(),
  fulfilled: z.number().int().nullable(),
  ...Recorded,
}).meta({ id: "DecryptRequest" });
