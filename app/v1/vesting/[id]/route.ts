// GET /v1/vesting/{id} — a vesting schedule
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { VestingSchedule } from "@/lib/schemas/vesting";
import { getVesting } from "@/lib/vesting/service";

export const GET = api(
  { auth: "api_key", summary: "Vesting schedule details", params: IdParam, response: VestingSchedule, errors: { 404: "No such vesting schedule" }, tags: ["vesting"] },
  ({ scope, params }) => getVesting(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
