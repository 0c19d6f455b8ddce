// DELETE /v1/connect/accounts/{address}/passkeys/{credentialId} — delete a passkey of the account
import { api } from "@/lib/api/handler";
import { PasskeyDeleteQuery, PasskeyDeleted, PasskeyParams } from "@/lib/schemas/connect-identity";
import { deletePasskey } from "@/lib/connect/passkeys";
import { scopeOf } from "@/lib/tokens/scope";

export const DELETE = api(
  { auth: "api_key", summary: "Delete a passkey", params: PasskeyParams, query: PasskeyDeleteQuery, response: PasskeyDeleted, tags: ["connect"] },
  ({ caller, params, query }) => deletePasskey(scopeOf(caller), params.address, params.credentialId, query.chain_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, POST, PUT, PATCH } = unmatchedMethods;
