import { defineConfig } from "prisma/config";

// The schema is split per area (prisma/schema/*.prisma); migrations are applied offline by scripts/db-migrate.ts.
export default defineConfig({
  schema: "prisma/schema",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://127.0.0.1:5432/unused" },
});
