// /v1/vesting — list vesting schedules; deploy one (and fund it from the tenant wallet)
import { api } from "@/lib/api/handler";
import { CreateVestingInput, ListVestingQuery, VestingSchedule, VestingScheduleList } from "@/lib/schemas/vesting";
import { createVesting, listVesting } from "@/lib/vesting/service";

export const GET = api(
  { auth: "api_key", summary: "List vesting schedules (filter by beneficiary, status, network)", query: ListVestingQuery, response: VestingScheduleList, tags: ["vesting"] },
  ({ scope, query }) => listVesting(scope, query),
);

export const POST = api(
  { auth: "api_key", summary: "Deploy a vesting schedule (OpenZeppelin VestingWalletCliff), funded with `amount` once deployed", body: CreateVestingInput, response: VestingSchedule, status: 201, tags: ["vesting"] },
  ({ scope, body }) => createVesting(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
