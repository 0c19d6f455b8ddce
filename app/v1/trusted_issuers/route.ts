// /v1/trusted_issuers — list trusted issuers; register one in a regulated token's TrustedIssuersRegistry
import { api } from "@/lib/api/handler";
import { CreateTrustedIssuerInput, ListTrustedIssuersQuery, TrustedIssuer, TrustedIssuerList } from "@/lib/schemas/trusted-issuers";
import { createTrustedIssuer, listTrustedIssuers } from "@/lib/trex/issuers/trusted-issuers";

export const GET = api(
  { auth: "api_key", summary: "List trusted issuers (filter by token_id, status)", query: ListTrustedIssuersQuery, response: TrustedIssuerList, tags: ["trusted issuers"] },
  ({ scope, query }) => listTrustedIssuers(scope, query),
);

export const POST = api(
  { auth: "api_key", summary: "Register a trusted issuer (TrustedIssuersRegistry.addTrustedIssuer)", body: CreateTrustedIssuerInput, response: TrustedIssuer, status: 201, errors: { 404: "No such token for this tenant", 409: "The issuer is already trusted by the token (`trusted_issuer_exists`), or idempotency_key reused with other parameters" }, tags: ["trusted issuers"] },
  ({ scope, body }) => createTrustedIssuer(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
