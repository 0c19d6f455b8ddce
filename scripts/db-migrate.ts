// npm run db:migrate                      apply pending migrations to DATABASE_URL
// npm run db:new-migration -- <name>      write a migration for the change of prisma/schema (offline)
import { applyMigrations, createMigration } from "../lib/db/migrate";

const create = process.argv.indexOf("--create");
const url = process.env.DATABASE_URL;
if (create >= 0) {
  const dir = await createMigration(process.argv[create + 1] ?? "change");
  console.log(dir ? `wrote ${dir}` : "schema and migrations agree: nothing to write");
} else if (!url) {
  console.error("DATABASE_URL is not set (npm run dev migrates the embedded database by itself)");
  process.exit(1);
} else {
  const applied = await applyMigrations(url);
  console.log(applied.length ? `applied ${applied.join(", ")}` : "database is up to date");
}
