// Every 5 minutes, wallet.low_balance for the sending wallets whose runway fell below their tenant's threshold (lib/wallets/alerts).
import { inngest } from "@/lib/jobs/client";
import { checkWalletRunways } from "@/lib/wallets/alerts";

export const walletRunwayCron = inngest.createFunction(
  { id: "wallet-runway", triggers: [{ cron: "*/5 * * * *" }], retries: 0 },
  async ({ step }) => step.run("check", () => checkWalletRunways()),
);
