// POST /v1/connect/validators/change-root — ABI-encoded callData for changeRootValidator, to wrap in a user operation
import { api } from "@/lib/api/handler";
import { ChangeRootInput, ModuleCallData } from "@/lib/schemas/connect";
import { changeRootCall } from "@/lib/connect/modules";
import { scopeOf } from "@/lib/tokens/scope";

export const POST = api(
  { auth: "api_key", summary: "ABI-encoded callData for changeRootValidator, to wrap in a user operation", body: ChangeRootInput, response: ModuleCallData, status: 200, errors: { 404: "The account is not a smart account of this tenant" }, tags: ["connect"] },
  ({ caller, body }) => changeRootCall(scopeOf(caller), body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
