// POST /v1/batch: each operation is dispatched to its route handler as a Request of its own, with the
// batch's credential, so it gets the same authentication, validation, idempotency and tenant scope as if
// sent alone. The batch counts once toward the batch limit (the route's policy) and once toward the
// general limit (taken here, under its tenant's plan, as its other requests); its operations take
// no slots (markUnmetered). Toward the plan's monthly API calls, though, an API-key batch counts each
// operation (the batch request counts as the first, each further one is counted before it runs; one beyond the
// quota answers 402 in its own result).
import type { z } from "zod";
import { ApiError } from "@/lib/core/errors";
import { markUnmetered, planPolicy } from "@/lib/api/credentials";
import { type Caller } from "@/lib/core/scope";
import { policies, rateLimitHeaders, takeSlot } from "@/lib/http/rate-limit";
import { resolveHandler } from "@/lib/api/dispatch";
import { markUnlogged } from "@/lib/api/request-log";
import { countBatchOperation } from "@/lib/billing/quotas/api-calls";
import { FORWARDING_HEADERS } from "@/lib/http/client-ip";
import type { BatchInput } from "@/lib/schemas/batch";

type Operation = z.output<typeof BatchInput>["operations"][number];

export interface OperationResult {
  status: number;
  body: unknown;
}

export async function runBatch(request: Request, caller: Caller, operations: Operation[]) {
  await takeGeneralSlot(caller);
  const results: OperationResult[] = [];
  for (const [index, operation] of operations.entries()) {
    const refused = index > 0 && caller.apiKey ? await countBatchOperation(caller.tenantId) : null;
    results.push(refused ? { status: refused.status, body: refused.body } : await runOperation(request, operation));
  }
  return { object: "batch" as const, results };
}

// The batch takes its general slot under the tenant's plan's limit, as its other requests do (../api/credentials).
async function takeGeneralSlot(caller: Caller) {
  const general = await takeSlot(caller.tenantId, await planPolicy(caller.tenantId, policies.general));
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
  for (const name of ["authorization", ...FORWARDING_HEADERS]) {
    const value = batch.headers.get(name);
    if (value) headers.set(name, value);
  }
  const body = operation.body === undefined ? undefined : JSON.stringify(operation.body);
  if (body !== undefined) headers.set("content-type", "application/json");

  const { handler, params } = await resolveHandler(url.pathname, operation.method);
  const request = markUnlogged(markUnmetered(new Request(url, { method: operation.method, headers, body })));
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

