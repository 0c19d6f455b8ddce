// POST /v1/connect/sessions — register a session key (time-limited, scoped signing without the owner key)
import { connectApi } from "@/lib/api/connect-routes";
import { SessionKeyCreated, SessionKeyInput } from "@/lib/schemas/connect-sessions";
import { createSession } from "@/lib/connect/sessions/service";

export const POST = connectApi(
  { summary: "Register a session key; answers the callData that installs it on the account (status awaiting_install until a user operation carrying it confirms)", body: SessionKeyInput, response: SessionKeyCreated, status: 201, errors: { 404: "No such account for this tenant on that chain", 409: "The account already has a live session for this signer", 502: "The chain did not answer" } },
  ({ scope, body }) => createSession(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
