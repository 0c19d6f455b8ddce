// POST /v1/vesting/{id}/release — release the vested tokens to the beneficiary
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { Transaction } from "@/lib/schemas/transactions";
import { ReleaseVestingInput } from "@/lib/schemas/vesting";
import { releaseVesting } from "@/lib/vesting/service";

export const POST = api(
  {
    auth: "api_key", summary: "Release vested tokens to the beneficiary (release(token)); answers the transaction", params: IdParam, body: ReleaseVestingInput,
    response: Transaction, status: 201, errors: { 404: "No such vesting schedule" }, tags: ["vesting"],
  },
  ({ scope, params }) => releaseVesting(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
