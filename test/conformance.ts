// Every JSON response the tests receive must match what the OpenAPI document promises: a 2xx the
// operation's response schema (the zod schema the document is generated from), an error the Error
// envelope with `status` equal to the HTTP status. No undocumented fields: the document says
// `additionalProperties: false`, zod alone would strip extras silently.
import type { z } from "zod";
import type { RouteHandler } from "@/lib/api/handler";
import { ErrorEnvelope } from "@/lib/schemas/common";
import { openApiDocument } from "@/lib/api/openapi";
import { matchRoute } from "@/lib/api/routing";
import { safeParse } from "@/lib/schemas/validation";

export function responseDrift(handler: RouteHandler, status: number, body: unknown): string | null {
  if (status >= 400) {
    const drift = schemaDrift(ErrorEnvelope, body);
    return drift ?? ((body as { error: { status: number } }).error.status === status ? null : `error.status differs from HTTP ${status}`);
  }
  const { meta } = handler;
  if (status < 200 || status >= 300 || !meta.response) return null;
  const documented = meta.status ?? 200;
  if (status !== documented) return `status ${status} is not the documented ${documented}`;
  return schemaDrift(meta.response, body);
}

/** An error status the operation's OpenAPI responses do not list (answers of no operation, 404/405, aside). */
export async function undocumentedStatus(method: string, pathname: string, status: number): Promise<string | null> {
  const route = matchRoute(pathname);
  if (status >= 500 || !route?.methods.includes(method)) return null;
  const doc = (await openApiDocument()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  const { responses } = doc.paths[route.path.replace(/\[(\w+)\]/g, "{$1}")][method.toLowerCase()];
  return String(status) in responses ? null : `status ${status} is not documented (only ${Object.keys(responses).join(", ")})`;
}

function schemaDrift(schema: z.ZodType, body: unknown): string | null {
  const parsed = safeParse(schema, body);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
  const extra = undocumentedFields(body, parsed.data, "");
  return extra.length ? `undocumented fields: ${extra.join(", ")}` : null;
}

// Fields present in what was sent but dropped by the schema (parsed output keeps every documented key).
function undocumentedFields(sent: unknown, kept: unknown, at: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((item, i) => undocumentedFields(item, kept[i], `${at}[${i}]`));
  if (!isPlainObject(sent) || !isPlainObject(kept)) return [];
  return Object.keys(sent).flatMap((key) => {
    const path = at ? `${at}.${key}` : key;
    return key in kept ? undocumentedFields(sent[key], kept[key], path) : [path];
  });
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
