// POST /v1/connect/modules/uninstall — ABI-encoded callData for uninstallModule, to wrap in a user operation
import { api } from "@/lib/api/handler";
import { UninstallModuleInput, ModuleCallData } from "@/lib/schemas/connect";
import { uninstallModuleCall } from "@/lib/connect/modules";
import { scopeOf } from "@/lib/tokens/scope";

export const POST = api(
  { auth: "api_key", summary: "ABI-encoded callData for uninstallModule, to wrap in a user operation", body: UninstallModuleInput, response: ModuleCallData, status: 200, errors: { 404: "The account is not a smart account of this tenant" }, tags: ["connect"] },
  ({ caller, body }) => uninstallModuleCall(scopeOf(caller), body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
