// POST /v1/governance/{id}/delegate_by_sig — delegate with an EIP-712 signature of the delegator
import { delegateBySig } from "@/lib/governance/proposals";
import { writeRoute } from "@/lib/api/governance-routes";
import { DelegateBySigInput } from "@/lib/schemas/governance";

export const POST = writeRoute("Delegate with an EIP-712 signature (token delegateBySig), submitted by the acting account", DelegateBySigInput, delegateBySig);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
