// The local test gateway: a stand-in for Zama's gateway/KMS on the local chain, behind the same interface
// (./gateway.ts). `@fhevm/hardhat-plugin` needs Hardhat 2 and `@fhevm/mock-utils` the plugin's host contracts,
// so neither runs on our Hardhat 3 chain (README). Its key is fixed and public (like Hardhat's accounts): `npm
// run dev` makes it the platform's gateway (CONFIDENTIAL_GATEWAY_SIGNER) and tests name it in the feature's
// config; never configure it on a live network. "Decrypting" here means answering the plaintext registered for
// a handle: there is no ciphertext behind it.
import { keccak256, toHex, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { decryptionTypedData, type DecryptionAnswer } from "./gateway";

const LOCAL_GATEWAY_KEY = keccak256(toHex("token-platform local confidential gateway"));
const gateway = privateKeyToAccount(LOCAL_GATEWAY_KEY);

/** The local gateway's signer address (0x…), the value of CONFIDENTIAL_GATEWAY_SIGNER under `npm run dev`. */
export const LOCAL_GATEWAY_SIGNER = gateway.address;

/** The gateway's answer to a request: the plaintext and its EIP-712 signature, as POST …/fulfill takes them. */
export async function localGatewayAnswer(answer: DecryptionAnswer): Promise<{ plaintext: string; signature: Hex }> {
  return { plaintext: answer.plaintext, signature: await gateway.signTypedData(decryptionTypedData(answer)) };
}
