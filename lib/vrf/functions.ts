// VRF v2.5: fulfilments seen by the log watcher (lib/vrf/watch.ts), and the local chain's fulfiller
// (lib/vrf/local-fulfiller.ts), every minute, only acting on requests to the local mock coordinator.
import { inngest } from "@/lib/jobs/client";
import { CHAIN_LOG, CHAIN_LOG_REMOVED, type ChainLogEventData } from "@/lib/chain/watch/watcher";
import { VRF_LOG_EVENT, vrfFulfilledLog, vrfFulfilmentRemoved } from "./watch";
import { fulfilLocalRequests } from "./local-fulfiller";

export const vrfLogs = inngest.createFunction(
  {
    id: "vrf-logs",
    triggers: [{ event: CHAIN_LOG, if: `event.data.event == '${VRF_LOG_EVENT}'` }, { event: CHAIN_LOG_REMOVED, if: `event.data.event == '${VRF_LOG_EVENT}'` }],
    retries: 5,
  },
  async ({ event }) => (event.name === CHAIN_LOG_REMOVED ? vrfFulfilmentRemoved : vrfFulfilledLog)(event.data as ChainLogEventData),
);

export const vrfLocalFulfiller = inngest.createFunction(
  { id: "vrf-local-fulfiller", triggers: [{ cron: "* * * * *" }], concurrency: { limit: 1 }, retries: 0 },
  async () => ({ fulfilled: await fulfilLocalRequests() }),
);
