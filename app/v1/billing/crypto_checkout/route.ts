// POST /v1/billing/crypto_checkout — a crypto payment request for a plan: deposit address, amount due in USDC/USDT, expiry
import { api } from "@/lib/api/handler";
import { BillingPayment, CryptoCheckoutInput } from "@/lib/schemas/billing-payments";
import { createCryptoCheckout } from "@/lib/billing/crypto/service";

export const POST = api(
  {
    auth: "session",
    role: "owner",
    summary: "Create a crypto payment request (USDC or USDT) for a plan: a deposit address of its own, the amount due and an expiry (1 h)",
    body: CryptoCheckoutInput,
    response: BillingPayment,
    status: 201,
    errors: {
      400: "`network` is a test network (or the local chain) and this deployment is not in development: its tokens cost nothing, so it cannot buy a plan",
      409: "The tenant already has 5 crypto checkouts waiting for payment (`too_many_pending_checkouts`)",
      503: "Crypto checkout is not offered on this network here (no deposit key, stablecoin address or RPC configured)",
    },
    tags: ["billing"],
  },
  ({ tenantId, body }) => createCryptoCheckout(tenantId, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
