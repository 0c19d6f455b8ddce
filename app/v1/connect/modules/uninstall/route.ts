// POST /v1/connect/modules/uninstall — ABI-encoded callData for uninstallModule, to wrap in a user operation
import { connectApi } from "@/lib/api/connect-routes";
import { UninstallModuleInput, ModuleCallData } from "@/lib/schemas/connect";
import { uninstallModuleCall } from "@/lib/connect/accounts/modules";

export const POST = connectApi(
  { summary: "ABI-encoded callData for uninstallModule, to wrap in a user operation", body: UninstallModuleInput, response: ModuleCallData, status: 200, errors: { 404: "The account is not a smart account of this tenant" } },
  ({ scope, body }) => uninstallModuleCall(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
