// Schemas shared by every resource: ids, amounts, list parameters and envelopes, errors.
import { z } from "zod";
import "zod-openapi";

// PostgreSQL stores no NUL in text or jsonb, and a lone UTF-16 surrogate has no UTF-8 form (jsonb refuses
// its \u escape): a string holding either would fail deep in a write. Every string of every request,
// keys included, is held to this rule before its schema runs (parseOrThrow in lib/schemas/validation.ts).
export const UNSTORABLE_TEXT = "must not contain NUL characters or unpaired UTF-16 surrogates";
export const isStorableText = (text: string) => !text.includes("\u0000") && text.isWellFormed();

/** Names, symbols, ids and other one-line values: no control characters (free text such as descriptions may hold line breaks). */
export const singleLine = (schema: z.ZodString) => schema.regex(/^\P{Cc}*$/u, "must not contain control characters");

export const IdempotencyKey = singleLine(z.string().min(1).max(255))
  .meta({ description: "Repeat a write safely: the first response is replayed for 24 h to requests with the same key and parameters." });

/** A write body: strict (unknown fields are rejected) and accepting `idempotency_key`. */
export const writeBody = <S extends z.ZodRawShape>(shape: S) => z.strictObject({ ...shape, idempotency_key: IdempotencyKey.optional() });

export const ListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: "Page size, 1 to 100 (default 20)." }),
  starting_after: singleLine(z.string().max(64)).optional().meta({ description: "Id of the last item of the previous page." }),
});
export type ListParams = z.output<typeof ListQuery>;

export const listOf = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      object: z.literal("list"),
      data: z.array(item),
      has_more: z.boolean(),
      total: z.number().int(),
    })
    .meta({ id });

export const Id = singleLine(z.string().min(1).max(64));
export const IdParam = z.strictObject({ id: Id });

export const Address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed address of 40 hexadecimal digits")
  .meta({ example: "0x5FbDB2315678afecb367f032d93F642f64180aa3" });

export const Amount = z
  .string()
  .regex(/^\d{1,78}$/, "must be a decimal integer string in the smallest unit")
  .meta({ example: "1000000000000000000000" });

export const ErrorEnvelope = z
  .object({
    error: z.object({
      type: z.enum(["invalid_request_error", "authentication_error", "permission_error", "idempotency_error", "rate_limit_error", "api_error"]),
      code: z.string(),
      message: z.string(),
      status: z.number().int(),
      param: z.string().optional(),
      proposal: z
        .object({ targets: z.array(z.string()), values: z.array(z.string()), calldatas: z.array(z.string()), description: z.string(), propose_with: z.string() })
        .optional()
        .meta({ description: "`governance_only` errors (the governor's onlyGovernance setters): the proposal that makes the call through the timelock, ready to POST." }),
    }),
  })
  .meta({ id: "Error" });

export const Deleted = (object: string) => z.object({ id: z.string(), object: z.literal(object), deleted: z.literal(true) });

/** A response object: `object` names its type, then its own fields (a `.meta({ id })` names it in the OpenAPI document). */
export const apiObject = <O extends string, S extends z.ZodRawShape>(object: O, shape: S) => z.object({ object: z.literal(object), ...shape });

/** A list's query: the page parameters and the resource's own filters. */
export const listQuery = <S extends z.ZodRawShape>(filters: S) => z.strictObject({ ...ListQuery.shape, ...filters });

/** The last fields of every record: its mode and when it was made (unix seconds). */
export const Recorded = { livemode: z.boolean(), created: z.number().int() };
