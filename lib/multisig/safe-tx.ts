// A Safe transaction as this API proposes it (operation CALL, no gas refund: safeTxGas, baseGas, gasPrice 0,
// gasToken and refundReceiver the zero address), its EIP-712 hash in Safe 1.4.1's domain and type, and the
// meaning of the Safe's revert codes.
import { parseAbiParameters, encodeFunctionData, hashTypedData, zeroAddress, type Abi, type Address, type Hex } from "viem";
import { artifact } from "@/lib/chain/artifacts";

export const SENTINEL: Address = "0x0000000000000000000000000000000000000001";
/** keccak256("fallback_manager.handler.address"): where a Safe keeps its fallback handler. */
export const FALLBACK_HANDLER_SLOT: Hex = "0x6c9a6c4a39284e37ed1cf53d337577d14212a4870fb976a4366c693b939918d5";

export const safeAbi = () => artifact("SafeL2").abi as Abi;
export const factoryAbi = () => artifact("SafeProxyFactory").abi as Abi;

export interface SafeTx {
  to: Address;
  value: bigint;
  data: Hex;
  nonce: bigint;
}

export const SAFE_TX_TYPES = {
  SafeTx: parseAbiParameters("address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 nonce"),
} as const;

const fullTx = (tx: SafeTx) => ({
  ...tx, operation: 0, safeTxGas: 0n, baseGas: 0n, gasPrice: 0n, gasToken: zeroAddress, refundReceiver: zeroAddress,
});

/** The EIP-712 typed data an owner signs (eth_signTypedData_v4): Safe 1.4.1's domain { chainId, verifyingContract: safe } and SafeTx. */
export const safeTxTypedData = (chainId: number, safe: Address, tx: SafeTx) =>
  ({ domain: { chainId, verifyingContract: safe }, types: SAFE_TX_TYPES, primaryType: "SafeTx", message: fullTx(tx) }) as const;

/** What Safe.getTransactionHash answers: the EIP-712 hash of safeTxTypedData. */
export const safeTxHash = (chainId: number, safe: Address, tx: SafeTx): Hex => hashTypedData(safeTxTypedData(chainId, safe, tx));

export const execTransactionData = (tx: SafeTx, signatures: Hex) => {
  const f = fullTx(tx);
  return encodeFunctionData({
    abi: safeAbi(),
    functionName: "execTransaction",
    args: [f.to, f.value, f.data, f.operation, f.safeTxGas, f.baseGas, f.gasPrice, f.gasToken, f.refundReceiver, signatures],
  });
};

// docs.safe.global "Safe error codes" (contracts 1.4.1).
export const SAFE_ERRORS: Record<string, string> = {
  GS000: "Could not finish initialization",
  GS001: "Threshold needs to be defined",
  GS002: "A call to set up modules couldn't be executed because the destination account was not a contract",
  GS010: "Not enough gas to execute Safe transaction",
  GS011: "Could not pay gas costs with ether",
  GS012: "Could not pay gas costs with token",
  GS013: "Safe transaction failed when gasPrice and safeTxGas were 0 (the call it makes reverted)",
  GS020: "Signatures data too short (fewer signatures than the threshold)",
  GS021: "Invalid contract signature location: inside static part",
  GS022: "Invalid contract signature location: length not present",
  GS023: "Invalid contract signature location: data not complete",
  GS024: "Invalid contract signature provided",
  GS025: "Hash has not been approved",
  GS026: "Invalid owner provided (a signature is not by an owner, or the signatures are not sorted by owner, or it signed another hash)",
  GS030: "Only owners can approve a hash",
  GS031: "Method can only be called from this contract",
  GS100: "Modules have already been initialized",
  GS101: "Invalid module address provided",
  GS102: "Module has already been added",
  GS103: "Invalid prevModule, module pair provided",
  GS104: "Method can only be called from an enabled module",
  GS200: "Owners have already been set up",
  GS201: "Threshold cannot exceed owner count",
  GS202: "Threshold needs to be greater than 0",
  GS203: "Invalid owner address provided",
  GS204: "Address is already an owner",
  GS205: "Invalid prevOwner, owner pair provided",
  GS300: "Guard does not implement IERC165",
  GS400: "Fallback handler cannot be set to self",
};

/** The GS code in a revert reason, if any. */
export const safeErrorCode = (reason: string) => /\bGS\d{3}\b/.exec(reason)?.[0];
