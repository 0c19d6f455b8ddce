// POST /v1/connect/passkeys — store a passkey (WebAuthn credential) of an account, verifying its registration
import { api } from "@/lib/api/handler";
import { Passkey, PasskeyInput } from "@/lib/schemas/connect-identity";
import { addPasskey } from "@/lib/connect/passkeys";
import { scopeOf } from "@/lib/tokens/scope";

export const POST = api(
  {
    auth: "api_key",
    summary: "Store passkey metadata for an account; a WebAuthn registration response is verified against rp_id and the allowed origins",
    body: PasskeyInput,
    response: Passkey,
    status: 201,
    errors: { 404: "No such account for this tenant on that chain", 409: "A passkey with this credential id is already registered" },
    tags: ["connect"],
  },
  ({ caller, body }) => addPasskey(scopeOf(caller), body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
