// GET, POST /v1/connect/paymasters — the tenant's paymasters; register a deployed paymaster and its signer
import { Reply } from "@/lib/api/handler";
import { connectApi } from "@/lib/api/connect-routes";
import { ListQuery } from "@/lib/schemas/common";
import { Paymaster, PaymasterInput, PaymasterList } from "@/lib/schemas/connect-identity";
import { DEPRECATED_KEY_WARNING, listPaymasters, registerPaymaster } from "@/lib/connect/paymasters/service";

export const GET = connectApi(
  { summary: "List the tenant's paymasters", query: ListQuery, response: PaymasterList },
  ({ scope, query }) => listPaymasters(scope, query),
);

export const POST = connectApi(
  { summary: "Register a deployed paymaster; signer as keystore_json + keystore_password, or the deprecated signer_private_key", body: PaymasterInput, response: Paymaster, status: 201, errors: { 409: "The paymaster is already registered", 502: "The network's RPC could not be reached", 503: "Too many keystore imports at once (Retry-After)" } },
  async ({ scope, body }) => {
    const paymaster = await registerPaymaster(scope, body);
    return body.signer_private_key !== undefined ? new Reply(paymaster, 201, { Warning: DEPRECATED_KEY_WARNING }) : paymaster;
  },
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
