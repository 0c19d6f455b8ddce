// POST /v1/governance/{id}/timelock/hash_operation_batch — Hash a batch timelock operation (hashOperationBatch)
import { hashRoute } from "@/lib/api/governance-routes";
import { TimelockBatchInput } from "@/lib/schemas/governance";

export const POST = hashRoute("hash_operation_batch", "Hash a batch timelock operation (hashOperationBatch)", TimelockBatchInput);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
