// The database of a local run: DATABASE_URL when set, else Prisma's embedded Postgres (PGlite behind the
// Postgres wire protocol), whose data persists by name across restarts. Migrations are applied either way.
import { startPrismaDevServer } from "@prisma/dev";
import { applyMigrations } from "../../lib/db/migrate";

export async function startDatabase(name: string, log: (msg: string) => void) {
  let url = process.env.DATABASE_URL;
  let close = async () => {};
  if (!url) {
    // @prisma/dev reads PORT for its own HTTP server; PORT is the app's, so hide it while starting.
    const appPort = process.env.PORT;
    delete process.env.PORT;
    const databasePort = process.env.EMBEDDED_DB_PORT ? Number(process.env.EMBEDDED_DB_PORT) : undefined;
    const server = await startPrismaDevServer({ name, persistenceMode: "stateful", databasePort }).finally(() => {
      if (appPort !== undefined) process.env.PORT = appPort;
    });
    url = server.database.connectionString;
    close = () => server.close();
    log(`embedded PostgreSQL "${name}" on ${new URL(url).host}`);
  } else {
    log(`PostgreSQL from DATABASE_URL (${new URL(url).host})`);
  }
  const applied = await applyMigrations(url);
  log(applied.length ? `applied migrations: ${applied.join(", ")}` : "database schema is up to date");
  return { url, close, embedded: !process.env.DATABASE_URL };
}
