// What billing plugs into the layers below (lib/chain/registry/modules): the plan's quotas on chain writes and webhook
// endpoints, the local stablecoins, and the functions that credit and expire crypto payments.
import { defineModule } from "@/lib/chain/registry/modules";
import { assertWebhookEndpointQuota, chainWriteGuard } from "@/lib/billing/quotas/service";
import { installStablecoinBase } from "@/lib/billing/crypto/stablecoins";
import { billingCryptoExpiry, billingCryptoTransfers, TRANSFER_LOG_EVENT } from "./functions";

export const billingModule = defineModule({
  name: "billing",
  guards: { chainWrite: chainWriteGuard, webhookEndpoints: assertWebhookEndpointQuota },
  baseContracts: [{ name: "stablecoins", install: installStablecoinBase }],
  functions: [billingCryptoTransfers, billingCryptoExpiry],
  logEvents: [TRANSFER_LOG_EVENT],
});
