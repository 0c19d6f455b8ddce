// /v1/identities/{id} — identity details; update its on-chain address (POST, legacy PUT); remove it from the registry
import { api } from "@/lib/api/handler";
import { postWithLegacy } from "@/lib/api/legacy-method";
import { Identity, IdentityParams, RemoveIdentityInput, UpdateIdentityInput } from "@/lib/schemas/identities";
import { getIdentity, removeIdentity, updateIdentityAddress } from "@/lib/trex/identities/service";

export const GET = api(
  { auth: "api_key", summary: "Identity details", params: IdentityParams, response: Identity, tags: ["identities"] as const },
  ({ scope, params }) => getIdentity(scope, params.id),
);

const { POST, PUT } = postWithLegacy(
  "PUT",
  { auth: "api_key", params: IdentityParams, body: UpdateIdentityInput, response: Identity, tags: ["identities"], summary: "Update the identity's on-chain address (IdentityRegistry.updateIdentity; shows once confirmed)" },
  ({ scope, params, body }) => updateIdentityAddress(scope, params.id, body),
);
export { POST, PUT };

export const DELETE = api(
  { auth: "api_key", summary: "Remove from the registry (IdentityRegistry.deleteIdentity)", params: IdentityParams, body: RemoveIdentityInput, response: Identity, tags: ["identities"] as const },
  ({ scope, params }) => removeIdentity(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PATCH } = unmatchedMethods;
