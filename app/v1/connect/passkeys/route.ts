// POST /v1/connect/passkeys — store a passkey (WebAuthn credential) of an account, verifying its registration
import { connectApi } from "@/lib/api/connect-routes";
import { Passkey, PasskeyInput } from "@/lib/schemas/connect-identity";
import { addPasskey } from "@/lib/connect/end-users/passkeys";

export const POST = connectApi(
  { summary: "Store passkey metadata for an account; a WebAuthn registration response is verified against rp_id and the allowed origins", body: PasskeyInput, response: Passkey, status: 201, errors: { 404: "No such account for this tenant on that chain", 409: "A passkey with this credential id is already registered" } },
  ({ scope, body }) => addPasskey(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
