// GET and PUT /v1/settings/wallet-alerts — addition to the spec: the runway threshold of wallet.low_balance
import { api } from "@/lib/api/handler";
import { WalletAlertSettings, WalletAlertSettingsInput } from "@/lib/schemas/wallets";
import { getWalletAlertSettings, setWalletAlertSettings } from "@/lib/wallets/alerts";

const description = "Addition to the spec. wallet.low_balance fires once when a sending wallet's runway falls below `low_balance_runway_days` (3 by default), and again only after it rose above.";

export const GET = api(
  { auth: "api_key", summary: "Wallet alert settings", description, response: WalletAlertSettings, tags: ["settings"] },
  ({ scope }) => getWalletAlertSettings(scope),
);

export const PUT = api(
  { auth: "api_key", summary: "Update wallet alert settings", description, body: WalletAlertSettingsInput, response: WalletAlertSettings, tags: ["settings"] },
  ({ scope, body }) => setWalletAlertSettings(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PATCH, DELETE } = unmatchedMethods;
