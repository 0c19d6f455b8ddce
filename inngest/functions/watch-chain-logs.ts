// Follows contract logs (lib/chain/watch/watcher): every minute, the cron run asks for one run per chain with
// subscriptions, and each of those polls its chain for about 50 s at the chain's block interval, then ends;
// the next minute's run continues from the stored progress. A new subscription asks for a run at once.
import { inngest } from "@/lib/jobs/client";
import { runStopping } from "@/lib/jobs";
import { CHAIN_WATCH_REQUESTED, ChainNotServed, watchedChainKeys, watchRequest } from "@/lib/chain/watch/subscriptions";
import { followChainLogs } from "@/lib/chain/watch/watcher";

const RUN_FOR_MS = 50_000;

export const watchChainLogs = inngest.createFunction(
  {
    id: "watch-chain-logs",
    triggers: [{ cron: "* * * * *" }, { event: CHAIN_WATCH_REQUESTED }],
    // One watcher per chain at a time; the cron runs (no chain_key) share one key.
    concurrency: { key: "event.data.chain_key", limit: 1 },
    // A failed run is followed by the next minute's run, which resumes from the stored progress.
    retries: 0,
  },
  async ({ event, step }) => {
    if (event.name !== CHAIN_WATCH_REQUESTED) {
      const chainKeys = await step.run("watched-chains", () => watchedChainKeys());
      if (chainKeys.length) await step.sendEvent("request-watchers", chainKeys.map((chainKey) => watchRequest(chainKey)));
      return { requested: chainKeys };
    }
    const chainKey = String(event.data.chain_key);
    return step.run("follow", async () => {
      try {
        return await followChainLogs(chainKey, { forMs: RUN_FOR_MS, stopping: runStopping }); // a clean stop hands the chain over at once
      } catch (error) {
        // A subscription for a network whose RPC is not configured here: nothing this deployment can do.
        if (error instanceof ChainNotServed) return { chain_key: chainKey, skipped: error.message };
        throw error;
      }
    });
  },
);
