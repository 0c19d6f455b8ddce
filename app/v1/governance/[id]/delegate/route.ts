// POST /v1/governance/{id}/delegate — delegate the acting account's voting power
import { delegate } from "@/lib/governance/proposals";
import { writeRoute } from "@/lib/api/governance-routes";
import { DelegateInput } from "@/lib/schemas/governance";

export const POST = writeRoute("Delegate the acting account's voting power (token delegate)", DelegateInput, delegate);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
