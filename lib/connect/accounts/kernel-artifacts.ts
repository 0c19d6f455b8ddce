// Kernel v3.1 and KernelFactory creation bytecode, read at run time from the hex literals of
// `@rhinestone/modulekit@0.5.9` (src/deployment/precompiles/KernelPrecompiles.sol), which
// scripts/fetch-sources.mjs (postinstall) puts under .cache/. No copy of the bytecode is in this repository.
// The ABIs are the few functions we call, written as signatures.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseAbi, type Hex } from "viem";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const KERNEL_PRECOMPILES_FILE = path.join(ROOT, ".cache", "modulekit-0.5.9", "KernelPrecompiles.sol");

export interface KernelBytecode {
  /** Creation code of Kernel v3.1; its constructor takes the EntryPoint address. */
  kernel: Hex;
  /** Creation code of KernelFactory; its constructor takes the Kernel implementation address. */
  factory: Hex;
}

let cached: KernelBytecode | null | undefined;

function literal(source: string, name: string): Hex {
  const match = new RegExp(`${name}\\s*=\\s*hex"([0-9a-fA-F]+)"`).exec(source);
  if (!match) throw new Error(`${KERNEL_PRECOMPILES_FILE} has no ${name}`);
  return `0x${match[1]}`;
}

/** The bytecode, or null when postinstall could not fetch it (`node scripts/fetch-sources.mjs`). */
export function kernelBytecode(): KernelBytecode | null {
  if (cached === undefined) {
    if (!existsSync(KERNEL_PRECOMPILES_FILE)) return null;
    const source = readFileSync(KERNEL_PRECOMPILES_FILE, "utf8");
    cached = { kernel: literal(source, "KERNEL_BYTECODE"), factory: literal(source, "KERNEL_FACTORY_BYTECODE") };
  }
  return cached;
}

export const kernelAbi = parseAbi([
  "function initialize(bytes21 rootValidator, address hook, bytes validatorData, bytes hookData, bytes[] initConfig)",
  "function execute(bytes32 execMode, bytes executionCalldata) payable",
  "function installModule(uint256 moduleType, address module, bytes initData) payable",
  "function uninstallModule(uint256 moduleType, address module, bytes deInitData) payable",
  "function isModuleInstalled(uint256 moduleType, address module, bytes additionalContext) view returns (bool)",
  "function changeRootValidator(bytes21 rootValidator, address hook, bytes validatorData, bytes hookData) payable",
  "function uninstallValidation(bytes21 vId, bytes deinitData, bytes hookDeinitData) payable",
  "function accountId() view returns (string)",
  "function rootValidator() view returns (bytes21)",
  "function currentNonce() view returns (uint32)",
]);

export const kernelFactoryAbi = parseAbi([
  "function createAccount(bytes data, bytes32 salt) payable returns (address)",
  "function getAddress(bytes data, bytes32 salt) view returns (address)",
  "function implementation() view returns (address)",
]);

export const entryPointAbi = parseAbi([
  "function getNonce(address sender, uint192 key) view returns (uint256)",
  "function balanceOf(address account) view returns (uint256)",
]);
