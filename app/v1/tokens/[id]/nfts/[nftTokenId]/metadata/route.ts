// POST /v1/tokens/{id}/nfts/{nftTokenId}/metadata — update the metadata URI of one NFT
import { api } from "@/lib/api/handler";
import { NftMetadataInput, NftParams, Transaction } from "@/lib/schemas/tokens";
import { setNftMetadata } from "@/lib/tokens/operations";

export const POST = api(
  { auth: "api_key", summary: "Update the metadata URI of an NFT", params: NftParams, body: NftMetadataInput, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => setNftMetadata(scope, params.id, params.nftTokenId, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
