// How the console turns a submitted form into the input of a lib function and an error back into what
// the form shows. The schemas are the API's own (lib/schemas), so a form accepts exactly what the
// endpoint accepts and its messages name the same fields.
import type { z } from "zod";
import { ApiError } from "@/lib/core/errors";
import { safeParse, zodToApiError } from "@/lib/schemas/validation";
import { toBaseUnits } from "./amounts";
import { consoleMessage } from "./wording";

/**
 * How a form field becomes a JSON value: strings stay (left out when empty, so defaults apply), `clearable`
 * strings are sent even when empty (an update that clears the field), `nullable` ones are sent as null when
 * empty (an update that removes the value), numbers are parsed, checkboxes are booleans, lists repeat (a
 * dotted name with a number, `limits.0.amount`, is a field of a list's item), and
 * `lines` is a list typed one item per line in a textarea, `units` an amount typed in token units ("1.5") sent
 * in the smallest unit (converted by the token's decimals).
 */
export type FieldKind = "string" | "clearable" | "nullable" | "number" | "boolean" | "list" | "lines" | "units";
export type FieldSpec = Record<string, FieldKind>;

/** What a console form gets back from its server action. */
export interface FormState<R = unknown> {
  status: "idle" | "ok" | "error";
  /** A message for the whole form (an error without a field, or a success note). */
  message?: string;
  /** The console page that fixes the error, if any. */
  link?: { href: string; label: string };
  /** Field name (dotted for nested fields, as the API's `param`) → message. */
  fields?: Record<string, string>;
  result?: R;
}

export const idle: FormState = { status: "idle" };

type Values = Iterable<[string, FormDataEntryValue]>;

/**
 * Builds the request body from form values: only the fields of `spec` (anything else, e.g. a hidden id,
 * stays out, since write bodies are strict), empty inputs left out so defaults apply, dotted names nested.
 */
export function bodyFromForm(values: Values, spec: FieldSpec, decimals = 0): Record<string, unknown> {
  const strings = new Map<string, string[]>();
  for (const [name, value] of values) {
    if (typeof value !== "string" || !(name in spec)) continue;
    strings.set(name, [...(strings.get(name) ?? []), value]);
  }
  const body: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(spec)) {
    const raw = strings.get(name) ?? [];
    let value: unknown;
    if (kind === "boolean") value = raw.some((v) => v === "on" || v === "true");
    else if (kind === "list") value = raw.map((v) => v.trim()).filter(Boolean);
    else if (kind === "lines") value = raw.flatMap((v) => v.split(/\r?\n/)).map((v) => v.trim()).filter(Boolean);
    else {
      if (!raw.length) continue;
      const text = raw[0].trim();
      if (text === "" && kind === "nullable") value = null;
      else if (text === "" && kind !== "clearable") continue;
      else if (kind === "units") {
        const converted = toBaseUnits(text, decimals);
        value = "raw" in converted ? converted.raw : text; // what cannot be converted is reported by unitErrors
      } else value = kind === "number" && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    }
    setPath(body, name.split("."), value);
  }
  return body;
}

/** Why an amount typed in token units cannot be converted, by field (these replace the schema's words about it). */
export function unitErrors(values: Values, spec: FieldSpec, decimals: number): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, value] of values) {
    if (spec[name] !== "units" || typeof value !== "string" || !value.trim()) continue;
    const converted = toBaseUnits(value, decimals);
    if ("error" in converted) errors[name] = converted.error;
  }
  return errors;
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown) {
  let node = target;
  // A numeric step is an item of a list (`time_transfer_limits.0.period_sec`).
  for (let i = 0; i < path.length - 1; i++) node = (node[path[i]] ??= /^\d+$/.test(path[i + 1]) ? [] : {}) as Record<string, unknown>;
  node[path[path.length - 1]] = value;
}

/** The message a field shows for an API error about it, without the "Invalid <field>: " the API prefixes. */
export function fieldMessage(error: ApiError): string {
  if (error.code === "parameter_missing") return "This field is required.";
  const prefix = `Invalid ${error.param}: `;
  const text = error.param && error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
}

/** Every field error of a zod failure (the API reports only the first), keyed like the API's `param`. */
export function zodFieldErrors(error: z.ZodError, input: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const single = zodToApiError({ issues: [issue] } as z.ZodError, "body", input);
    const key = single.param ?? "";
    if (key && !(key in fields)) fields[key] = fieldMessage(single);
  }
  return fields;
}

/**
 * Errors about one item of a list field (`allowed_origins.2`) shown under the field itself (one input for the
 * whole list), naming the item, since the form has no input of that name to put them under.
 */
export function foldItemErrors(fields: Record<string, string>, spec: FieldSpec, body: Record<string, unknown>): Record<string, string> {
  const folded: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const [, name, index] = /^(.+)\.(\d+)$/.exec(key) ?? [];
    const items = name && (spec[name] === "list" || spec[name] === "lines") ? body[name] : undefined;
    if (!Array.isArray(items)) {
      folded[key] ??= message;
      continue;
    }
    folded[name] ??= `${JSON.stringify(items[Number(index)])}: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
  }
  return folded;
}

/** The form state of a failure: API errors keep their field; anything else is logged and reported generically. */
export function errorState(error: unknown): FormState<never> {
  if (error instanceof ApiError) {
    const { message, link } = consoleMessage(error);
    const worded = { status: "error" as const, message, ...(link ? { link } : {}) };
    return error.param ? { ...worded, fields: { [error.param]: fieldMessage(new ApiError(error.status, error.type, error.code, message, error.param)) } } : worded;
  }
  console.error("[console] action failed:", error);
  return { status: "error", message: "Something went wrong on our side. Please try again." };
}

/** Validates `body` with the API schema, runs `fn` with the parsed input, and reports the outcome as form state. */
export async function runForm<S extends z.ZodType, R>(
  schema: S,
  body: unknown,
  fn: (input: z.output<S>) => Promise<R> | R,
): Promise<FormState<R>> {
  const parsed = safeParse(schema, body);
  if (!parsed.success) {
    const first = zodToApiError(parsed.error, "body", body);
    return { status: "error", message: first.message, fields: zodFieldErrors(parsed.error, body) };
  }
  try {
    return { status: "ok", result: await fn(parsed.data) };
  } catch (error) {
    return errorState(error);
  }
}

/** Inline validation: the field errors the schema finds now, without running anything. */
export function validateBody(schema: z.ZodType, body: unknown): Record<string, string> {
  const parsed = safeParse(schema, body);
  return parsed.success ? {} : zodFieldErrors(parsed.error, body);
}
