// Every Inngest function of the app: the infrastructure's own (chain writes and log watching, webhooks,
// retention) and those the areas' modules declare (lib/composition). Served by app/api/inngest/route.ts and
// driven by the local executor.
import { platform } from "@/lib/composition"; // also registers the modules with lib/chain before any run
import type { InngestFunction } from "inngest";
import { processWallet } from "./process-wallet";
import { reconcileTransactionsCron } from "./reconcile-transactions";
import { retention } from "./retention";
import { deliverWebhook } from "./webhook-deliver";
import { webhookOutbox } from "./webhook-outbox";
import { watchChainLogs } from "./watch-chain-logs";
import { walletRunwayCron } from "./wallet-runway";

export const functions: InngestFunction.Any[] = [processWallet, reconcileTransactionsCron, deliverWebhook, webhookOutbox, watchChainLogs, retention, walletRunwayCron, ...platform.functions];
