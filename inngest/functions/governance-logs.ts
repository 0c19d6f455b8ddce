// Governance events from the governor's and the voting token's logs, as the log watcher sees them
// (lib/governance/watch.ts). One run at a time per chain, so a chain's logs become events in their order;
// governance_logs makes a repeated log a no-op.
import { inngest } from "@/inngest/client";
import { CHAIN_LOG, type ChainLogEventData } from "@/lib/chain/watcher";
import { GOVERNANCE_LOG_EVENTS, governanceLog } from "@/lib/governance/watch";

const matches = GOVERNANCE_LOG_EVENTS.map((name) => `event.data.event == '${name}'`).join(" || ");

export const governanceLogs = inngest.createFunction(
  { id: "governance-logs", triggers: [{ event: CHAIN_LOG, if: matches }], concurrency: { key: "event.data.chain_key", limit: 1 }, retries: 5 },
  // No step: a step's first pass only plans it and frees the concurrency slot, so a later log could be emitted
  // first. One pass holds the slot while it emits; a retry repeats it whole (governanceLog is idempotent).
  async ({ event }) => governanceLog(event.data as ChainLogEventData),
);
