// POST /v1/connect/validators/change-root — ABI-encoded callData for changeRootValidator, to wrap in a user operation
import { connectApi } from "@/lib/api/connect-routes";
import { ChangeRootInput, ModuleCallData } from "@/lib/schemas/connect";
import { changeRootCall } from "@/lib/connect/accounts/modules";

export const POST = connectApi(
  { summary: "ABI-encoded callData for changeRootValidator, to wrap in a user operation", body: ChangeRootInput, response: ModuleCallData, status: 200, errors: { 404: "The account is not a smart account of this tenant" } },
  ({ scope, body }) => changeRootCall(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
