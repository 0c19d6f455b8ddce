// Schemas shared by every resource: ids, amounts, list parameters and envelopes, errors.
import { z } from "zod";
import "zod-openapi";

export const IdempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .meta({ description: "Repeat a write safely: the first response is replayed for 24 h to requests with the same key and parameters." });

/** A write body: strict (unknown fields are rejected) and accepting `idempotency_key`. */
export const writeBody = <S extends z.ZodRawShape>(shape: S) => z.strictObject({ ...shape, idempotency_key: IdempotencyKey.optional() });

export const ListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: "Page size, 1 to 100 (default 20)." }),
  starting_after: z.string().max(64).optional().meta({ description: "Id of the last item of the previous page." }),
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

export const IdParam = z.strictObject({ id: z.string().min(1).max(64) });

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
    }),
  })
  .meta({ id: "Error" });

export const Deleted = (object: string) => z.object({ id: z.string(), object: z.literal(object), deleted: z.literal(true) });
