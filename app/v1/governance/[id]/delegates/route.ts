// GET /v1/governance/{id}/delegates — Who an account delegated to (token delegates(account))
import { readRoute } from "@/lib/api/governance-routes";
import { AccountQuery } from "@/lib/schemas/governance";

export const GET = readRoute("delegates", "Who an account delegated to (token delegates(account))", AccountQuery);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
