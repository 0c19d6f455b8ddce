// /v1/multisigs — list multisigs; deploy a Safe through the factory
import { api } from "@/lib/api/handler";
import { CreateMultisigInput, ListMultisigsQuery, Multisig, MultisigList } from "@/lib/schemas/multisig";
import { createMultisig, listMultisigs } from "@/lib/multisig/service";

export const GET = api(
  { auth: "api_key", summary: "List multisigs (filter by network, status)", query: ListMultisigsQuery, response: MultisigList, tags: ["multisigs"] },
  ({ scope, query }) => listMultisigs(scope, query),
);

export const POST = api(
  { auth: "api_key", summary: "Deploy a Safe 1.4.1 multisig through the SafeProxyFactory, at the address predict_address gives", body: CreateMultisigInput, response: Multisig, status: 201, tags: ["multisigs"] },
  ({ scope, body }) => createMultisig(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
