// POST /v1/batch: each operation is dispatched to its route handler as a Request of its own, with the
// batch's credential, so it gets the same authentication, validation, idempotency and tenant scope as if
// sent alone. The batch counts once toward the batch limit (the route's policy) and once toward the
// general limit (taken here); its operations take no slots (markUnmetered).
import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { markUnmetered, type Caller } from "@/lib/api/credentials";
import { policies, rateLimitHeaders, takeSlot } from "@/lib/api/rate-limit";
import { routeModules } from "@/lib/api/route-modules.generated";
import { matchRoute } from "@/lib/api/routing";
import type { RouteHandler } from "@/lib/api/handler";
import type { BatchInput } from "@/lib/schemas/batch";

type Operation = z.output<typeof BatchInput>["operations"][number];

export interface OperationResult {
  status: number;
  body: unknown;
}

export async function runBatch(request: Request, caller: Caller, operations: Operation[]) {
  await takeGeneralSlot(caller.tenantId);
  const results: OperationResult[] = [];
  for (const operation of operations) results.push(await runOperation(request, operation));
  return { object: "batch" as const, results };
}

async function takeGeneralSlot(tenantId: string) {
  const general = await takeSlot(tenantId, policies.general);
  if (general.allowed) return;
  throw new ApiError(
    429,
    "rate_limit_error",
    "rate_limit_exceeded",
    `Too many requests: a batch also counts toward the general limit of ${general.policy.limit} per ${general.policy.windowSeconds} seconds. Retry in ${general.retryAfter} seconds.`,
    undefined,
    { "Retry-After": rateLimitHeaders(general)["Retry-After"] },
  );
}

async function runOperation(batch: Request, operation: Operation): Promise<OperationResult> {
  const url = new URL(operation.path, batch.url);
  const headers = new Headers();
  for (const name of ["authorization", "x-forwarded-for", "x-real-ip"]) {
    const value = batch.headers.get(name);
    if (value) headers.set(name, value);
  }
  const body = operation.body === undefined ? undefined : JSON.stringify(operation.body);
  if (body !== undefined) headers.set("content-type", "application/json");

  const { handler, params } = await resolve(url.pathname, operation.method, headers);
  const request = markUnmetered(new Request(url, { method: operation.method, headers, body }));
  const response = await handler(request, { params: Promise.resolve(params) });
  const text = await response.text();
  return { status: response.status, body: parseBody(text) };
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text; // every /v1 route answers JSON; a text body is passed on rather than failing the batch
  }
}

/** The route handler for the path and method, as Next.js would pick it; unknown ones get the 404/405 handler. */
async function resolve(pathname: string, method: string, headers: Headers) {
  const route = matchRoute(pathname);
  if (route && route.methods.includes(method)) {
    const handler = (await routeModules[route.path]())[method] as RouteHandler;
    const params: Record<string, string> = {};
    const names = route.path.split("/");
    pathname.split("/").forEach((part, i) => {
      const name = /^\[(\w+)\]$/.exec(names[i] ?? "")?.[1];
      if (name) params[name] = safeDecode(part);
    });
    return { handler, params };
  }
  headers.set("x-unmatched-path", pathname);
  headers.set("x-unmatched-method", method);
  headers.set("x-unmatched-allow", route ? route.methods.join(", ") : "");
  const handler = (await import("@/app/api/unmatched/route"))[method as "GET"] as RouteHandler;
  return { handler, params: {} };
}

function safeDecode(part: string) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
