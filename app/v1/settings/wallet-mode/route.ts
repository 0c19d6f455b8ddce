// GET /v1/settings/wallet-mode — custodial or connect, and the addresses that sign
import { api } from "@/lib/api/handler";
import { WalletMode } from "@/lib/schemas/settings";
import { walletMode } from "@/lib/connect/wallet-mode";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api({ auth: "api_key", summary: "Wallet mode and signing addresses", response: WalletMode, tags: ["settings"] }, ({ caller }) =>
  walletMode(scopeOf(caller)),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
