// POST /auth/login — sign in with e-mail and password; returns a session
import { api } from "@/lib/api/handler";
import { policies } from "@/lib/http/rate-limit";
import { LoginInput, Auth } from "@/lib/schemas/auth";
import { login } from "@/lib/auth/service";

export const POST = api(
  {
    auth: "none", summary: "Sign in", body: LoginInput, response: Auth, policy: policies.auth, tags: ["auth"],
    errors: { 401: "Incorrect email or password" },
  },
  ({ body }) => login(body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
