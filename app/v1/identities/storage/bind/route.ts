// POST /v1/identities/storage/bind — Bind an IdentityRegistry to the IdentityRegistryStorage of a regulated token (sent by the tenant wallet, the storage's owner)
import { api } from "@/lib/api/handler";
import { StorageBindInput } from "@/lib/schemas/identities";
import { Transaction } from "@/lib/schemas/transactions";
import { bindRegistry } from "@/lib/trex/identities/reads";

export const POST = api(
  { auth: "api_key", summary: "Bind an IdentityRegistry to the IdentityRegistryStorage", body: StorageBindInput, response: Transaction, status: 201, tags: ["identities"], errors: { 404: "No such token for this tenant" } },
  ({ scope, body }) => bindRegistry(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
