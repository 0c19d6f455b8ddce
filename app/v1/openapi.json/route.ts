// GET /v1/openapi.json — the OpenAPI 3.1 document of every route
import { api } from "@/lib/api/handler";
import { openApiDocument } from "@/lib/api/openapi";

export const GET = api({ auth: "none", summary: "The OpenAPI document", tags: ["meta"] }, () => openApiDocument());

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
