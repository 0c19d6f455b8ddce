// The OpenAPI document as a generator or a reader relies on it: every example validates against the schema it
// illustrates, every operation has a unique camelCase operationId and a description, and every tag is one the
// document lists.
import { describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { openApiDocument } from "./openapi";

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  description?: string;
  summary?: string;
  tags?: string[];
}

/** JSON pointers of every schema holding an `example` (a property that happens to be named "example" aside). */
function examplePointers(node: unknown, pointer = "", parentKey = ""): string[] {
  if (!node || typeof node !== "object") return [];
  const here = !Array.isArray(node) && parentKey !== "properties" && "example" in node ? [pointer] : [];
  return [
    ...here,
    ...Object.entries(node).flatMap(([key, child]) => examplePointers(child, `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, key)),
  ];
}

const at = (doc: unknown, pointer: string) =>
  pointer
    .split("/")
    .slice(1)
    .reduce<unknown>((node, key) => (node as Json)[key.replace(/~1/g, "/").replace(/~0/g, "~")], doc);

const operations = (doc: Json) =>
  Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })));

describe("OpenAPI document: examples, operation ids, descriptions, tags", () => {
  it("every example validates against its schema", async () => {
    const doc = (await openApiDocument()) as Json;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...doc, $id: "openapi" });
    const pointers = examplePointers(doc);
    expect(pointers.length).toBeGreaterThan(100);
    const failures = pointers.flatMap((pointer) => {
      const validate = ajv.getSchema(`openapi#${pointer}`)!;
      const example = (at(doc, pointer) as Json).example;
      return validate(example) ? [] : [`${pointer}: ${JSON.stringify(example)} ${ajv.errorsText(validate.errors)}`];
    });
    expect(failures).toEqual([]);
  });

  it("catches an example that does not fit its schema", () => {
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: "openapi", components: { schemas: { Limit: { type: "integer", example: "20" } } } });
    expect(ajv.getSchema("openapi#/components/schemas/Limit")!("20")).toBe(false);
  });

  it("every operation has a unique camelCase operationId, a description and a listed tag", async () => {
    const doc = (await openApiDocument()) as Json;
    const ops = operations(doc);
    const ids = ops.map(({ op }) => op.operationId);
    expect(ops.filter(({ op }) => !op.operationId || !/^[a-z][a-zA-Z0-9]*$/.test(op.operationId)).map(({ name, op }) => `${name}: ${op.operationId}`)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ops.filter(({ op }) => !op.description?.trim()).map(({ name }) => name)).toEqual([]);
    const listed = (doc.tags as { name: string; description: string }[]).map((t) => t.name);
    expect(new Set(listed).size).toBe(listed.length);
    expect(ops.filter(({ op }) => op.tags?.length !== 1 || !listed.includes(op.tags[0])).map(({ name, op }) => `${name}: ${op.tags}`)).toEqual([]);
    // Derived from the method and the path, so a reader can guess them.
    const byName = Object.fromEntries(ops.map(({ name, op }) => [name, op.operationId]));
    expect(byName["GET /v1/transactions"]).toBe("listTransactions");
    expect(byName["GET /v1/transactions/{id}"]).toBe("getTransaction");
    expect(byName["POST /v1/tokens"]).toBe("createToken");
    expect(byName["POST /v1/tokens/{id}/mint"]).toBe("mintToken");
    expect(byName["DELETE /v1/webhook_endpoints/{id}"]).toBe("deleteWebhookEndpoint");
  });
});
