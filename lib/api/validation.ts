// zod failures become a 400 envelope that names the first offending field.
import { z } from "zod";
import { ApiError } from "./errors";

export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown, where: "body" | "query" | "path"): z.output<T> {
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
