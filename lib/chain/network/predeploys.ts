// Contracts that live at the same well-known address on every network (the local chain installs them at
// start, ./local-node): Uniswap's canonical Permit2 and Arachnid's deterministic-deployment proxy.
import type { Address, Hex } from "viem";

export const PERMIT2_ADDRESS: Address = "0x000000000022D473030F116dDEE9F6B43aC78BA3";
export const CREATE2_DEPLOYER_ADDRESS: Address = "0x4e59b44847b379578588920ca78fbf26c0b4956c";
// Runtime of Arachnid's deterministic-deployment-proxy: calldata = salt (32 bytes) ++ init code,
// returns the 20-byte address of the contract it CREATE2-deployed.
export const CREATE2_DEPLOYER_RUNTIME: Hex =
  "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3";
