// zod failures become a 400 envelope that names the first offending field.
import { z } from "zod";
import { isStorableText, UNSTORABLE_TEXT } from "@/lib/schemas/common";
import { ApiError } from "./errors";

export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown, where: "body" | "query" | "path" | "header"): z.output<T> {
  assertStorable(input, where);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw zodToApiError(result.error, where, input);
}

export function zodToApiError(error: z.ZodError, where: string, input: unknown): ApiError {
  const issue = error.issues[0];
  const path = issue.path.map(String);
  if (issue.code === "unrecognized_keys") {
    const param = [...path, issue.keys[0]].join(".");
    return new ApiError(400, "invalid_request_error", "parameter_unknown", `Received unknown parameter: ${param}`, param);
  }
  const param = path.join(".");
  if (!param && issue.code === "invalid_type") {
    return new ApiError(400, "invalid_request_error", "invalid_request", `The ${where} must be a JSON object.`);
  }
  const missing = issue.code === "invalid_type" && valueAt(input, issue.path) === undefined;
  return new ApiError(
    400,
    "invalid_request_error",
    missing ? "parameter_missing" : "parameter_invalid",
    missing ? `Missing required parameter: ${param}` : `Invalid ${param}: ${issue.message}`,
    param || undefined,
  );
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The rule of every string field, whatever its schema says (lib/schemas/common.ts): checked on values and keys. */
function assertStorable(input: unknown, where: string) {
  const pending: [unknown, string[]][] = [[input, []]];
  for (let i = 0; i < pending.length; i++) {
    const [value, path] = pending[i];
    if (typeof value === "string" && !isStorableText(value)) throw unstorable(path, where);
    if (value === null || typeof value !== "object") continue;
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) throw unstorable(path, where, "its keys ");
      pending.push([item, [...path, key]]);
    }
  }
}

function unstorable(path: string[], where: string, what = "") {
  const param = path.join(".");
  return new ApiError(400, "invalid_request_error", "parameter_invalid", `Invalid ${param || where}: ${what}${UNSTORABLE_TEXT}.`, param || undefined);
}
