// POST /auth/register — create a tenant and its owner; returns a session
import { api } from "@/lib/api/handler";
import { policies } from "@/lib/http/rate-limit";
import { RegisterInput, Auth } from "@/lib/schemas/auth";
import { register } from "@/lib/auth/service";

export const POST = api(
  {
    auth: "none", summary: "Register a tenant and its owner", body: RegisterInput, response: Auth, status: 201, policy: policies.auth, tags: ["auth"],
    errors: { 409: "An account with this email already exists" },
  },
  ({ body }) => register(body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
