// POST /v1/tokens/{id}/nfts/{nftTokenId}/royalty — royalty of one NFT (overrides the default)
import { api } from "@/lib/api/handler";
import { NftParams, RoyaltyBody, Transaction } from "@/lib/schemas/tokens";
import { setNftRoyalty } from "@/lib/tokens/operations";

export const POST = api(
  { auth: "api_key", summary: "Set royalty for one NFT", params: NftParams, body: RoyaltyBody, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => setNftRoyalty(scope, params.id, params.nftTokenId, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
