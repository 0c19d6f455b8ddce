// GET /v1/trusted_issuers/on_chain/check?token_id=&issuer= — isTrustedIssuer, read on chain
import { api } from "@/lib/api/handler";
import { IssuerQuery, TrustedIssuerCheck } from "@/lib/schemas/trusted-issuers";
import { checkTrustedIssuer } from "@/lib/trex/issuers/trusted-issuers";

export const GET = api(
  {
    auth: "api_key", summary: "Whether an address is a trusted issuer of the token (isTrustedIssuer)", query: IssuerQuery, response: TrustedIssuerCheck,
    errors: { 404: "No such token for this tenant" }, tags: ["trusted issuers"],
  },
  ({ scope, query }) => checkTrustedIssuer(scope, query.token_id, query.issuer),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
