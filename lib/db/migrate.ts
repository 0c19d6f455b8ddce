// Creates and applies Prisma migrations offline with Prisma's own schema engine compiled to wasm.
// `prisma migrate` would download a native engine; this sees the same history in `_prisma_migrations`.
import { readFileSync, readdirSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as bg from "@prisma/schema-engine-wasm/schema_engine_bg";

const root = resolve(import.meta.dirname, "../..");
const schemaDir = join(root, "prisma/schema");
const migrationsDir = join(root, "prisma/migrations");
const filters = { externalTables: [], externalEnums: [] };
const lockfile = 'provider = "postgresql"\n';

let wasmReady = false;
function loadWasm() {
  if (wasmReady) return;
  const require = createRequire(import.meta.url);
  const wasmPath = join(dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
  const module = new WebAssembly.Module(readFileSync(wasmPath));
  const instance = new WebAssembly.Instance(module, { "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports });
  (bg as unknown as { __wbg_set_wasm(e: WebAssembly.Exports): void }).__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  wasmReady = true;
}

function schemaFiles() {
  return readdirSync(schemaDir)
    .filter((f) => f.endsWith(".prisma"))
    .sort()
    .map((f) => ({ path: join(schemaDir, f), content: readFileSync(join(schemaDir, f), "utf8") }));
}

function migrationsList() {
  const dirs = existsSync(migrationsDir)
    ? readdirSync(migrationsDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
    : [];
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: lockfile },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: { path: "migration.sql", content: { tag: "ok" as const, value: readFileSync(join(migrationsDir, name, "migration.sql"), "utf8") } },
    })),
  };
}

async function withEngine<T>(url: string, fn: (engine: bg.SchemaEngine) => Promise<T>): Promise<T> {
  loadWasm();
  const files = schemaFiles();
  // Our own pool, closed when done: the engine's connections would otherwise stay open for the life of the
  // process, one of them holding Prisma's migration advisory lock, so the next migration of that database
  // (another instance starting, a test) would wait 10 s for it.
  const pool = new pg.Pool({ connectionString: url });
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg(pool) as never);
  const quiet = () => {};
  const engine = await bg.SchemaEngine.new({ datamodels: files.map((f) => [f.path, f.content]) }, quiet, adapter);
  try {
    return await fn(engine);
  } finally {
    engine.free();
    await pool.end();
  }
}

// The 53 migrations before the first release were squashed into one baseline; a database they built (a
// developer's) has the same schema, so it is recorded as having the baseline, as `prisma migrate resolve
// --applied` would. One made by an older history is told how to catch up.
const BASELINE = "20261127154202_baseline";
const LAST_BEFORE_BASELINE = "20261127115625_multisig_wallet_signatures";

async function adoptBaseline(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const table = await client.query(`SELECT to_regclass('_prisma_migrations') AS t`);
    if (!table.rows[0].t) return;
    const { rows } = await client.query<{ migration_name: string }>(
      `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const names = new Set(rows.map((r) => r.migration_name));
    if (!names.size || names.has(BASELINE)) return;
    if (!names.has(LAST_BEFORE_BASELINE)) {
      throw new Error(
        `this database was built by migrations older than the baseline ${BASELINE}: bring it up to date at commit 736b701 ` +
          `(npm run db:migrate), or recreate it (the embedded one: delete .data/)`,
      );
    }
    const checksum = createHash("sha256").update(readFileSync(join(migrationsDir, BASELINE, "migration.sql"))).digest("hex");
    await client.query(
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES (gen_random_uuid()::text, $1, $2, now(), now(), 1)`,
      [checksum, BASELINE],
    );
  } finally {
    await client.end();
  }
}

/** Applies every migration not yet recorded in `_prisma_migrations`; returns the names applied. */
export async function applyMigrations(url: string): Promise<string[]> {
  await adoptBaseline(url);
  return withEngine(url, async (engine) => {
    const out = await engine.applyMigrations({ migrationsList: migrationsList(), filters });
    return out.appliedMigrationNames;
  });
}

/**
 * The schema the committed migrations build: prisma/schema as of the last commit (a migration and the schema
 * change it is made from are committed together, so this holds across merges too). Migrations keep only
 * their SQL; a migration written but not yet committed would be diffed twice, so it is refused.
 */
function lastSnapshot(): { path: string; content: string }[] | null {
  if (!migrationsList().migrationDirectories.length) return null;
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
  const uncommitted = git("status", "--porcelain", "--", "prisma/migrations");
  if (uncommitted) throw new Error(`commit the migrations first, each with its schema change:\n${uncommitted}`);
  return git("ls-tree", "--name-only", "HEAD", "prisma/schema/")
    .split("\n")
    .filter((f) => f.endsWith(".prisma"))
    .sort()
    .map((f) => ({ path: join(root, f), content: git("show", `HEAD:${f}`) + "\n" }));
}

/**
 * SQL that takes the schema of the newest migration to the current schema ("" if none). Diffing two
 * datamodels needs no database, so this works offline and without a shadow database (the wasm engine
 * cannot read a replayed shadow database back through the pg adapter: "Column type 'char'").
 */
export async function pendingSchemaChange(): Promise<string> {
  // The engine opens a connection even for a datamodel diff; any reachable PostgreSQL will do.
  return withEngine(process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres", async (engine) => {
    const previous = lastSnapshot();
    const result = await engine.diff({
      from: previous ? { tag: "schemaDatamodel", files: previous } : { tag: "empty" },
      to: { tag: "schemaDatamodel", files: schemaFiles() },
      script: true,
      exitCode: null,
      filters,
    });
    return (result as unknown as { stdout: string }).stdout.replace(/^-- This is an empty migration\.\s*$/m, "").trim();
  });
}

/** Writes prisma/migrations/<timestamp>_<name>/migration.sql for the schema change, if any. */
export async function createMigration(name: string): Promise<string | null> {
  const sql = await pendingSchemaChange();
  if (!sql) return null;
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dir = join(migrationsDir, `${stamp}_${name.replace(/\W+/g, "_")}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "migration.sql"), sql + "\n");
  writeFileSync(join(migrationsDir, "migration_lock.toml"), "# Please do not edit this file manually\n" + lockfile);
  return dir;
}
