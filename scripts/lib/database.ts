// The database of a local run: DATABASE_URL when set, else the embedded PostgreSQL (scripts/lib/
// embedded-postgres.ts) with its cluster in <DATA_DIR>/postgres, on 127.0.0.1:EMBEDDED_DB_PORT (default
// 54329, beside a machine's own server on 5432), database EMBEDDED_DB_NAME. Migrations are applied either way.
import { join } from "node:path";
import { applyMigrations } from "../../lib/db/migrate";
import { shownPath, startEmbeddedPostgres } from "./embedded-postgres";
import { StartupError } from "./startup-error";

export const EMBEDDED_DB_DEFAULT_PORT = 54329;

export interface Database {
  url: string;
  /** For the ready banner: where the data is, never a password. */
  description: string;
  close(): Promise<void>;
}

export async function startDatabase(dataDir: string, log: (msg: string) => void): Promise<Database> {
  let database: Database;
  if (process.env.DATABASE_URL) {
    const { host } = new URL(process.env.DATABASE_URL);
    database = { url: process.env.DATABASE_URL, description: `PostgreSQL at ${host} (DATABASE_URL)`, close: async () => {} };
  } else {
    const server = await startEmbeddedPostgres({ dir: join(dataDir, "postgres"), port: Number(process.env.EMBEDDED_DB_PORT || EMBEDDED_DB_DEFAULT_PORT) });
    const name = process.env.EMBEDDED_DB_NAME || "token_platform";
    await server.ensureDatabase(name);
    database = {
      url: server.url(name),
      description: `embedded PostgreSQL ${server.version}, data in ${shownPath(server.dir)}, ${server.host}:${server.port} database ${name}`,
      close: server.stop,
    };
  }
  try {
    const applied = await applyMigrations(database.url);
    log(applied.length ? `applied migrations: ${applied.join(", ")}` : "database schema is up to date");
  } catch (error) {
    await database.close();
    throw new StartupError(`the database migrations did not apply: ${(error as Error).message}`);
  }
  return database;
}
