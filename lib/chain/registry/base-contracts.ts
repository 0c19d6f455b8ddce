// The platform's base contracts of the local chain (the ERC-4337 stack, the T-REX factory…): each domain
// that needs some registers its installer here through lib/composition, and the local node runs them in
// order at every start (./local-node). lib/chain itself knows none of them; it gives them the two ways a
// base is installed at fixed addresses: through a CREATE2 proxy, or from a local account's first nonces.
import { concatHex, getAddress, getContractAddress, toHex, type Address, type Hex } from "viem";
import { CREATE2_DEPLOYER_RUNTIME } from "@/lib/chain/network/predeploys";

/** Sends a raw JSON-RPC request to the local node (test methods such as hardhat_setCode included). */
export type RawRequest = (method: string, params: unknown[]) => Promise<unknown>;

export interface BaseContracts {
  name: string;
  install(request: RawRequest): Promise<void>;
}

const installers: BaseContracts[] = [];

export function registerBaseContracts(base: BaseContracts) {
  if (!installers.some((b) => b.name === base.name)) installers.push(base);
}

export function registeredBaseContracts(): readonly BaseContracts[] {
  if (!installers.length) throw new Error("lib/chain: no base contracts are registered: import \"@/lib/composition\" in the entry point that starts the local chain");
  return installers;
}

/** Where the CREATE2 proxy at `deployer` creates `initCode` with `salt`. */
export const create2Address = (deployer: Address, salt: Hex, initCode: Hex): Address =>
  getContractAddress({ opcode: "CREATE2", from: deployer, salt, bytecode: initCode });

export interface Create2Install {
  /** Names the base in errors. */
  label: string;
  /** The CREATE2 proxy (Arachnid's code); its code is set first when the chain has none there. */
  deployer: Address;
  /** The local account (unlocked on the node) that sends the creations. */
  from: Address;
  gas: bigint;
  creations: readonly { name: string; salt: Hex; initCode: Hex }[];
}

/**
 * Creates whatever of `creations` is missing, all transactions sent at once (the node mines each on arrival),
 * then checks every receipt. A chain that kept its state already has the code: nothing is sent.
 */
export async function installThroughCreate2(request: RawRequest, { label, deployer, from, gas, creations }: Create2Install): Promise<void> {
  if (((await request("eth_getCode", [deployer, "latest"])) as Hex) === "0x") await request("hardhat_setCode", [deployer, CREATE2_DEPLOYER_RUNTIME]);
  const pending: { name: string; hash: Hex }[] = [];
  for (const { name, salt, initCode } of creations) {
    if (((await request("eth_getCode", [create2Address(deployer, salt, initCode), "latest"])) as Hex) !== "0x") continue;
    const hash = (await request("eth_sendTransaction", [{ from, to: deployer, data: concatHex([salt, initCode]), gas: toHex(gas) }])) as Hex;
    pending.push({ name, hash });
  }
  for (const { name, hash } of pending) {
    const receipt = (await request("eth_getTransactionReceipt", [hash])) as { status: Hex } | null;
    if (receipt?.status !== "0x1") throw new Error(`${label} base setup failed at ${name} (transaction ${hash})`);
  }
}

/** Sends one setup transaction, waits for it and returns the contract it created, if any. */
export type SetupSend = (tx: { to?: Address; data: Hex }) => Promise<Address | null>;

/**
 * A sender for a base installed from the local account `from`'s first nonces (so its addresses follow from
 * them), or null when the account has sent before (a chain that kept its state). A revert throws.
 */
export async function freshAccountSender(request: RawRequest, from: Address, label: string, gas = 15_000_000n): Promise<SetupSend | null> {
  if (BigInt((await request("eth_getTransactionCount", [from, "latest"])) as Hex) !== 0n) return null;
  return async (tx) => {
    const hash = (await request("eth_sendTransaction", [{ from, ...tx, gas: toHex(gas) }])) as Hex;
    const receipt = (await request("eth_getTransactionReceipt", [hash])) as { status: Hex; contractAddress: Address | null } | null;
    if (receipt?.status !== "0x1") throw new Error(`${label} base setup failed (transaction ${hash})`);
    return receipt.contractAddress ? getAddress(receipt.contractAddress) : null;
  };
}
