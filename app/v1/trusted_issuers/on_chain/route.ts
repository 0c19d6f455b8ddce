// GET /v1/trusted_issuers/on_chain?token_id= — the issuers of the token's TrustedIssuersRegistry, read on chain
import { api } from "@/lib/api/handler";
import { OnChainTrustedIssuers, TokenQuery } from "@/lib/schemas/trusted-issuers";
import { onChainTrustedIssuers } from "@/lib/trex/issuers/trusted-issuers";

export const GET = api(
  {
    auth: "api_key", summary: "Issuers registered on-chain (getTrustedIssuers, with each issuer's topics)", query: TokenQuery, response: OnChainTrustedIssuers,
    errors: { 404: "No such token for this tenant" }, tags: ["trusted issuers"],
  },
  ({ scope, query }) => onChainTrustedIssuers(scope, query.token_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
