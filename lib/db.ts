// The one Prisma client and the pg pool under it. DATABASE_URL is set by the operator, or by
// scripts/dev.ts for the embedded server. The request wrapper's hot path uses the pool directly.
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

function connect() {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: start the app with `npm run dev` or set it");
  const pool = new pg.Pool({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  return { pool, db: new PrismaClient({ adapter: new PrismaPg(pool) }) };
}

const globalForDb = globalThis as unknown as { database?: ReturnType<typeof connect> };
const database = (globalForDb.database ??= connect());

export const db: PrismaClient = database.db;
export const pool: pg.Pool = database.pool;

export { Prisma } from "@/lib/generated/prisma/client";
