// Test-only: the owners' side of a Safe, independent of lib/multisig: hashes come from the Safe itself
// (getTransactionHash) and signatures from the owners' keys (EIP-712 typed data and eth_sign).
import { encodeFunctionData, zeroAddress, type Abi, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { artifact } from "@/lib/chain/artifacts";
import { chain } from "@/lib/tokens/testing";

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
  to: Address;
  value: string;
  data: Hex;
  nonce: number;
  hash: Hex;
}

const abi = () => artifact("SafeL2").abi as Abi;

export async function safeClient(safe: Address) {
  const chainId = await chain().getChainId();
  async function transaction(tx: { to: Address; value: string; data: Hex; nonce: number }): Promise<ClientTx> {
    const hash = (await chain().readContract({
      address: safe, abi: abi(), functionName: "getTransactionHash",
      args: [tx.to, BigInt(tx.value), tx.data, 0, 0n, 0n, 0n, zeroAddress, zeroAddress, BigInt(tx.nonce)],
    } as never)) as Hex;
    return { ...tx, hash };
  }
  const self = (functionName: string, args: unknown[], nonce: number) =>
    transaction({ to: safe, value: "0", data: encodeFunctionData({ abi: abi(), functionName, args }), nonce });
  return {
    transaction,
    signEip712: (owner: TestOwner, tx: ClientTx) =>
      owner.account.signTypedData({
        domain: { chainId, verifyingContract: safe },
        types: {
          SafeTx: [
            { name: "to", type: "address" }, { name: "value", type: "uint256" }, { name: "data", type: "bytes" }, { name: "operation", type: "uint8" },
            { name: "safeTxGas", type: "uint256" }, { name: "baseGas", type: "uint256" }, { name: "gasPrice", type: "uint256" },
            { name: "gasToken", type: "address" }, { name: "refundReceiver", type: "address" }, { name: "nonce", type: "uint256" },
          ],
        },
        primaryType: "SafeTx",
        message: {
          to: tx.to, value: BigInt(tx.value), data: tx.data, operation: 0, safeTxGas: 0n, baseGas: 0n, gasPrice: 0n,
          gasToken: zeroAddress, refundReceiver: zeroAddress, nonce: BigInt(tx.nonce),
        },
      }),
    async signEthSign(owner: TestOwner, tx: ClientTx) {
      const sig = await owner.account.signMessage({ message: { raw: tx.hash } });
      return `${sig.slice(0, 130)}${(parseInt(sig.slice(130), 16) + 4).toString(16)}` as Hex;
    },
    swapOwnerTx: (a: { prev: Address; old: Address; next: Address; nonce: number }) => self("swapOwner", [a.prev, a.old, a.next], a.nonce),
    removeOwnerTx: (a: { prev: Address; owner: Address; threshold: number; nonce: number }) => self("removeOwner", [a.prev, a.owner, BigInt(a.threshold)], a.nonce),
    addOwnerTx: (a: { owner: Address; threshold: number; nonce: number }) => self("addOwnerWithThreshold", [a.owner, BigInt(a.threshold)], a.nonce),
    changeThresholdTx: (a: { threshold: number; nonce: number }) => self("changeThreshold", [BigInt(a.threshold)], a.nonce),
  };
}
