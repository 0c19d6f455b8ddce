// The one Prisma client and the pg pool under it. DATABASE_URL is set by the operator, or by
// scripts/dev.ts for the embedded server. The request wrapper's hot path uses the pool directly.
// Connecting is deferred to first use, so importing a route module (as `next build` does) needs no database.
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
const connection = () => (globalForDb.database ??= connect());

function lazy<T extends object>(get: () => T): T {
  return new Proxy({} as T, {
    get(_, property) {
      const target = get();
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export const db: PrismaClient = lazy(() => connection().db);
export const pool: pg.Pool = lazy(() => connection().pool);

/**
 * A hot-path query as a named statement, so PostgreSQL parses and plans it once per connection. Not on
 * the embedded server: it multiplexes every connection onto one session, where the names would collide.
 */
export function hotQuery(name: string, text: string, values: unknown[]) {
  return process.env.DATABASE_EMBEDDED === "1" ? pool.query(text, values) : pool.query({ name, text, values });
}

export { Prisma } from "@/lib/generated/prisma/client";
