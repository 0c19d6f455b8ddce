// Governance events from the governor's and the voting token's logs, as the log watcher sees them
// (lib/governance/watch.ts). One run at a time per contract, so its logs become events in their order, and
// a long catch-up of one tenant's governor holds no other's; an instance whose governor and token logs run
// at once syncs under its row lock, range by range. governance_logs makes a repeated log a no-op. A log whose
// block was orphaned (chain/log.removed) is withdrawn under the same concurrency key, in its turn.
import { inngest } from "@/lib/jobs/client";
import { CHAIN_LOG, CHAIN_LOG_REMOVED, type ChainLogEventData } from "@/lib/chain/watch/watcher";
import { GOVERNANCE_LOG_EVENTS, governanceLog, governanceLogRemoved } from "./watch";

const matches = GOVERNANCE_LOG_EVENTS.map((name) => `event.data.event == '${name}'`).join(" || ");

export const governanceLogs = inngest.createFunction(
  { id: "governance-logs", triggers: [{ event: CHAIN_LOG, if: matches }, { event: CHAIN_LOG_REMOVED, if: matches }], concurrency: { key: "event.data.chain_key + ':' + event.data.address", limit: 1 }, retries: 5 },
  // No step: a step's first pass only plans it and frees the concurrency slot, so a later log could be emitted
  // first. One pass holds the slot while it emits; a retry repeats it whole (governanceLog is idempotent).
  async ({ event }) => (event.name === CHAIN_LOG_REMOVED ? governanceLogRemoved : governanceLog)(event.data as ChainLogEventData),
);
