// Raw SQL for the executor's hot statements: pg directly (no query compilation per call), as named
// statements that PostgreSQL parses and plans once per connection (except on the embedded server,
// which multiplexes connections onto one session; see lib/db.ts hotQuery).
import type pg from "pg";
import { hotQuery, type Queryable } from "@/lib/db";

export { transaction, type Queryable } from "@/lib/db";

export function sql<R extends pg.QueryResultRow = Record<string, unknown>>(
  name: string,
  text: string,
  values: unknown[],
  client?: Queryable,
): Promise<pg.QueryResult<R>> {
  return hotQuery<R>(`jobs.${name}`, text, values, client);
}

/** A JSON parameter: objects go to PostgreSQL as text and are cast with ::jsonb / ::json in the statement. */
export const json = (value: unknown) => JSON.stringify(value ?? null);

/** "Now" as stored: timestamptz(3) would round now() up by up to half a millisecond, into the future. */
export const NOW = "date_trunc('milliseconds', now())";

/** Statuses a run never leaves. */
export const FINAL = "('completed', 'failed', 'cancelled')";
