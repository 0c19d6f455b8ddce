// POST /v1/connect/paymasters/import-keystore — register a paymaster from a keystore V3 and its password
import { connectApi } from "@/lib/api/connect-routes";
import { ImportKeystoreInput, Paymaster } from "@/lib/schemas/connect-identity";
import { registerPaymaster } from "@/lib/connect/paymasters/service";

export const POST = connectApi(
  { summary: "Register a paymaster from an Ethereum keystore V3 plus password (preferred); the plaintext key is never persisted", body: ImportKeystoreInput, response: Paymaster, status: 201, errors: { 409: "The paymaster is already registered", 502: "The network's RPC could not be reached", 503: "Too many keystore imports at once (Retry-After)" } },
  ({ scope, body }) => registerPaymaster(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
