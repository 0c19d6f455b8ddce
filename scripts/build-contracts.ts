// Compiles the platform's Solidity templates (contracts/**/*.sol) and the canonical Permit2 with the
// in-process solc-js compiler (no compiler download). What the app loads goes to lib/chain/artifacts/compiled/:
//   <ContractName>.json   { contractName, abi, bytecode, deployedBytecode }, read at run time by the loader
//   <ContractName>.ts     the ABI alone, `as const`, so viem types calls (abis.ts lists the names and their types)
//   sources.hash          one sha256 per group (templates, permit2) of sources + compiler settings
// Test-only contracts (contracts/test/) go to test/artifacts/<ContractName>.ts, never beside the app's.
// A group is recompiled only when its hash changed (Permit2 alone takes ~20 s).
//
//   npx tsx scripts/build-contracts.ts            build what is stale
//   npx tsx scripts/build-contracts.ts --force    rebuild everything
//   npx tsx scripts/build-contracts.ts --check    exit 1 if the built artifacts are stale (they are built by npm install, predev, pretest)
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import solc from "solc";

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CONTRACTS_DIR = path.join(ROOT, "contracts");
const TEST_CONTRACTS_DIR = path.join(CONTRACTS_DIR, "test");
export const ARTIFACTS_DIR = path.join(ROOT, "lib/chain/artifacts/compiled");
export const TEST_ARTIFACTS_DIR = path.join(ROOT, "test/artifacts");
const HASH_FILE = path.join(ARTIFACTS_DIR, "sources.hash");
const ABI_MAP_FILE = path.join(ARTIFACTS_DIR, "abis.ts");

// Bump when the shape of the generated files changes, so --check flags old outputs.
const ARTIFACT_FORMAT = 2;

const OUTPUTS = ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"];

// cancun, not solc 0.8.37's default osaka: the templates are deployed on live networks too, and
// not every EVM chain has shipped osaka opcodes.
const TEMPLATE_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
};

// The settings Uniswap built the canonical Permit2 with (its foundry.toml).
const PERMIT2_SETTINGS = {
  viaIR: true,
  optimizer: { enabled: true, runs: 1_000_000 },
  metadata: { bytecodeHash: "none" },
  evmVersion: "cancun",
  remappings: ["solmate/=lib/solmate/"],
};
const PERMIT2_PACKAGE = "@uniswap/v4-periphery";

const PERMIT2_SOURCE = "src/Permit2.sol";

type Abi = readonly Record<string, unknown>[];
export interface Artifact {
  contractName: string;
  abi: Abi;
  bytecode: `0x${string}`;
  deployedBytecode: `0x${string}`;
}
/** A compiled contract and whether it came from contracts/test/. */
interface Compiled {
  artifact: Artifact;
  testOnly: boolean;
}
type Group = "templates" | "permit2";
type Hashes = Record<Group, string>;

interface SolcOutput {
  errors?: { severity: "error" | "warning" | "info"; formattedMessage: string; sourceLocation?: { file: string } }[];
  contracts?: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
}

function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}

function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(path.join(packageDir(name), "package.json"), "utf8")) as { version: string })
    .version;
}

function listSolidityFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".sol"))
    .map((file) => path.join(dir, file))
    .sort();
}

function sha256(parts: string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(`${part.length}:${part}`);
  return hash.digest("hex");
}

// Chainlink's Solidity (@chainlink/contracts@1.5.0 ships no bytecode), fetched into .cache/ by
// scripts/fetch-sources.mjs at postinstall; imported as "@chainlink/contracts/src/v0.8/…". Chainlink pins
// OpenZeppelin 4.x in its imports (`@openzeppelin/contracts@4.9.6/…`, only EnumerableSet on the VRF path): they
// resolve to our OpenZeppelin 5, whose EnumerableSet has the same API.
const CHAINLINK_PREFIX = "@chainlink/contracts/";
const CHAINLINK_DIR = path.join(ROOT, ".cache/chainlink-1.5.0");
/** The Chainlink contracts the app deploys itself (local-chain mocks), compiled with the templates. */
const CHAINLINK_SOURCES = [
  "src/v0.8/shared/mocks/MockV3Aggregator.sol", // price feeds (lib/oracles)
  "src/v0.8/vrf/mocks/VRFCoordinatorV2_5Mock.sol", // verifiable randomness (lib/vrf)
];

function readChainlink(unitName: string): string {
  if (!existsSync(CHAINLINK_DIR)) {
    throw new Error(`Chainlink sources are missing at ${path.relative(ROOT, CHAINLINK_DIR)} (needed by ${unitName}): run node scripts/fetch-sources.mjs`);
  }
  return readInside(CHAINLINK_DIR, unitName.slice(CHAINLINK_PREFIX.length));
}

function templateSources(): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const file of CHAINLINK_SOURCES) sources[CHAINLINK_PREFIX + file] = readChainlink(CHAINLINK_PREFIX + file);
  for (const file of listSolidityFiles(CONTRACTS_DIR)) {
    sources[path.relative(ROOT, file).split(path.sep).join("/")] = readFileSync(file, "utf8");
  }
  return sources;
}

export function computeHashes(): Hashes {
  const common = [`format ${ARTIFACT_FORMAT}`, `solc ${solc.version()}`];
  const templates = Object.entries(templateSources()).flatMap(([name, content]) => [name, content]);
  return {
    templates: sha256([
      ...common,
      `@openzeppelin/contracts ${packageVersion("@openzeppelin/contracts")}`,
      JSON.stringify(TEMPLATE_SETTINGS),
      ...templates,
    ]),
    permit2: sha256([
      ...common,
      `${PERMIT2_PACKAGE} ${packageVersion(PERMIT2_PACKAGE)}`,
      JSON.stringify(PERMIT2_SETTINGS),
      PERMIT2_SOURCE,
    ]),
  };
}

function readStoredHashes(): Partial<Hashes> {
  if (!existsSync(HASH_FILE)) return {};
  const stored: Partial<Hashes> = {};
  for (const line of readFileSync(HASH_FILE, "utf8").split("\n")) {
    const [group, hash] = line.trim().split(/\s+/);
    if ((group === "templates" || group === "permit2") && hash) stored[group] = hash;
  }
  return stored;
}

function staleGroups(): Group[] {
  const current = computeHashes();
  const stored = readStoredHashes();
  const stale = (["templates", "permit2"] as const).filter((group) => stored[group] !== current[group]);
  const outputsMissing = !existsSync(ABI_MAP_FILE) || !existsSync(TEST_ARTIFACTS_DIR);
  if (outputsMissing && !stale.includes("templates")) stale.push("templates");
  if (!existsSync(path.join(ARTIFACTS_DIR, "Permit2.json")) && !stale.includes("permit2")) stale.push("permit2");
  return stale;
}

/** Runs solc's standard-JSON compile; `readImport` maps an import's source unit name to its text. */
function compile(
  sources: Record<string, string>,
  settings: object,
  selection: Record<string, Record<string, string[]>>,
  readImport: (unitName: string) => string,
): SolcOutput {
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: { ...settings, outputSelection: selection },
  };
  const findImports = (unitName: string) => {
    try {
      return { contents: readImport(unitName) };
    } catch (error) {
      return { error: `cannot read ${unitName}: ${(error as Error).message}` };
    }
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput;
  const errors = (output.errors ?? []).filter((entry) => entry.severity === "error");
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((entry) => entry.formattedMessage).join("\n")}`);
  }
  return output;
}

/** Reads an import from inside `baseDir` only, so a stray path cannot pull in arbitrary files. */
function readInside(baseDir: string, relativePath: string): string {
  const resolved = path.resolve(baseDir, relativePath);
  if (!resolved.startsWith(baseDir + path.sep)) throw new Error(`import outside ${baseDir}`);
  return readFileSync(resolved, "utf8");
}

function toArtifacts(output: SolcOutput, sourceNames: string[]): Compiled[] {
  const compiled: Compiled[] = [];
  for (const sourceName of sourceNames) {
    const testOnly = path.resolve(ROOT, sourceName).startsWith(TEST_CONTRACTS_DIR + path.sep);
    for (const [contractName, contract] of Object.entries(output.contracts?.[sourceName] ?? {})) {
      // Abstract contracts and interfaces have no bytecode and nothing to deploy.
      if (!contract.evm.bytecode.object) continue;
      const artifact: Artifact = {
        contractName,
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}`,
        deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
      };
      compiled.push({ artifact, testOnly });
    }
  }
  return compiled;
}

function compileTemplates(): Compiled[] {
  const sources = templateSources();
  const nodeModules = path.join(ROOT, "node_modules");
  const selection = Object.fromEntries(Object.keys(sources).map((name) => [name, { "*": OUTPUTS }]));
  // Our own files are all passed in; every other import is a package (OpenZeppelin) in node_modules.
  const output = compile(sources, TEMPLATE_SETTINGS, selection, (unitName) =>
    unitName.startsWith("contracts/")
      ? readInside(ROOT, unitName)
      : unitName.startsWith(CHAINLINK_PREFIX)
        ? readChainlink(unitName)
        : readInside(nodeModules, unitName.replace(/^@openzeppelin\/contracts@4\.[\d.]+\//, "@openzeppelin/contracts/")),
  );
  for (const entry of output.errors ?? []) {
    if (entry.severity === "warning" && entry.sourceLocation?.file.startsWith("contracts/")) {
      console.warn(entry.formattedMessage);
    }
  }
  const compiled = toArtifacts(output, Object.keys(sources));
  const names = compiled.map(({ artifact }) => artifact.contractName);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate) throw new Error(`two contracts are named ${duplicate}; artifact names must be unique`);
  if (names.includes("Permit2")) throw new Error("the name Permit2 is reserved for the canonical Permit2");
  return compiled;
}

function compilePermit2(): Artifact {
  const permit2Dir = path.join(packageDir(PERMIT2_PACKAGE), "lib/permit2");
  // Permit2 pins `pragma solidity 0.8.17`; only solc 0.8.37 is installed, so accept any 0.8.x >= 17.
  const read = (unitName: string) =>
    readInside(permit2Dir, unitName).replace(/pragma solidity 0\.8\.17;/g, "pragma solidity ^0.8.17;");
  const output = compile(
    { [PERMIT2_SOURCE]: read(PERMIT2_SOURCE) },
    PERMIT2_SETTINGS,
    { [PERMIT2_SOURCE]: { Permit2: OUTPUTS } },
    read,
  );
  const [permit2] = toArtifacts(output, [PERMIT2_SOURCE]);
  if (!permit2) throw new Error("solc produced no Permit2 bytecode");
  return permit2.artifact;
}

const GENERATED = "// Generated by scripts/build-contracts.ts; do not edit.";

/** The app's copy of a contract: its JSON (read at run time) and its ABI as a typed module. */
function writeAppArtifact(artifact: Artifact): void {
  const base = path.join(ARTIFACTS_DIR, artifact.contractName);
  writeFileSync(`${base}.json`, `${JSON.stringify(artifact, null, 2)}\n`);
  writeFileSync(`${base}.ts`, `${GENERATED}\n\nexport const abi = ${JSON.stringify(artifact.abi, null, 2)} as const;\n`);
}

/** A test-only contract: one typed module with ABI and bytecode, imported by tests alone. */
function writeTestArtifact(artifact: Artifact): void {
  writeFileSync(
    path.join(TEST_ARTIFACTS_DIR, `${artifact.contractName}.ts`),
    `${GENERATED}\n\nexport const ${artifact.contractName} = ${JSON.stringify(artifact, null, 2)} as const;\n`,
  );
}

/** The app's contract names, and each one's ABI type (type-only imports: no ABI loads at run time). */
function renderAbiMap(): string {
  const names = readdirSync(ARTIFACTS_DIR)
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length))
    .sort();
  return (
    `${GENERATED}\n\n` +
    names.map((name) => `import type { abi as ${name} } from "./${name}";\n`).join("") +
    `\nexport const COMPILED_CONTRACTS = ${JSON.stringify(names)} as const;\n` +
    `\nexport interface CompiledAbis {\n` +
    names.map((name) => `  ${name}: typeof ${name};\n`).join("") +
    `}\n`
  );
}

/** Removes what an earlier build wrote for `keep`'s group, so renamed or deleted contracts leave nothing behind. */
function clearDir(dir: string, keep: (file: string) => boolean): void {
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(dir)) if (!keep(file)) rmSync(path.join(dir, file));
}

export function buildContracts(options: { force?: boolean } = {}): { rebuilt: Group[] } {
  const groups: Group[] = options.force ? ["templates", "permit2"] : staleGroups();
  if (groups.length === 0) return { rebuilt: [] };
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const hashes = computeHashes();

  if (groups.includes("templates")) {
    const compiled = compileTemplates();
    clearDir(ARTIFACTS_DIR, (file) => file.startsWith("Permit2.") || file === "sources.hash");
    clearDir(TEST_ARTIFACTS_DIR, () => false);
    for (const { artifact, testOnly } of compiled) (testOnly ? writeTestArtifact : writeAppArtifact)(artifact);
  }
  if (groups.includes("permit2")) writeAppArtifact(compilePermit2());

  writeFileSync(ABI_MAP_FILE, renderAbiMap());
  writeFileSync(HASH_FILE, `templates ${hashes.templates}\npermit2 ${hashes.permit2}\n`);
  return { rebuilt: groups };
}

function main(): void {
  const args = new Set(process.argv.slice(2));
  if (args.has("--check")) {
    const stale = staleGroups();
    if (stale.length > 0) {
      console.error(`contract artifacts are stale (${stale.join(", ")}): run npx tsx scripts/build-contracts.ts`);
      process.exit(1);
    }
    console.log("contract artifacts are up to date");
    return;
  }
  const started = performance.now();
  const { rebuilt } = buildContracts({ force: args.has("--force") });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    rebuilt.length === 0
      ? "contract artifacts are up to date"
      : `compiled ${rebuilt.join(" and ")} with solc ${solc.version()} in ${seconds} s → ${path.relative(ROOT, ARTIFACTS_DIR)}, ${path.relative(ROOT, TEST_ARTIFACTS_DIR)}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
