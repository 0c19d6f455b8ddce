// GET /v1/connect/relay/{userOpHash} — status of a relayed operation
import { api } from "@/lib/api/handler";
import { RelayOperation, UserOpHashParams } from "@/lib/schemas/connect";
import { relayStatus } from "@/lib/connect/relay";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  { auth: "api_key", summary: "Status of a relayed user operation", params: UserOpHashParams, response: RelayOperation, tags: ["connect"] },
  ({ caller, params }) => relayStatus(scopeOf(caller), params.userOpHash),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
