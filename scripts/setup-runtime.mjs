// First step of `postinstall`. The project needs Node 22; on an older machine Node, npm has installed the
// devDependency `node` (node_modules/.bin/node, Node 22), which npm puts first on PATH for every script, but
// it skipped the optional platform packages whose engines need Node 22 (Hardhat's EDR binding…). This
// installs them with npm running on that Node 22 and says so in one line. On Node >= 22 it does nothing.
// Plain JavaScript that any Node runs: it must work before, and without, the project's Node 22.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bundledNode = join(root, "node_modules/.bin/node");
const say = (line) => console.log(`[setup] ${line}`);

// The Node that runs npm decides which packages npm skipped; `node` in this script is already the bundled one.
const machineNode = process.env.npm_node_execpath ?? process.execPath;
const machineVersion = nodeVersion(machineNode);
if (Number(machineVersion.split(".")[0]) >= 22) process.exit(0);

if (!existsSync(bundledNode)) {
  say(`Node v${machineVersion} is older than 22 and this project's Node 22 (devDependency \`node\`) is not installed: install with dev dependencies, or use Node 22`);
  process.exit(1);
}
const bundledVersion = nodeVersion(bundledNode);

const skippedBefore = missingPlatformPackages();
if (skippedBefore.length) {
  // A nested install re-runs this script, but then npm runs on Node 22 and it exits at once. --no-save keeps
  // package.json and package-lock.json as they are.
  const npm = process.env.npm_execpath
    ? spawnSync(bundledNode, [process.env.npm_execpath, ...npmInstallArgs()], { cwd: root, encoding: "utf8" })
    : spawnSync("npm", npmInstallArgs(), {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, PATH: `${dirname(bundledNode)}:${process.env.PATH}` },
      });
  if (npm.status !== 0) {
    process.stderr.write(`${npm.stdout}${npm.stderr}`);
    say(`Node v${machineVersion} is older than 22: completing ${skippedBefore.length} package(s) npm skipped on Node ${bundledVersion} failed (above)`);
    process.exit(1);
  }
}
const stillMissing = missingPlatformPackages();
const completed = skippedBefore.filter((name) => !stillMissing.includes(name));
say(
  `Node v${machineVersion} is older than 22: installed Node ${bundledVersion} for this project's scripts` +
    (skippedBefore.length ? ` and completed ${completed.length} native package(s) npm skipped (${completed.join(", ")})` : "") +
    (stillMissing.length ? `; still missing: ${stillMissing.join(", ")}` : ""),
);

function nodeVersion(executable) {
  const run = spawnSync(executable, ["-p", "process.versions.node"], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`${executable} does not run: ${run.stderr || run.error}`);
  return run.stdout.trim();
}

function npmInstallArgs() {
  return ["install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error"];
}

// Optional packages of the lockfile meant for this platform (os, cpu, libc) whose `engines` exclude the
// machine's Node and that are not on disk: npm skipped them.
function missingPlatformPackages() {
  // npm's own semver when npm runs this script, so ranges are read exactly as npm read them
  const semver = createRequire(process.env.npm_execpath ?? join(root, "package.json"))("semver");
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  const libc = process.platform === "linux" ? (process.report.getReport().header.glibcVersionRuntime ? "glibc" : "musl") : undefined;
  return Object.entries(lock.packages)
    .filter(([path, pkg]) => path.startsWith("node_modules/") && (pkg.optional || pkg.devOptional))
    .filter(([, pkg]) => allows(pkg.os, process.platform) && allows(pkg.cpu, process.arch) && allows(pkg.libc, libc))
    .filter(([, pkg]) => pkg.engines?.node && !semver.satisfies(machineVersion, pkg.engines.node, { includePrerelease: true }))
    .filter(([path]) => !existsSync(join(root, path, "package.json")))
    .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
}

// npm's `os`/`cpu`/`libc` lists: any listed value matches; a list of only `!value` entries matches the rest.
function allows(list, value) {
  if (!list) return true;
  const entries = [list].flat();
  if (value === undefined || entries.includes("any")) return true;
  if (entries.includes(`!${value}`)) return false;
  return entries.includes(value) || entries.every((entry) => entry.startsWith("!"));
}
