// The end-to-end API tests call the server through the typed client (packages/client, generated from the
// OpenAPI document), so a path, parameter or field the document lacks fails `tsc` (run by pretest:e2e),
// and every answer is checked at run time against the same document: the status must be one the operation
// lists and a JSON body must match its schema (no undocumented fields: the document forbids them).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { Middleware } from "openapi-fetch";
import { createTokenPlatformClient, type TokenPlatformClient } from "../packages/client/src/index";

type Operation = { responses: Record<string, { content?: { "application/json"?: { schema?: unknown } } }> };
const document = JSON.parse(readFileSync(resolve(import.meta.dirname, "../packages/client/openapi.json"), "utf8")) as {
  paths: Record<string, Record<string, Operation>>;
};

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema({ ...document, $id: "openapi" });
const validators = new Map<string, ValidateFunction>();
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** Why this answer is not what the document promises for the operation, or null. */
export async function drift(schemaPath: string, method: string, response: Response): Promise<string | null> {
  const operation = document.paths[schemaPath]?.[method.toLowerCase()];
  if (!operation) return `${method} ${schemaPath} is not in the document`;
  const status = String(response.status);
  const documented = operation.responses[status];
  if (!documented) return `${method} ${schemaPath} answered ${status}, which it does not document (${Object.keys(operation.responses).join(", ")})`;
  const schema = documented.content?.["application/json"]?.schema;
  if (!schema || !response.headers.get("content-type")?.includes("json")) return null;
  const key = `${method} ${schemaPath} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    const ref = `openapi#/${pointer("paths", schemaPath, method.toLowerCase(), "responses", status, "content", "application/json", "schema")}`;
    validators.set(key, (validate = ajv.compile({ $ref: ref })));
  }
  const body = await response.clone().json();
  return validate(body) ? null : `${key}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 500)}`;
}

/** Fails the call when the answer drifts from the document. */
const conformance: Middleware = {
  async onResponse({ schemaPath, request, response }) {
    const problem = await drift(schemaPath, request.method, response);
    if (problem) throw new Error(`the API answer does not match /v1/openapi.json: ${problem}`);
    return response;
  },
};

export function typedClient(baseUrl: string, apiKey?: string): TokenPlatformClient {
  const client = createTokenPlatformClient({ baseUrl, apiKey });
  client.use(conformance);
  return client;
}
