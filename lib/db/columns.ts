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
