// The production build the tests that boot the app share (the browser tests, the fault tests with several
// instances): `npm run build` into its own dist dir, redone only when a source file is newer than it.
//   E2E_BUILD=1       always rebuild
//   E2E_SKIP_BUILD=1  reuse the last build whatever changed since
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");
export const testDistDir = process.env.E2E_DIST_DIR ?? ".next-e2e";

const SOURCES = ["app", "components", "lib", "inngest", "contracts", "prisma", "instrumentation.ts", "next.config.ts", "package.json", "tsconfig.json"];

/** The newest modification time of the files the build reads (tests aside). */
function newestSource(path = root, names = SOURCES): number {
  let newest = 0;
  for (const name of names) {
    const full = join(path, name);
    if (!existsSync(full)) continue;
    const stat = statSync(full);
    if (stat.isDirectory()) {
      if (name === "node_modules" || name.startsWith(".") || name === "generated") continue;
      newest = Math.max(newest, newestSource(full, readdirSync(full)));
    } else if (!/\.test\.tsx?$/.test(name)) newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

/** Why the build must be redone, or null when the last one is current. */
export function buildNeeded(distDir = testDistDir): string | null {
  const id = join(root, distDir, "BUILD_ID");
  if (process.env.E2E_BUILD) return "E2E_BUILD is set";
  if (!existsSync(id)) return "no build yet";
  if (process.env.E2E_SKIP_BUILD) return null;
  return newestSource() > statSync(id).mtimeMs ? "sources changed since the last build" : null;
}

/** Builds into `distDir` when needed; the build's output goes to `logFile`. */
export async function ensureBuild(logFile: string, log: (msg: string) => void, distDir = testDistDir): Promise<void> {
  const reason = buildNeeded(distDir);
  if (!reason) return log(`reusing the build in ${distDir} (no source changed since)`);
  log(`building into ${distDir} (npm run build: ${reason})…`);
  const started = Date.now();
  await new Promise<void>((ok, fail) => {
    let output = "";
    const child = spawn("npm", ["run", "build"], {
      cwd: root,
      env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => {
      writeFileSync(logFile, output);
      if (code === 0) ok();
      else fail(new Error(`npm run build failed (${code}); see ${logFile}:\n${output.slice(-4000)}`));
    });
  });
  log(`built in ${Math.round((Date.now() - started) / 1000)} s`);
}
