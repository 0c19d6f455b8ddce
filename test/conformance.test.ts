// The response check test/client.ts applies to every answer: it must catch a wrong type, a missing
// field, an undocumented field (at any depth), an undocumented status and an error outside the envelope.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { api } from "@/lib/api/handler";
import { responseDrift, undocumentedStatus } from "./conformance";

const Item = z.object({ id: z.string(), tags: z.array(z.object({ name: z.string() })), data: z.record(z.string(), z.unknown()) });
const handler = api({ auth: "none", summary: "probe", response: Item, status: 201 }, () => null);
const good = { id: "x_1", tags: [{ name: "a" }], data: { anything: { goes: 1 } } };

describe("response conformance", () => {
  it("accepts a body that matches its schema, free-form records included", () => {
    expect(responseDrift(handler, 201, good)).toBeNull();
    expect(responseDrift(handler, 404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such x", status: 404, param: "id" } })).toBeNull();
  });

  it("names wrong types, missing and undocumented fields, and an undocumented status", () => {
    expect(responseDrift(handler, 201, { ...good, id: 1 })).toBe("id: must be a string, not a number");
    expect(responseDrift(handler, 201, { tags: [], data: {} })).toBe("id: is required");
    expect(responseDrift(handler, 201, { ...good, secret: "s", tags: [{ name: "a", colour: "red" }] })).toBe("undocumented fields: tags[0].colour, secret");
    expect(responseDrift(handler, 200, good)).toBe("status 200 is not the documented 201");
  });

  it("holds errors to the envelope, its status to the HTTP status", () => {
    const error = { type: "invalid_request_error", code: "parameter_invalid", message: "Invalid id", status: 400 };
    expect(responseDrift(handler, 400, { error })).toBeNull();
    expect(responseDrift(handler, 404, { error })).toBe("error.status differs from HTTP 404");
    expect(responseDrift(handler, 400, { error: { ...error, detail: "x" } })).toBe("undocumented fields: error.detail");
    expect(responseDrift(handler, 400, { error: { ...error, type: "oops" } })).toMatch(/^error\.type: /);
    expect(responseDrift(handler, 500, { message: "boom" })).toMatch(/^error: /);
  });

  it("refuses an error status the operation does not document; answers of no operation are not held to one", async () => {
    expect(await undocumentedStatus("GET", "/v1/networks", 409)).toMatch(/^status 409 is not documented/);
    expect(await undocumentedStatus("POST", "/auth/login", 401)).toBeNull();
    expect(await undocumentedStatus("POST", "/v1/api_keys", 413)).toBeNull();
    expect(await undocumentedStatus("GET", "/v1/nothing_here", 404)).toBeNull();
    expect(await undocumentedStatus("PATCH", "/v1/networks", 405)).toBeNull();
  });
});
