// POST /v1/batch: up to 50 API operations in one request.
import { z } from "zod";
import { writeBody, apiObject } from "./common";

export const MAX_BATCH_OPERATIONS = 50;

function resolvedPath(path: string): string {
  try {
    return new URL(path, "http://batch.local").pathname;
  } catch {
    return "";
  }
}

const Operation = z
  .strictObject({
    method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]),
    path: z
      .string()
      .max(2048)
      .regex(/^\/v1\/[^?#]*(\?[^#]*)?$/, "must be a /v1 path, optionally with a query string")
      // Checked as the URL resolves (dot segments removed), so `/v1/../auth/…` cannot leave /v1.
      .refine((p) => resolvedPath(p).startsWith("/v1/"), "must stay under /v1/")
      .refine((p) => !/^\/v1\/batch\/?$/.test(resolvedPath(p)), "a batch cannot contain /v1/batch")
      .meta({ example: "/v1/webhook_endpoints?limit=5" }),
    body: z.record(z.string(), z.unknown()).optional().meta({ description: "The operation's JSON body (write methods only); it may carry its own idempotency_key." }),
  })
  .refine((op) => op.body === undefined || op.method !== "GET", { message: "a GET operation takes no body", path: ["body"] });

export const BatchInput = writeBody({
  operations: z.array(Operation).min(1).max(MAX_BATCH_OPERATIONS).meta({ description: "Run in order, each through the same checks as a request of its own." }),
});

export const BatchResult = apiObject("batch", {
  results: z.array(
    z.object({
      status: z.number().int().meta({ description: "The HTTP status the operation would have had on its own." }),
      body: z.unknown().meta({ description: "Its response body: the record, list or error envelope." }),
    }),
  ),
}).meta({ id: "BatchResult" });
