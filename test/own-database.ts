// A database of a test file's own on the suite's server, for tests that touch every record of a kind (a chain
// reset, the migration history) and so must not share the suite's database: created and migrated before the
// file's tests, dropped after them.
import { afterAll, beforeAll, inject } from "vitest";
import pg from "pg";
import { applyMigrations } from "@/lib/db/migrate";

export function ownDatabase(prefix: string, options: { migrate: boolean }) {
  const server = new URL(inject("databaseUrl"));
  const name = `${prefix}_${Date.now()}`;
  const url = new URL(server);
  url.pathname = `/${name}`;
  const own = { url: url.toString(), client: new pg.Client({ connectionString: url.toString() }) };
  const admin = new pg.Client({ connectionString: server.toString() });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    if (options.migrate) await applyMigrations(own.url);
    await own.client.connect();
  }, 60_000);

  afterAll(async () => {
    await own.client.end().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
  });

  return own;
}
