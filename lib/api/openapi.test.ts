import { describe, expect, it } from "vitest";
import { call } from "@/test/client";
import { routeTable } from "@/lib/api/route-table.generated";
import { render } from "@/scripts/gen-routes";
import { readFileSync } from "node:fs";
import { join } from "node:path";

describe("OpenAPI document", () => {
  it("documents every route that exists, with its parameters, body and auth", async () => {
    const res = await call("GET", "/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe("3.1.0");
    for (const route of routeTable) {
      const path = route.path.replace(/\[(\w+)\]/g, "{$1}");
      for (const method of route.methods) expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
    const create = doc.paths["/v1/api_keys"].post;
    expect(create.security).toEqual([{ session: [] }]);
    expect(create.requestBody.content["application/json"].schema).toBeDefined();
    expect(create.responses["201"]).toBeDefined();
    const rotate = doc.paths["/v1/api_keys/{id}/rotate"].post;
    expect(rotate.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "id", in: "path" })]));
    const list = doc.paths["/v1/api_keys"].get;
    expect(list.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(["limit", "starting_after"]));
    expect(doc.components.schemas.Error).toBeDefined();
  });

  it("the generated route tables match the route files", () => {
    for (const [file, content] of Object.entries(render())) {
      expect(readFileSync(join(import.meta.dirname, "../..", file), "utf8"), `${file} is stale: run npx tsx scripts/gen-routes.ts`).toBe(content);
    }
  });
});
