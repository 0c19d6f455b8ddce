// The embedded PostgreSQL of `npm run dev`: a real server (many connections, named statements on each),
// and a start that survives what a killed run leaves behind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { startDatabase } from "./database";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { freePort } from "./ports";

const root = resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(join(tmpdir(), "tp-embedded-pg-"));
chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the `postgres` user, which must reach its cluster
const clusterDir = join(dataDir, "postgres");
const saved = { DATABASE_URL: process.env.DATABASE_URL, EMBEDDED_DB_PORT: process.env.EMBEDDED_DB_PORT };

beforeAll(async () => {
  delete process.env.DATABASE_URL; // the embedded default is what startDatabase starts without it
  process.env.EMBEDDED_DB_PORT = String(await freePort());
});

afterAll(() => {
  Object.assign(process.env, saved);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Alive and not a zombie waiting to be reaped by whoever adopted it. */
const isRunning = (pid: number) => {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

describe("embedded PostgreSQL", () => {
  it("serves 20 queries at once on a pool of 10, named statements included", { timeout: 120_000 }, async () => {
    const database = await startDatabase(dataDir, () => {});
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // pool.end() resolves before its connections have closed: the server's shutdown may still reach them
    pool.on("error", () => {});
    try {
      const started = performance.now();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          pool.query({ name: "slow_echo", text: "SELECT pg_backend_pid() AS pid, $1::int + $2::int + $3::int AS sum, pg_sleep(0.5)", values: [i, 1, 2] }),
        ),
      );
      const seconds = (performance.now() - started) / 1000;
      expect(results.map((r) => r.rows[0].sum)).toEqual(Array.from({ length: 20 }, (_, i) => i + 3));
      expect(new Set(results.map((r) => r.rows[0].pid)).size).toBe(10);
      expect(seconds).toBeLessThan(20 * 0.5); // one connection at a time would take 10 s
      // the migrations were applied
      expect((await pool.query("SELECT count(*)::int AS n FROM _prisma_migrations")).rows[0].n).toBeGreaterThan(0);
    } finally {
      await pool.end();
      await database.close();
    }
  });

  it("starts after a run that was killed left its server running", { timeout: 120_000 }, async () => {
    const port = Number(process.env.EMBEDDED_DB_PORT);
    // a run that starts the server, then dies by SIGKILL: its PostgreSQL stays behind
    const run = spawn(process.execPath, ["--import", "tsx", "-e", `(async () => {
      const { startEmbeddedPostgres } = await import(${JSON.stringify(join(import.meta.dirname, "embedded-postgres.ts"))});
      await startEmbeddedPostgres({ dir: ${JSON.stringify(clusterDir)}, port: ${port} });
      console.log("started");
      setInterval(() => {}, 1000);
    })()`], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((ok) => run.stdout!.on("data", (d) => String(d).includes("started") && ok()));
    run.kill("SIGKILL");
    run.stdout!.destroy();
    const orphan = Number(readFileSync(join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
    await new Promise((r) => setTimeout(r, 200));
    expect(isRunning(orphan)).toBe(true);

    const server = await startEmbeddedPostgres({ dir: clusterDir, port });
    try {
      expect(isRunning(orphan)).toBe(false);
      await server.ensureDatabase("after_kill");
    } finally {
      await server.stop();
    }
  });

  it("starts when postmaster.pid names a process that is not PostgreSQL", { timeout: 60_000 }, async () => {
    // after a reboot, the stale lock file's process id may belong to anything: here, this test process
    writeFileSync(join(clusterDir, "postmaster.pid"), `${process.pid}\n${clusterDir}\n0\n${process.env.EMBEDDED_DB_PORT}\n\n127.0.0.1\n0 0\nready\n`);
    const server = await startEmbeddedPostgres({ dir: clusterDir, port: Number(process.env.EMBEDDED_DB_PORT) });
    await server.stop();
    expect(existsSync(join(clusterDir, "postmaster.pid"))).toBe(false);
  });

  it("names the taken port and the variable to change", async () => {
    const port = await freePort();
    const holder: Server = await new Promise((ok) => {
      const server = createServer().listen(port, "127.0.0.1", () => ok(server));
    });
    try {
      await expect(startEmbeddedPostgres({ dir: clusterDir, port })).rejects.toThrow(`the embedded PostgreSQL port 127.0.0.1:${port} is taken: set EMBEDDED_DB_PORT=…`);
    } finally {
      holder.close();
    }
  });
});
