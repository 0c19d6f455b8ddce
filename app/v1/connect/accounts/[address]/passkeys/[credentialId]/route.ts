// DELETE /v1/connect/accounts/{address}/passkeys/{credentialId} — delete a passkey of the account
import { connectApi } from "@/lib/api/connect-routes";
import { PasskeyDeleteQuery, PasskeyDeleted, PasskeyParams } from "@/lib/schemas/connect-identity";
import { deletePasskey } from "@/lib/connect/end-users/passkeys";

export const DELETE = connectApi(
  { summary: "Delete a passkey", params: PasskeyParams, query: PasskeyDeleteQuery, response: PasskeyDeleted },
  ({ scope, params, query }) => deletePasskey(scope, params.address, params.credentialId, query.chain_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, POST, PUT, PATCH } = unmatchedMethods;
