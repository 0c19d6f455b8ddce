// The ERC-4337 base of the local chain, installed at every start (one call in lib/chain/local/node.ts):
// EntryPoint v0.7, the Kernel v3.1 implementation and its factory, and our validator modules, each
// CREATE2-deployed through the deterministic deployer (0x4e59…956c) with salt 0, so their addresses
// follow from their bytecode alone: the same on every start and on any chain that has the deployer.
import { concatHex, encodeAbiParameters, type Address, type Hex } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { localAccounts } from "@/lib/chain/local/accounts";
import { create2Address as create2, installThroughCreate2, type RawRequest } from "@/lib/chain/registry/base-contracts";
import { CREATE2_DEPLOYER_ADDRESS } from "@/lib/chain/network/predeploys";
import { kernelBytecode } from "@/lib/connect/accounts/kernel-artifacts";

/** The local account that sends the setup transactions (19 is the platform signer, 17 and 18 alto's). */
export const CONNECT_SETUP_ACCOUNT_INDEX = 16;
const SALT: Hex = `0x${"00".repeat(32)}`;

export interface ConnectBase {
  entryPoint: Address;
  /** Null when the Kernel bytecode is missing (postinstall could not fetch it). */
  kernelImplementation: Address | null;
  kernelFactory: Address | null;
  ecdsaValidator: Address;
  passkeyValidator: Address;
  sessionKeyValidator: Address;
  recoveryValidator: Address;
}

interface Creation {
  name: keyof ConnectBase;
  initCode: Hex;
}

const withArg = (code: Hex, address: Address) => concatHex([code, encodeAbiParameters([{ type: "address" }], [address])]);
const create2Address = (initCode: Hex) => create2(CREATE2_DEPLOYER_ADDRESS, SALT, initCode);

let creations: Creation[] | undefined;

function plan(): Creation[] {
  if (creations) return creations;
  const entryPointCode = artifact("EntryPoint").bytecode;
  const entryPoint = create2Address(entryPointCode);
  const list: Creation[] = [
    { name: "entryPoint", initCode: entryPointCode },
    { name: "ecdsaValidator", initCode: artifact("ECDSAOwnerValidator").bytecode },
    { name: "passkeyValidator", initCode: artifact("PasskeyValidator").bytecode },
    { name: "sessionKeyValidator", initCode: artifact("SessionKeyValidator").bytecode },
    { name: "recoveryValidator", initCode: artifact("RecoveryValidator").bytecode },
  ];
  const kernel = kernelBytecode();
  if (kernel) {
    const kernelCode = withArg(kernel.kernel, entryPoint);
    list.push({ name: "kernelImplementation", initCode: kernelCode });
    list.push({ name: "kernelFactory", initCode: withArg(kernel.factory, create2Address(kernelCode)) });
  }
  return (creations = list);
}

let base: ConnectBase | undefined;

/** Where the base lives (computed, not read from chain). */
export function connectBase(): ConnectBase {
  if (!base) {
    const found = Object.fromEntries(plan().map((c) => [c.name, create2Address(c.initCode)])) as Partial<ConnectBase>;
    base = { kernelImplementation: null, kernelFactory: null, ...found } as ConnectBase;
  }
  return base;
}


/** Deploys what is missing; a chain that kept its state already has the code: nothing is sent. */
export async function installConnectBase(request: RawRequest): Promise<void> {
  const creations = plan().map((c) => ({ ...c, salt: SALT }));
  const from = localAccounts()[CONNECT_SETUP_ACCOUNT_INDEX].address;
  await installThroughCreate2(request, { label: "Connect", deployer: CREATE2_DEPLOYER_ADDRESS, from, gas: 12_000_000n, creations });
}
