// Raw SQL for the executor's hot statements: pg directly (no query compilation per call), as named
// statements that PostgreSQL parses and plans once per connection (except on the embedded server,
// which multiplexes connections onto one session; see lib/db.ts hotQuery).
import type pg from "pg";
import { pool } from "@/lib/db";

export type Queryable = Pick<pg.PoolClient, "query">;

export function sql<R extends pg.QueryResultRow = Record<string, unknown>>(
  name: string,
  text: string,
  values: unknown[],
  client: Queryable = pool,
): Promise<pg.QueryResult<R>> {
  return process.env.DATABASE_EMBEDDED === "1" ? client.query<R>(text, values) : client.query<R>({ name: `jobs.${name}`, text, values });
}

/** Runs `work` in a transaction on one connection; rolls back if it throws. */
export async function transaction<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
  const client = await pool.connect();
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

/** A JSON parameter: objects go to PostgreSQL as text and are cast with ::jsonb / ::json in the statement. */
export const json = (value: unknown) => JSON.stringify(value ?? null);

/** "Now" as stored: timestamptz(3) would round now() up by up to half a millisecond, into the future. */
export const NOW = "date_trunc('milliseconds', now())";

/** Statuses a run never leaves. */
export const FINAL = "('completed', 'failed', 'cancelled')";
