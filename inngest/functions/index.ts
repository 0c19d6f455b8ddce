// Every Inngest function of the app: served by app/api/inngest/route.ts and driven by the local executor.
import type { InngestFunction } from "inngest";
import { processTransaction } from "./process-transaction";
import { reconcileTransactionsCron } from "./reconcile-transactions";
import { deliverWebhook } from "./webhook-deliver";
import { webhookOutbox } from "./webhook-outbox";

export const functions: InngestFunction.Any[] = [processTransaction, reconcileTransactionsCron, deliverWebhook, webhookOutbox];
