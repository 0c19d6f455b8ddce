// DELETE /v1/trusted_issuers/{id} — remove the issuer from its token's TrustedIssuersRegistry
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { TrustedIssuer } from "@/lib/schemas/trusted-issuers";
import { removeTrustedIssuer } from "@/lib/trex/issuers/trusted-issuers";

export const DELETE = api(
  {
    auth: "api_key", summary: "Remove a trusted issuer (removeTrustedIssuer); the record is `removing` until the transaction confirms, then `removed`",
    params: IdParam, response: TrustedIssuer, tags: ["trusted issuers"],
  },
  ({ scope, params }) => removeTrustedIssuer(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, POST, PUT, PATCH } = unmatchedMethods;
