// GET /v1/settings/wallet-mode — custodial or connect, and the addresses that sign
import { api } from "@/lib/api/handler";
import { WalletMode } from "@/lib/schemas/settings";
import { walletMode } from "@/lib/connect/settings/wallet-mode";

export const GET = api({ auth: "api_key", summary: "Wallet mode and signing addresses", response: WalletMode, tags: ["settings"] }, ({ scope }) =>
  walletMode(scope),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
