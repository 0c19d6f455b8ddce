// The OpenAPI 3.1 document, generated from the same zod schemas the route wrapper validates with.
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { routeModules } from "./route-modules.generated";
import { routeTable } from "./route-table.generated";
import type { RouteHandler } from "./handler";
import { ErrorEnvelope } from "@/lib/schemas/common";
import { ORIGIN_NOT_ALLOWED } from "@/lib/connect/end-users/cors";
import { minimumRole } from "./access";
import { operationId } from "./operation-ids";
import { API_TAGS } from "./tags";

const QUOTA_EXCEEDED =
  "Quota exceeded (`quota_exceeded`): the plan's API calls, chain writes, deployed contracts or webhook endpoints; the message names the limit, the use and the upgrade (POST /v1/billing/checkout)";

const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: ErrorEnvelope } } });

const rateLimitHeaders = {
  "X-RateLimit-Limit": { description: "Requests allowed in the window", schema: { type: "integer" as const } },
  "X-RateLimit-Remaining": { description: "Requests left in the window", schema: { type: "integer" as const } },
  "X-RateLimit-Reset": { description: "Unix time when a slot frees up", schema: { type: "integer" as const } },
  "X-RateLimit-Policy": { description: "`<limit>;w=<window seconds>`", schema: { type: "string" as const } },
  "Request-Id": { description: "Id of this request, for support", schema: { type: "string" as const } },
};

/** Who may call it, in a sentence: every operation's description ends with it. */
function access(method: string, meta: RouteHandler["meta"]): string {
  if (meta.adminSecret) return "Needs the platform's admin secret (X-Admin-Secret).";
  if (meta.auth === "none") return "No authentication.";
  const role = `a member's session token with at least the ${minimumRole(method, meta.role)} role`;
  if (meta.auth === "session") return `Needs ${role}.`;
  if (meta.auth === "any") return `Needs an API key (its mode's data) or ${role}.`;
  return "Needs an API key; it sees and changes its own mode's data (test or live).";
}

/** The route's own description, or its summary as a sentence; then who may call it. */
function describe(method: string, meta: RouteHandler["meta"]): string {
  const own = meta.description ?? (/[.!?)]$/.test(meta.summary) ? meta.summary : `${meta.summary}.`);
  return `${own}\n\n${access(method, meta)}`;
}

function operation(method: string, path: string, handler: RouteHandler): ZodOpenApiOperationObject {
  const meta = handler.meta;
  const paged = Boolean(meta.query && "shape" in meta.query && "starting_after" in (meta.query.shape as object));
  const status = String(meta.status ?? 200);
  const responses: ZodOpenApiOperationObject["responses"] = {
    [status]: {
      description: "Success",
      headers: rateLimitHeaders,
      ...(meta.response ? { content: { "application/json": { schema: meta.response } } } : {}),
    },
    "400": errorResponse("Invalid request: the error names the parameter"),
    "429": errorResponse("Rate limit exceeded; see Retry-After"),
    "503": errorResponse("Temporarily unavailable (the database is overloaded or restarting): nothing was wrong with the request; retry it, with its idempotency_key, after Retry-After seconds"),
  };
  if (meta.auth !== "none") responses["401"] = errorResponse("Missing or invalid credential");
  // The plan's quotas (lib/billing/quotas/service): API calls on every API-key request, and chain writes, deployed contracts
  // and webhook endpoints where they are created.
  if (meta.auth === "api_key" || meta.auth === "any") responses["402"] = errorResponse(QUOTA_EXCEEDED);
  if (meta.adminSecret) responses["403"] = errorResponse("Missing or invalid admin secret (X-Admin-Secret)");
  // Members' roles (an addition): a session's member needs the route's role; API keys act for the tenant.
  if (meta.auth === "session" || meta.auth === "any") {
    responses["403"] = errorResponse(`\`permission_denied\` (type \`permission_error\`; an addition): with a session, the member's role must be at least ${minimumRole(method, meta.role)} (owner > admin > developer > viewer); API keys are not concerned`);
  }
  if (meta.params) responses["404"] = errorResponse("No such resource for this tenant");
  if (method !== "get") {
    responses["409"] = errorResponse("Conflict: idempotency_key reused with other parameters, or the resource exists already (the code names it; `resource_conflict` otherwise)");
    responses["413"] = errorResponse("Request body larger than 1 MB");
  }
  for (const [status, description] of Object.entries(meta.errors ?? {})) responses[status as `${1 | 2 | 3 | 4 | 5}${string}`] = errorResponse(description);
  const security: Record<string, string[]>[] =
    meta.auth === "api_key" ? [{ apiKey: [] }] : meta.auth === "session" ? [{ session: [] }] : meta.auth === "any" ? [{ apiKey: [] }, { session: [] }] : meta.adminSecret ? [{ adminSecret: [] }] : [];
  return {
    // Addition to the spec (which names no operations): ids derived from the method and path (./operation-ids).
    operationId: operationId(method, path, routeTable, paged),
    summary: meta.summary,
    description: describe(method, meta),
    tags: meta.tags && [...meta.tags],
    deprecated: meta.deprecated,
    security,
    requestParams: {
      ...(meta.params ? { path: meta.params } : {}),
      ...(meta.query ? { query: meta.query } : {}),
    } as ZodOpenApiOperationObject["requestParams"],
    ...(meta.body ? { requestBody: { content: { "application/json": { schema: meta.body } } } } : {}),
    responses,
  };
}

let cached: object | undefined;

export async function openApiDocument() {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const { path, methods } of routeTable) {
    const mod = await routeModules[path]();
    const item: Record<string, ZodOpenApiOperationObject> = {};
    for (const method of methods) item[method.toLowerCase()] = operation(method.toLowerCase(), path, mod[method] as RouteHandler);
    // Browser requests to Connect are held to the tenant's allowed origins (lib/connect/end-users/cors).
    if (path.startsWith("/v1/connect/")) for (const op of Object.values(item)) op.responses["403"] = errorResponse(ORIGIN_NOT_ALLOWED);
    paths[path.replace(/\[(\w+)\]/g, "{$1}")] = item;
  }
  cached = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Token Platform API",
      version: "1.0.0",
      description:
        "Deploy and operate tokens on EVM networks. Authenticate with `Authorization: Bearer sk_test_…` (API key) " +
        "or a session access token from /auth/login where an operation says so. Errors use one envelope: " +
        '`{"error":{"type","code","message","status","param?"}}`. Writes accept `idempotency_key`. ' +
        "No string of a request (value or key, in the body, query, path or Idempotency-Key header) may hold a NUL character " +
        "or an unpaired UTF-16 surrogate: 400 `parameter_invalid` naming the field. Bodies are at most 1 MB and 32 levels deep. " +
        "Addition to the spec: each operation's `operationId` is derived from its method and path (`listTransactions`, " +
        "`getTransaction`, `createToken`, `mintToken`, `deleteWebhookEndpoint`; `post…` for the POST form of a PUT), and its " +
        "description ends with who may call it.",
    },
    servers: [{ url: "/" }],
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "API key secret: sk_test_… or sk_live_…" },
        session: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "access_token from /auth/register, /auth/login or /auth/refresh" },
        adminSecret: { type: "apiKey", in: "header", name: "X-Admin-Secret", description: "The platform's billing admin secret (BILLING_ADMIN_SECRET); billing admin endpoints only" },
      },
    },
    paths,
  });
  return cached;
}
