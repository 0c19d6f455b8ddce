// Step of `postinstall`: the Solidity sources of `@chainlink/contracts@1.5.0` (price-feed and VRF v2.5 mocks
// and bases, compiled by scripts/build-contracts.ts like our own contracts). The package ships no bytecode, and
// its `npm install` fails offline (a git dependency), so its tarball is fetched from the registry with
// `npm pack` and only `src/v0.8/` is kept under .cache/chainlink-1.5.0/ (gitignored). Idempotent; one line.
// Plain JavaScript that any Node runs.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE = "@chainlink/contracts@1.5.0";
const INNER = "package/src/v0.8";
const root = fileURLToPath(new URL("..", import.meta.url));
const target = join(root, ".cache", "chainlink-1.5.0", "src", "v0.8");
const say = (line) => console.log(`[setup] ${line}`);

if (existsSync(target)) {
  say(`Chainlink sources present (${PACKAGE}, .cache/)`);
  process.exit(0);
}

const work = mkdtempSync(join(tmpdir(), "tp-chainlink-"));
try {
  const npm = process.env.npm_execpath
    ? spawnSync(process.execPath, [process.env.npm_execpath, "pack", PACKAGE, "--pack-destination", work, "--silent"], { cwd: work, encoding: "utf8" })
    : spawnSync("npm", ["pack", PACKAGE, "--pack-destination", work, "--silent"], { cwd: work, encoding: "utf8" });
  if (npm.status !== 0) throw new Error(`npm pack ${PACKAGE} failed: ${(npm.stderr || npm.stdout || String(npm.error)).trim()}`);
  const tarball = join(work, npm.stdout.trim().split("\n").pop());
  const tar = spawnSync("tar", ["xzf", tarball, "-C", work, INNER], { encoding: "utf8" });
  if (tar.status !== 0) throw new Error(`extracting ${INNER} failed: ${tar.stderr.trim()}`);
  mkdirSync(join(root, ".cache", "chainlink-1.5.0", "src"), { recursive: true });
  renameSync(join(work, INNER), target);
  say(`Chainlink sources fetched from the registry (${PACKAGE} → .cache/)`);
} catch (error) {
  // Only price feeds and VRF need them: the rest of the install goes on.
  say(`Chainlink sources not fetched (${error.message}); price feeds and VRF are unavailable until \`node scripts/fetch-chainlink.mjs\` succeeds`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
