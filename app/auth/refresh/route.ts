// POST /auth/refresh — exchange a refresh token for a new session (the old token stops working)
import { api } from "@/lib/api/handler";
import { policies } from "@/lib/http/rate-limit";
import { RefreshInput, Auth } from "@/lib/schemas/auth";
import { refresh } from "@/lib/auth/service";

export const POST = api(
  {
    auth: "none", summary: "Rotate a refresh token", body: RefreshInput, response: Auth, policy: policies.refresh, tags: ["auth"],
    errors: { 401: "Invalid, expired or revoked refresh token" },
  },
  ({ body }) => refresh(body.refresh_token),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
