// POST /v1/governance/{id}/timelock/hash_operation — Hash a timelock operation (hashOperation)
import { hashRoute } from "@/lib/api/governance-routes";
import { TimelockOperationInput } from "@/lib/schemas/governance";

export const POST = hashRoute("hash_operation", "Hash a timelock operation (hashOperation)", TimelockOperationInput);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
