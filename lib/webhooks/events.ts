// GET /v1/events: what was emitted, so an integrator can fetch an event a webhook missed. A caller sees
// events of its key's mode plus those of no mode (auth, api keys, wallet).
import { db, type Prisma } from "@/lib/db";
import { notFound } from "@/lib/core/errors";
import { paginate } from "@/lib/core/pagination";
import type { ListParams } from "@/lib/schemas/common";
import type { Scope } from "@/lib/core/scope";
import { serializeEvent } from "./serialize";

const inScope = (scope: Scope): Prisma.EventWhereInput => ({
  tenantId: scope.tenantId,
  OR: [{ livemode: null }, { livemode: scope.livemode }],
});

export function listEvents(scope: Scope, params: ListParams & { type?: string }) {
  const type = params.type?.endsWith(".*") ? { startsWith: params.type.slice(0, -1) } : params.type;
  return paginate(db.event, { ...inScope(scope), ...(type ? { type } : {}) }, params, serializeEvent);
}

export async function getEvent(scope: Scope, id: string) {
  const event = await db.event.findFirst({ where: { id, ...inScope(scope) } });
  if (!event) throw notFound("event", id);
  return serializeEvent(event);
}
