// DELETE /v1/connect/accounts/{address}/sessions/{sessionKeyId} — revoke a session key (answers the callData that removes it on chain)
import { connectApi } from "@/lib/api/connect-routes";
import { SessionKeyDeleteQuery, SessionKeyParams, SessionKeyRevoked } from "@/lib/schemas/connect-sessions";
import { revokeSession } from "@/lib/connect/sessions/service";

export const DELETE = connectApi(
  { summary: "Revoke a session key: revoked at once (a server-held key is erased); relay revoke_call_data to remove it on chain", params: SessionKeyParams, query: SessionKeyDeleteQuery, response: SessionKeyRevoked, errors: { 404: "No such account or session key for this tenant", 502: "The chain did not answer" } },
  ({ scope, params, query }) => revokeSession(scope, params.address, params.sessionKeyId, query.chain_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, POST, PUT, PATCH } = unmatchedMethods;
