// Step of `postinstall`: Kernel v3.1 and KernelFactory bytecode for the local chain's ERC-4337 base
// (lib/connect/kernel-artifacts.ts). They ship as hex literals in `@rhinestone/modulekit@0.5.9`, whose
// `npm install` fails offline (git dependencies), so the package tarball is fetched from the registry with
// `npm pack` and only that one Solidity file is kept under .cache/ (gitignored). No copy is committed.
// Idempotent: when the file is already there it does nothing. Prints one line.
// Plain JavaScript that any Node runs.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE = "@rhinestone/modulekit@0.5.9";
const INNER = "package/src/deployment/precompiles/KernelPrecompiles.sol";
const root = fileURLToPath(new URL("..", import.meta.url));
const target = join(root, ".cache", "modulekit-0.5.9", "KernelPrecompiles.sol");
const say = (line) => console.log(`[setup] ${line}`);

if (existsSync(target)) {
  say(`Kernel v3.1 bytecode present (${PACKAGE}, .cache/)`);
  process.exit(0);
}

const work = mkdtempSync(join(tmpdir(), "tp-modulekit-"));
try {
  const npm = process.env.npm_execpath
    ? spawnSync(process.execPath, [process.env.npm_execpath, "pack", PACKAGE, "--pack-destination", work, "--silent"], { cwd: work, encoding: "utf8" })
    : spawnSync("npm", ["pack", PACKAGE, "--pack-destination", work, "--silent"], { cwd: work, encoding: "utf8" });
  if (npm.status !== 0) throw new Error(`npm pack ${PACKAGE} failed: ${(npm.stderr || npm.stdout || String(npm.error)).trim()}`);
  const tarball = join(work, npm.stdout.trim().split("\n").pop());
  const tar = spawnSync("tar", ["xzf", tarball, "-C", work, INNER], { encoding: "utf8" });
  if (tar.status !== 0) throw new Error(`extracting ${INNER} failed: ${tar.stderr.trim()}`);
  mkdirSync(join(root, ".cache", "modulekit-0.5.9"), { recursive: true });
  renameSync(join(work, INNER), target);
  say(`Kernel v3.1 bytecode fetched from the registry (${PACKAGE} → .cache/)`);
} catch (error) {
  // Only Connect needs it: the rest of the install goes on, and the local chain says what is missing.
  say(`Kernel v3.1 bytecode not fetched (${error.message}); Connect accounts are unavailable until \`node scripts/fetch-kernel.mjs\` succeeds`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
