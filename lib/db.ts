// The one Prisma client and the pg pool under it. DATABASE_URL is set by the operator, or by
// scripts/dev.ts for the embedded PostgreSQL. The request wrapper's hot path uses the pool directly.
// Connecting is deferred to first use, so importing a route module (as `next build` does) needs no database.
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

function connect() {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: start the app with `npm run dev` or set it");
  const { size, connectTimeoutMs, transactionMaxWaitMs, transactionTimeoutMs } = poolSettings();
  // A connection is waited for at most connectTimeoutMs (pg's default is for ever): past it, the statement
  // fails and the request answers 503 with Retry-After (lib/db/unavailable), as a transaction that cannot start does.
  const common = { connectionString, connectionTimeoutMillis: connectTimeoutMs };
  const pool = new pg.Pool({ ...common, max: size });
  const sidePoolSize = Math.max(2, Math.ceil(size / 2));
  // Rate-limit counters (and an API key's last use) are written by every request and worth nothing after a
  // crash: their commits need not wait for the disk, so they use connections with synchronous_commit off.
  const metering = new pg.Pool({ ...common, max: sidePoolSize, options: "-c synchronous_commit=off", allowExitOnIdle: true });
  // The wallet runs (lib/chain/eoa) have their own connections: their statements (a pass's nonces and
  // signatures, its endings) never wait behind a burst of requests queued in the request pool.
  const chain = new pg.Pool({ ...common, max: sidePoolSize, allowExitOnIdle: true });
  // An idle connection the server closes (a restart, a shutdown) is dropped by the pool; unhandled, its
  // error would end the process.
  for (const p of [pool, metering, chain]) p.on("error", (error) => console.warn(`database: idle connection closed (${error.message})`));
  // Prisma's defaults (maxWait 2 s, timeout 5 s) fail an interactive transaction that queued 2 s for a
  // connection on a loaded machine, while a plain statement would have waited longer: both wait alike here.
  const transactionOptions = { maxWait: transactionMaxWaitMs, timeout: transactionTimeoutMs };
  return { pool, metering, chain, db: new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions }) };
}

/** Pool size and waits per app instance, from the environment (README, Configuration). */
export function poolSettings(env: Record<string, string | undefined> = process.env) {
  const number = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got ${JSON.stringify(env[name])})`);
    return value;
  };
  const connectTimeoutMs = number("DATABASE_CONNECT_TIMEOUT_MS", 10_000);
  return {
    size: number("DATABASE_POOL_SIZE", 10),
    connectTimeoutMs,
    transactionMaxWaitMs: number("DATABASE_TRANSACTION_MAX_WAIT_MS", connectTimeoutMs),
    transactionTimeoutMs: number("DATABASE_TRANSACTION_TIMEOUT_MS", 15_000),
  };
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
/** Only for statements whose writes may be lost in a crash (rate-limit counters): see connect(). */
export const meteringPool: pg.Pool = lazy(() => connection().metering);

/** The wallet runs' own connections (see connect()). */
export const chainPool: pg.Pool = lazy(() => connection().chain);

/** Closes the pools (if they were ever opened). */
export async function closePools() {
  const open = globalForDb.database;
  if (open) await Promise.all([open.pool.end(), open.metering.end(), open.chain.end()]);
}

/** A pool, or a connection inside a transaction (see `transaction`). */
export type Queryable = Pick<pg.PoolClient, "query">;

/** A hot-path query as a named statement, so PostgreSQL parses and plans it once per connection. */
// Rows default to `any`, as with pool.query itself.
export function hotQuery<R extends pg.QueryResultRow = any>(
  name: string,
  text: string,
  values: unknown[],
  client: Queryable = pool,
): Promise<pg.QueryResult<R>> {
  return client.query<R>({ name, text, values });
}

/** Runs `work` in a transaction on one connection of `on`; rolls back if it throws. */
export async function transaction<T>(work: (client: Queryable) => Promise<T>, on: pg.Pool = pool): Promise<T> {
  const client = await on.connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch((e: Error) => (broken = e));
    throw error;
  } finally {
    client.release(broken);
  }
}

export { Prisma } from "@/lib/generated/prisma/client";
