// Test-only: the owners' side of a Safe through Safe's own SDK (@safe-global/protocol-kit), independent of
// lib/multisig: it builds the Safe transactions (owner changes included, prevOwner found by itself),
// computes their safeTxHash and makes the owners' signatures (EIP-712 and eth_sign).
import Safe, { buildContractSignature, buildSignatureBytes, type ContractNetworksConfig } from "@safe-global/protocol-kit";
import { SigningMethod, type SafeSignature, type SafeTransaction } from "@safe-global/types-kit";
import type { Address, Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { chainTarget } from "@/lib/chain/network/clients";
import { NETWORK } from "@/lib/tokens/testing";
import { canonicalSafeBase } from "@/lib/multisig/base";

export interface TestOwner {
  address: Address;
  account: PrivateKeyAccount;
  privateKey: Hex;
}

export const owners = (n: number): TestOwner[] =>
  Array.from({ length: n }, () => {
    const privateKey = generatePrivateKey();
    const account = privateKeyToAccount(privateKey);
    return { address: account.address, account, privateKey };
  });

export interface ClientTx {
  hash: Hex;
  safeTx: SafeTransaction;
}

/** The local chain's Safe contracts, for the SDK (safe-deployments knows no chain 31337). */
function contractNetworks(): ContractNetworksConfig {
  const base = canonicalSafeBase();
  const target = chainTarget(NETWORK);
  return {
    [String(target.chain.id)]: {
      safeSingletonAddress: base.singleton,
      safeProxyFactoryAddress: base.proxyFactory,
      fallbackHandlerAddress: base.fallbackHandler,
      multiSendCallOnlyAddress: base.multiSendCallOnly,
      multiSendAddress: base.multiSend,
      // Not installed locally; the SDK does not use them here.
      signMessageLibAddress: "0xd53cd0aB83D845Ac265BE939c57F53AD838012c9",
      createCallAddress: "0x9b35Af71d77eaf8d7e40252370304687390A1A52",
      simulateTxAccessorAddress: "0x3d4BA2E0884aa488718476ca2FB8Efc291A46199",
    },
  };
}

export async function safeClient(safe: Address) {
  const rpc = chainTarget(NETWORK).rpcUrl;
  const kits = new Map<string, Promise<Safe>>();
  const kitOf = (owner?: TestOwner, at: Address = safe) => {
    const key = `${owner?.address ?? "reader"}@${at}`;
    if (!kits.has(key)) kits.set(key, Safe.init({ provider: rpc, signer: owner?.privateKey, safeAddress: at, contractNetworks: contractNetworks() }));
    return kits.get(key)!;
  };
  const reader = await kitOf();
  const wrap = async (safeTx: SafeTransaction): Promise<ClientTx> => ({ safeTx, hash: (await reader.getTransactionHash(safeTx)) as Hex });
  async function signature(owner: TestOwner, tx: ClientTx, method: SigningMethod, ownerSafe?: Address): Promise<SafeSignature> {
    const signed = await (await kitOf(owner, ownerSafe)).signTransaction(tx.safeTx, method, ownerSafe ? safe : undefined);
    const made = signed.getSignature(owner.address.toLowerCase()) ?? signed.getSignature(owner.address);
    if (!made) throw new Error(`protocol-kit made no signature for ${owner.address}`);
    signed.signatures.clear(); // the next owner signs the same transaction afresh
    return made;
  }
  const sign = async (owner: TestOwner, tx: ClientTx, method: SigningMethod) => (await signature(owner, tx, method)).data as Hex;
  return {
    transaction: async (tx: { to: Address; value: string; data: Hex; nonce: number }) =>
      wrap(await reader.createTransaction({ transactions: [{ to: tx.to, value: tx.value, data: tx.data }], options: { nonce: tx.nonce } })),
    signEip712: (owner: TestOwner, tx: ClientTx) => sign(owner, tx, SigningMethod.ETH_SIGN_TYPED_DATA_V4),
    signEthSign: (owner: TestOwner, tx: ClientTx) => sign(owner, tx, SigningMethod.ETH_SIGN),
    eip712Signature: (owner: TestOwner, tx: ClientTx) => signature(owner, tx, SigningMethod.ETH_SIGN_TYPED_DATA_V4),
    /** An EIP-1271 signature of `ownerSafe` (an owner that is itself a Safe), made by its owner `owner`. */
    contractSignature: async (ownerSafe: Address, owner: TestOwner, tx: ClientTx) =>
      buildContractSignature([await signature(owner, tx, SigningMethod.SAFE_SIGNATURE, ownerSafe)], ownerSafe),
    /** The SDK's own layout of several signatures (sorted, contract data after the static parts). */
    encode: (signatures: SafeSignature[]) => buildSignatureBytes(signatures) as Hex,
    // prevOwner is the SDK's own finding (read from the Safe): the API's check of prev_owner is compared with it.
    swapOwnerTx: async (a: { old: Address; next: Address; nonce: number }) =>
      wrap(await reader.createSwapOwnerTx({ oldOwnerAddress: a.old, newOwnerAddress: a.next }, { nonce: a.nonce })),
    removeOwnerTx: async (a: { owner: Address; threshold: number; nonce: number }) =>
      wrap(await reader.createRemoveOwnerTx({ ownerAddress: a.owner, threshold: a.threshold }, { nonce: a.nonce })),
    addOwnerTx: async (a: { owner: Address; threshold: number; nonce: number }) =>
      wrap(await reader.createAddOwnerTx({ ownerAddress: a.owner, threshold: a.threshold }, { nonce: a.nonce })),
    changeThresholdTx: async (a: { threshold: number; nonce: number }) => wrap(await reader.createChangeThresholdTx(a.threshold, { nonce: a.nonce })),
  };
}
