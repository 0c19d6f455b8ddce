// Every Inngest function of the app: served by app/api/inngest/route.ts and driven by the local executor.
import "@/lib/composition"; // the domains registered with lib/chain before any run
import type { InngestFunction } from "inngest";
import { processWallet } from "./process-wallet";
import { reconcileTransactionsCron } from "./reconcile-transactions";
import { retention } from "./retention";
import { deliverWebhook } from "./webhook-deliver";
import { webhookOutbox } from "./webhook-outbox";
import { watchChainLogs } from "./watch-chain-logs";
import { followRelayOperation } from "./connect-follow-relay";
import { connectUserOperationEvents } from "./connect-user-operation-events";
import { sweepRelaysCron } from "./connect-sweep-relays";
import { governanceLogs } from "./governance-logs";
import { vrfLocalFulfiller, vrfLogs } from "./vrf";
import { billingCryptoExpiry, billingCryptoTransfers } from "./billing-crypto";

export const functions: InngestFunction.Any[] = [processWallet, reconcileTransactionsCron, deliverWebhook, webhookOutbox, watchChainLogs, retention, followRelayOperation, connectUserOperationEvents, sweepRelaysCron, governanceLogs, vrfLogs, vrfLocalFulfiller, billingCryptoTransfers, billingCryptoExpiry];
