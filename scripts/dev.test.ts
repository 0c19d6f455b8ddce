// What `npm start` / `npm run dev` (scripts/dev.ts) say when they cannot start: one line naming the part
// and the fix, exit code 1, and nothing left running.
import { describe, expect, inject, it } from "vitest";
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { firstUntraversable } from "./lib/embedded-postgres";
import { freePort, portIsFree } from "./lib/ports";

const root = resolve(import.meta.dirname, "..");

/** Runs a command of the project with `env` over a clean copy of this environment; its exit code and output. */
function run(command: string, args: string[], env: Record<string, string | undefined>) {
  const dataDir = mkdtempSync(join(tmpdir(), "tp-dev-test-"));
  chmodSync(dataDir, 0o755);
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOCAL_CHAIN_RPC_URL: undefined, ...env };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  const child = spawn(command, args, { cwd: root, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise<{ code: number | null; stdout: string; stderr: string; dataDir: string; leftovers: boolean }>((ok) =>
    child.on("exit", (code) => {
      const leftovers = existsSync(join(dataDir, "postgres")) || existsSync(join(dataDir, "secrets.json"));
      rmSync(dataDir, { recursive: true, force: true });
      ok({ code, stdout, stderr, dataDir, leftovers });
    }),
  );
}

const devScript = (env: Record<string, string | undefined>) => run(join(root, "node_modules/.bin/tsx"), ["scripts/dev.ts"], env);

async function holdPort(port: number): Promise<Server> {
  return new Promise((ok) => {
    const server = createServer().listen(port, "127.0.0.1", () => ok(server));
  });
}

describe("npm start in production", () => {
  it("refuses to start without AUTH_SECRET and ENCRYPTION_KEY from the environment, before starting anything", { timeout: 120_000 }, async () => {
    const result = await run("npm", ["start"], { AUTH_SECRET: undefined, ENCRYPTION_KEY: undefined, DATABASE_URL: undefined, PORT: String(await freePort()) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "[dev] production (npm start, NODE_ENV=production) needs AUTH_SECRET and ENCRYPTION_KEY (32+ characters) from the environment; generated ones are for development only",
    );
    expect(result.leftovers).toBe(false); // no database started, no secrets generated into DATA_DIR
  });

  it("refuses a short ENCRYPTION_KEY under NODE_ENV=production", { timeout: 60_000 }, async () => {
    const result = await devScript({ NODE_ENV: "production", ENCRYPTION_KEY: "short", PORT: String(await freePort()) });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/\[dev\] production .* needs ENCRYPTION_KEY \(32\+ characters\) from the environment/);
    expect(result.leftovers).toBe(false);
  });
});

describe("npm run dev with a port taken", () => {
  it("names the app port and PORT", { timeout: 60_000 }, async () => {
    const port = await freePort();
    const holder = await holdPort(port);
    try {
      const result = await devScript({ PORT: String(port), DATABASE_URL: undefined });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(`[dev] the app port 127.0.0.1:${port} is taken: set PORT=…`);
      expect(result.leftovers).toBe(false); // checked before the database started
    } finally {
      holder.close();
    }
  });

  it("names the embedded PostgreSQL port and EMBEDDED_DB_PORT", { timeout: 60_000 }, async () => {
    const port = await freePort();
    const holder = await holdPort(port);
    try {
      const result = await devScript({ PORT: String(await freePort()), DATABASE_URL: undefined, EMBEDDED_DB_PORT: String(port) });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(`[dev] the embedded PostgreSQL port 127.0.0.1:${port} is taken: set EMBEDDED_DB_PORT=…`);
    } finally {
      holder.close();
    }
  });

  it("names the local chain port, LOCAL_CHAIN_PORT and LOCAL_CHAIN_RPC_URL, and stops the database it started", { timeout: 120_000 }, async () => {
    const chainPort = await freePort();
    const databasePort = await freePort();
    const holder = await holdPort(chainPort);
    try {
      const result = await devScript({ PORT: String(await freePort()), DATABASE_URL: undefined, EMBEDDED_DB_PORT: String(databasePort), LOCAL_CHAIN_PORT: String(chainPort) });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `[dev] the local chain did not start on 127.0.0.1:${chainPort} (port taken?): set LOCAL_CHAIN_PORT=… or LOCAL_CHAIN_RPC_URL=…`,
      );
      expect(await portIsFree(databasePort)).toBe(true); // the embedded PostgreSQL was stopped again
    } finally {
      holder.close();
    }
  });

  it("says when LOCAL_CHAIN_RPC_URL does not answer, without printing its path", { timeout: 60_000 }, async () => {
    const port = await freePort();
    const result = await devScript({ PORT: String(await freePort()), DATABASE_URL: inject("databaseUrl"), LOCAL_CHAIN_RPC_URL: `http://127.0.0.1:${port}/secret-key` });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `[dev] the chain at LOCAL_CHAIN_RPC_URL (http://127.0.0.1:${port}) does not answer eth_blockNumber: start it, or unset LOCAL_CHAIN_RPC_URL to start one here`,
    );
  });
});

// As root, PostgreSQL runs as the `postgres` user: a checkout or DATA_DIR under a directory only root may
// enter (a home directory of mode 0700) used to end in initdb's "Permission denied", or, for the binaries in
// node_modules, an uncaught `spawn … initdb EACCES` stack.
describe.runIf(process.getuid?.() === 0)("npm run dev as root under a directory others cannot traverse", () => {
  it("says in one line that the embedded PostgreSQL cannot enter it, and the fix", { timeout: 60_000 }, async () => {
    const closed = mkdtempSync(join(tmpdir(), "tp-closed-")); // mode 0700
    try {
      const result = await devScript({ PORT: String(await freePort()), DATABASE_URL: undefined, EMBEDDED_DB_PORT: String(await freePort()), DATA_DIR: join(closed, "data") });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `[dev] the embedded PostgreSQL cannot start: as root it runs as the \`postgres\` user, which cannot enter ${closed}: ` +
          `move the checkout and DATA_DIR under directories others can traverse (or chmod o+x ${closed}), or set DATABASE_URL=… to use another PostgreSQL`,
      );
      expect(existsSync(join(closed, "data", "postgres"))).toBe(false); // refused before anything was made
    } finally {
      rmSync(closed, { recursive: true, force: true });
    }
  });

  it("finds the directory that blocks the server's binaries as well as its data", () => {
    const closed = mkdtempSync(join(tmpdir(), "tp-closed-"));
    try {
      const bin = join(closed, "node_modules", "bin");
      mkdirSync(bin, { recursive: true });
      chmodSync(join(closed, "node_modules"), 0o755);
      expect(firstUntraversable([bin])).toBe(closed);
      chmodSync(closed, 0o711);
      expect(firstUntraversable([bin])).toBeUndefined();
    } finally {
      rmSync(closed, { recursive: true, force: true });
    }
  });
});
