// Contract artifacts (ABI + bytecode), each read from disk the first time it is asked for, then kept.
// Our own contracts come from compiled/ (scripts/build-contracts.ts) with ABIs typed for viem; the
// others from their npm packages (packages.ts), typed as a plain `Abi`.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Abi, Hex } from "viem";
import { COMPILED_CONTRACTS, type CompiledAbis } from "./compiled/abis";
import { PACKAGE_ARTIFACTS, type PackageContract } from "./packages";

export { COMPILED_CONTRACTS };
export type CompiledContract = keyof CompiledAbis;
export type ContractName = CompiledContract | PackageContract;

export interface Artifact<TAbi extends Abi = Abi> {
  contractName: string;
  abi: TAbi;
  bytecode: Hex;
  deployedBytecode: Hex;
}

type AbiOf<N extends ContractName> = N extends CompiledContract ? CompiledAbis[N] : Abi;

// Node's own resolver, taken where the bundler does not look: Turbopack rewrites `createRequire` from
// "node:module" and then fails at run time on a name it could not see at build time.
const require = process.getBuiltinModule("node:module").createRequire(import.meta.url);
const COMPILED_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "compiled");
const loaded = new Map<ContractName, Artifact>();

function artifactFile(name: ContractName): string {
  if (Object.hasOwn(PACKAGE_ARTIFACTS, name)) return require.resolve(PACKAGE_ARTIFACTS[name as PackageContract]);
  if ((COMPILED_CONTRACTS as readonly string[]).includes(name)) return path.join(COMPILED_DIR, `${name}.json`);
  throw new Error(`no artifact for contract ${name}`);
}

/** The named contract's ABI and bytecode. Throws if its file is missing or has no bytecode. */
export function artifact<const N extends ContractName>(name: N): Artifact<AbiOf<N>> {
  let found = loaded.get(name);
  if (!found) {
    const file = artifactFile(name);
    const { abi, bytecode, deployedBytecode } = JSON.parse(readFileSync(file, "utf8")) as Artifact;
    if (!bytecode || bytecode === "0x") throw new Error(`${file} has no bytecode`);
    found = { contractName: name, abi, bytecode, deployedBytecode };
    loaded.set(name, found);
  }
  return found as Artifact<AbiOf<N>>;
}
