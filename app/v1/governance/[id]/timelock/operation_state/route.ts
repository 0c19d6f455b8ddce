// GET /v1/governance/{id}/timelock/operation_state — State of a timelock operation (Unset, Waiting, Ready, Done)
import { readRoute } from "@/lib/api/governance-routes";
import { OperationQuery } from "@/lib/schemas/governance";

export const GET = readRoute("operation_state", "State of a timelock operation (Unset, Waiting, Ready, Done)", OperationQuery);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
