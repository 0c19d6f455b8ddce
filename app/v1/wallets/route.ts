// GET /v1/wallets — addition to the spec: the sending wallets, their balance and runway per network
import { api } from "@/lib/api/handler";
import { WalletList } from "@/lib/schemas/wallets";
import { listWallets } from "@/lib/wallets/runway";

export const GET = api(
  {
    auth: "api_key",
    summary: "Sending wallets, balance and runway",
    description:
      "Addition to the spec. The tenant's sending wallet in the key's mode: its native balance on each network and its runway in days at the last 24 h's gas spend. wallet.low_balance fires when the runway falls below the threshold of /v1/settings/wallet-alerts.",
    response: WalletList,
    tags: ["settings"],
  },
  ({ scope }) => listWallets(scope),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
