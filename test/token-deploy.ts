import { encodeDeployData, type Address, type Hex } from "viem";
import { artifact } from "@/lib/chain/artifacts";

/** The calldata of a plain PlatformERC20 deployment (no supply, mintable): the chain path tests' real write. */
export const tokenDeployData = (owner: string, symbol: string, name = symbol): Hex =>
  encodeDeployData({
    abi: artifact("PlatformERC20").abi,
    bytecode: artifact("PlatformERC20").bytecode,
    args: [name, symbol, 18, 0n, owner as Address, { mintable: true, burnable: false, pausable: false }],
  } as never);
