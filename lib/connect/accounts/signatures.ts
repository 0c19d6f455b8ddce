// A signature the bundler would refuse for certain is answered here with a clear 400 instead of a 502: for
// an operation validated by the account's root ECDSA validator (nonce key type 0x00), the signature must
// recover to the registered signer, over the userOpHash itself or its EIP-191 personal-message form (what
// the validator accepts). Other validation types go to the bundler as they are.
import { hashMessage, isAddressEqual, recoverAddress, type Hex } from "viem";
import { invalidRequest } from "@/lib/core/errors";
import type { ConnectAccount } from "@/lib/generated/prisma/client";

/** Kernel's validation type, the second byte of the 24-byte nonce key: 0x00 root, 0x01 validator, 0x02 permission. */
const validationType = (nonce: bigint) => Number((nonce >> 64n >> 176n) & 0xffn);

async function recovers(hash: Hex, signature: Hex, signer: string) {
  for (const digest of [hash, hashMessage({ raw: hash })]) {
    const recovered = await recoverAddress({ hash: digest, signature }).catch(() => null);
    if (recovered && isAddressEqual(recovered, signer as Hex)) return true;
  }
  return false;
}

export async function checkRootSignature(account: ConnectAccount, userOpHash: Hex, nonce: bigint, signature: string, param = "signature") {
  if (account.validator !== "ecdsa" || validationType(nonce) !== 0) return;
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature) || !(await recovers(userOpHash, signature as Hex, account.signer))) {
    throw invalidRequest(
      "signature_invalid",
      `The signature does not recover to the account's signer ${account.signer}: sign the userOpHash ${userOpHash} with the owner key (raw, or as an EIP-191 personal message).`,
      param,
    );
  }
}
