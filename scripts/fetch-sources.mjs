// Step of `postinstall`: sources that npm cannot install here, kept under .cache/ (gitignored), none committed.
// Both packages' `npm install` fails offline (git dependencies), so each tarball is fetched from the registry
// with `npm pack` and only the part we use is kept:
//   - Kernel v3.1 and KernelFactory bytecode (hex literals in `@rhinestone/modulekit@0.5.9`), for the local
//     chain's ERC-4337 base (lib/connect/accounts/kernel-artifacts.ts);
//   - the Solidity of `@chainlink/contracts@1.5.0` (`src/v0.8/`), compiled by scripts/build-contracts.ts for the
//     price-feed and VRF mocks and bases (the package ships no bytecode).
// Idempotent: what is already there is not fetched again. One line per source. Plain JavaScript that any Node runs.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const say = (line) => console.log(`[setup] ${line}`);

const SOURCES = [
  {
    what: "Kernel v3.1 bytecode",
    pkg: "@rhinestone/modulekit@0.5.9",
    inner: "package/src/deployment/precompiles/KernelPrecompiles.sol",
    target: join(root, ".cache", "modulekit-0.5.9", "KernelPrecompiles.sol"),
    without: "Connect accounts are unavailable",
  },
  {
    what: "Chainlink sources",
    pkg: "@chainlink/contracts@1.5.0",
    inner: "package/src/v0.8",
    target: join(root, ".cache", "chainlink-1.5.0", "src", "v0.8"),
    without: "price feeds and VRF cannot be compiled",
  },
];

function npmPack(pkg, into) {
  const args = ["pack", pkg, "--pack-destination", into, "--silent"];
  const npm = process.env.npm_execpath
    ? spawnSync(process.execPath, [process.env.npm_execpath, ...args], { cwd: into, encoding: "utf8" })
    : spawnSync("npm", args, { cwd: into, encoding: "utf8" });
  if (npm.status !== 0) throw new Error(`npm pack ${pkg} failed: ${(npm.stderr || npm.stdout || String(npm.error)).trim()}`);
  return join(into, npm.stdout.trim().split("\n").pop());
}

for (const { what, pkg, inner, target, without } of SOURCES) {
  if (existsSync(target)) {
    say(`${what} present (${pkg}, .cache/)`);
    continue;
  }
  const work = mkdtempSync(join(tmpdir(), "tp-sources-"));
  try {
    const tar = spawnSync("tar", ["xzf", npmPack(pkg, work), "-C", work, inner], { encoding: "utf8" });
    if (tar.status !== 0) throw new Error(`extracting ${inner} failed: ${tar.stderr.trim()}`);
    mkdirSync(dirname(target), { recursive: true });
    renameSync(join(work, inner), target);
    say(`${what} fetched from the registry (${pkg} → .cache/)`);
  } catch (error) {
    // Only one area needs each: the rest of the install goes on, and that area says what is missing.
    say(`${what} not fetched (${error.message}); ${without} until \`node scripts/fetch-sources.mjs\` succeeds`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
