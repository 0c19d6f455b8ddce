// POST /v1/connect/modules/install — ABI-encoded callData for installModule, to wrap in a user operation
import { connectApi } from "@/lib/api/connect-routes";
import { InstallModuleInput, ModuleCallData } from "@/lib/schemas/connect";
import { installModuleCall } from "@/lib/connect/accounts/modules";

export const POST = connectApi(
  { summary: "ABI-encoded callData for installModule, to wrap in a user operation", body: InstallModuleInput, response: ModuleCallData, status: 200, errors: { 404: "The account is not a smart account of this tenant" } },
  ({ scope, body }) => installModuleCall(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
