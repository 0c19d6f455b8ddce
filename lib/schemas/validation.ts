// zod failures become a 400 envelope that names the first offending field, in our words: one error map
// (`issueMessage`) phrases every issue zod raises itself; messages a schema gives (`.regex(re, "must …")`)
// take precedence. An unknown field is reported before anything else, since a typo (`symbl`) would otherwise
// surface as the missing field it was meant to be.
import { z } from "zod";
import { isStorableText, UNSTORABLE_TEXT } from "@/lib/schemas/common";
import { ApiError } from "@/lib/core/errors";

/** `schema.safeParse` with our error map: the one way the API and the console validate. */
export const safeParse = <T extends z.ZodType>(schema: T, input: unknown) => schema.safeParse(input, { error: issueMessage });

export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown, where: "body" | "query" | "path" | "header"): z.output<T> {
  assertStorable(input, where);
  const result = safeParse(schema, input);
  if (result.success) return result.data;
  throw zodToApiError(result.error, where, input);
}

export function zodToApiError(error: z.ZodError, where: string, input: unknown): ApiError {
  const issue = error.issues.find((i) => i.code === "unrecognized_keys") ?? error.issues[0];
  const path = issue.path.map(String);
  if (issue.code === "unrecognized_keys") {
    const param = [...path, issue.keys[0]].join(".");
    return new ApiError(400, "invalid_request_error", "parameter_unknown", `Unknown parameter: ${param}`, param);
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

// ---------- the error map ----------

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  bigint: "an integer",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  null: "null",
  date: "a date",
};

/** What a value is, as a message names it: "a number", "null", "a list", "NaN". */
function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "number") return Number.isInteger(value) ? "a number" : "a decimal number";
  if (typeof value === "object") return "an object";
  if (typeof value === "boolean") return "a boolean";
  return TYPE_NAMES[typeof value] ?? typeof value;
}

const plural = (n: number | bigint, one: string, many = `${one}s`) => `${n} ${Number(n) === 1 ? one : many}`;

function bound(issue: { origin: string; inclusive?: boolean }, n: number | bigint, side: "least" | "most"): string {
  const exclusive = issue.inclusive === false;
  switch (issue.origin) {
    case "string":
      if (side === "least" && Number(n) === 1) return "must not be empty";
      return `must be ${exclusive ? (side === "least" ? "longer than" : "shorter than") : `at ${side}`} ${plural(n, "character")}`;
    case "array":
    case "set":
      if (side === "least" && Number(n) === 1) return "must not be empty";
      return `must have at ${side} ${plural(n, "item")}`;
    default:
      return `must be ${exclusive ? (side === "least" ? "greater than" : "less than") : `at ${side}`} ${n}`;
  }
}

/** Our wording of every issue zod raises on its own (passed as `error` to safeParse; a schema's own message wins). */
export const issueMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined) return "is required";
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      if (issue.expected === "int" && typeof issue.input === "number" && Number.isFinite(issue.input)) return "must be a whole number";
      // A query value coerced to a number arrives as NaN: what was sent is not a number, which says it all.
      if (typeof issue.input === "number" && Number.isNaN(issue.input)) return `must be ${expected}`;
      return `must be ${expected}, not ${describe(issue.input)}`;
    }
    case "too_small":
      return bound(issue, issue.minimum, "least");
    case "too_big":
      return bound(issue, issue.maximum, "most");
    case "invalid_value":
      return issue.values.length === 1 ? `must be ${JSON.stringify(issue.values[0])}` : `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "invalid_format":
      if (issue.format === "regex") return "has the wrong format";
      if (issue.format === "url") return "must be a URL";
      if (issue.format === "email") return "must be an email address";
      return `must be a valid ${issue.format}`;
    case "not_multiple_of":
      return `must be a multiple of ${issue.divisor}`;
    case "invalid_union":
      return "matches none of the accepted forms";
    case "invalid_key":
      return "has an invalid key";
    case "invalid_element":
      return "has an invalid item";
    case "unrecognized_keys":
      return `has unknown ${issue.keys.length === 1 ? "field" : "fields"} ${issue.keys.join(", ")}`;
    default:
      return "is invalid";
  }
};

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
