// GET /v1/vesting/{id}/on_chain — the wallet's parameters and balances, read on chain
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { VestingOnChain } from "@/lib/schemas/vesting";
import { vestingOnChain } from "@/lib/vesting/service";

export const GET = api(
  {
    auth: "api_key", summary: "All on-chain parameters (beneficiary, start, cliff, end, token) and balances (released, releasable, vested)", params: IdParam,
    response: VestingOnChain, errors: { 404: "No such vesting schedule" }, tags: ["vesting"],
  },
  ({ scope, params }) => vestingOnChain(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
