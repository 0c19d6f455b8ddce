// Reading the request log (console only, an addition to the spec): the caller's tenant and mode, newest
// first, filtered by status class, method, path and day; another tenant's or mode's request is not found.
import { db, type Prisma } from "@/lib/db";
import { paginate, type ListParams } from "@/lib/core/pagination";
import { unixSeconds } from "@/lib/core/ids";
import type { Scope } from "@/lib/core/scope";
import type { ApiRequestLog } from "@/lib/generated/prisma/client";
import { findScoped } from "@/lib/chain/intake/resource-rows";

export const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];
export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

export interface RequestLogFilters {
  status?: StatusClass;
  method?: string;
  /** Part of the path, any case. */
  path?: string;
  /** A UTC day, YYYY-MM-DD. */
  date?: string;
}

/** Who made the request: an API key (its name and the secret's last four characters) or a console user. */
export interface RequestActor {
  kind: "api_key" | "user" | "unknown";
  id: string | null;
  label: string;
}

/** `bodies`: the texts by id, for one request's page; a list leaves them out (null). */
export const serializeRequest = (r: ApiRequestLog, actor: RequestActor, bodies = new Map<string, string>()) => ({
  id: r.id,
  method: r.method,
  path: r.path,
  query: r.query,
  status: r.status,
  duration_ms: r.durationMs,
  actor,
  idempotency_key: r.idempotencyKey,
  request_body: (r.requestBodyId && bodies.get(r.requestBodyId)) ?? null,
  response_body: (r.responseBodyId && bodies.get(r.responseBodyId)) ?? null,
  livemode: r.livemode,
  created: unixSeconds(r.createdAt),
});

export type LoggedRequest = ReturnType<typeof serializeRequest>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function whereOf(scope: Scope, filters: RequestLogFilters): Prisma.ApiRequestLogWhereInput {
  const where: Prisma.ApiRequestLogWhereInput = { tenantId: scope.tenantId, livemode: scope.livemode };
  if (filters.status) {
    const floor = Number(filters.status[0]) * 100;
    where.status = { gte: floor, lt: floor + 100 };
  }
  if (filters.method) where.method = filters.method.toUpperCase();
  if (filters.path) where.path = { contains: filters.path, mode: "insensitive" };
  if (filters.date && DAY.test(filters.date) && !Number.isNaN(Date.parse(`${filters.date}T00:00:00Z`))) {
    const start = new Date(`${filters.date}T00:00:00Z`);
    where.createdAt = { gte: start, lt: new Date(start.getTime() + 86_400_000) };
  }
  return where;
}

async function actorsOf(scope: Scope, rows: ApiRequestLog[]): Promise<Map<string, RequestActor>> {
  const keyIds = [...new Set(rows.flatMap((r) => (r.apiKeyId ? [r.apiKeyId] : [])))];
  const userIds = [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))];
  const [keys, users] = await Promise.all([
    keyIds.length ? db.apiKey.findMany({ where: { id: { in: keyIds }, tenantId: scope.tenantId }, select: { id: true, name: true, environment: true, secretLast4: true } }) : [],
    userIds.length ? db.user.findMany({ where: { id: { in: userIds }, tenantId: scope.tenantId }, select: { id: true, email: true } }) : [],
  ]);
  const actors = new Map<string, RequestActor>();
  for (const k of keys) actors.set(k.id, { kind: "api_key", id: k.id, label: `${k.name} (sk_${k.environment}_…${k.secretLast4})` });
  for (const u of users) actors.set(u.id, { kind: "user", id: u.id, label: u.email });
  return actors;
}

const actorOf = (r: ApiRequestLog, actors: Map<string, RequestActor>): RequestActor => {
  const id = r.apiKeyId ?? r.userId;
  return (id && actors.get(id)) || { kind: r.apiKeyId ? "api_key" : r.userId ? "user" : "unknown", id, label: id ?? "unknown" };
};

export async function listRequests(scope: Scope, filters: RequestLogFilters, params: ListParams) {
  const page = await paginate(db.apiRequestLog, whereOf(scope, filters), params, (r) => r);
  const actors = await actorsOf(scope, page.data);
  return { ...page, data: page.data.map((r) => serializeRequest(r, actorOf(r, actors))) };
}

export async function getRequest(scope: Scope, id: string) {
  const row = await findScoped(db.apiRequestLog, scope, id, "request");
  const bodyIds = [row.requestBodyId, row.responseBodyId].filter((b): b is string => b !== null);
  const [actors, bodies] = await Promise.all([actorsOf(scope, [row]), bodyIds.length ? db.apiRequestBody.findMany({ where: { id: { in: bodyIds } } }) : []]);
  return serializeRequest(row, actorOf(row, actors), new Map(bodies.map((b) => [b.id, b.text])));
}
