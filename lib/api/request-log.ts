// The request log's one hook in the wrapper (lib/api/handler): once the answer is built, a /v1 request of a
// known tenant is handed to lib/request-log, which writes it later, batched, outside the request's
// transaction and time. Operations of a batch are not logged on their own: the batch request is, with them
// in its body (lib/batch marks them).
import { scopeOf, type Caller } from "@/lib/core/scope";
import { recordApiRequest } from "@/lib/request-log/record";
import { requestBody, responseText } from "./raw-bodies";

const unlogged = new WeakSet<Request>();

/** A request made inside another (a batch's operation): the outer request is the one logged. */
export function markUnlogged(request: Request): Request {
  unlogged.add(request);
  return request;
}

const decoder = new TextDecoder();

export function logApiRequest(request: Request, response: Response, requestId: string, caller: Caller | null, startedAt: number): void {
  if (!caller || unlogged.has(request)) return;
  const url = new URL(request.url);
  if (!url.pathname.startsWith("/v1/")) return;
  const raw = requestBody(request); // the body as the wrapper read it (lib/api/body); undefined when it was not read
  const body = raw?.byteLength ? decoder.decode(raw) : undefined;
  const durationMs = performance.now() - startedAt;
  recordApiRequest({
    id: requestId,
    tenantId: caller.tenantId,
    livemode: scopeOf(caller).livemode,
    method: request.method,
    path: url.pathname,
    query: url.search.slice(1),
    status: response.status,
    durationMs,
    apiKeyId: caller.apiKey?.id,
    userId: caller.userId,
    idempotencyKey: request.headers.get("idempotency-key") ?? undefined,
    requestBody: body,
    responseBody: responseText(response) ?? undefined,
    at: new Date(Date.now() - durationMs), // when it arrived, as its time-sortable id says
  });
}
