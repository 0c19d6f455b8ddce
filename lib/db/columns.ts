// Select lists that return rows in the shape of Prisma's models (camelCase keys, UTC dates), for the
// few hot paths that query the pool directly instead of going through Prisma.
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `tenant_id AS "tenantId", …`; `dates` are UTC `timestamp` columns, read back as Date objects. */
export function selectList(fields: readonly string[], dates: readonly string[] = []) {
  return [
    ...fields.map((f) => (snake(f) === f ? f : `${snake(f)} AS "${f}"`)),
    ...dates.map((f) => `${snake(f)} AT TIME ZONE 'UTC' AS "${f}"`),
  ].join(", ");
}

/**
 * Updates row `id` of `table` (`set`: assignments whose parameters, `values`, start at $2) and stamps updated_at (UTC);
 * answers the row as `columns` select it, or undefined when there is none.
 */
export async function updateRow<T>(client: { query: (sql: string, values: unknown[]) => Promise<{ rows: unknown[] }> }, table: string, columns: string, id: string | undefined, set: string, values: unknown[] = []) {
  const { rows } = await client.query(`UPDATE ${table} SET ${set}, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1 RETURNING ${columns}`, [id, ...values]);
  return rows[0] as T | undefined;
}
