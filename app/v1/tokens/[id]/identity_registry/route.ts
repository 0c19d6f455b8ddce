// GET /v1/tokens/{id}/identity_registry — Identity registry address (with its storage and registries), read on chain
import { api } from "@/lib/api/handler";
import { TokenParams } from "@/lib/schemas/tokens";
import { IdentityRegistryInfo } from "@/lib/schemas/token-controls";
import { identityRegistryInfo } from "@/lib/trex/controls/service";

export const GET = api(
  { auth: "api_key", summary: "Identity registry address (with its storage and registries), read on chain", params: TokenParams, response: IdentityRegistryInfo, tags: ["regulated tokens"] },
  ({ scope, params }) => identityRegistryInfo(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
