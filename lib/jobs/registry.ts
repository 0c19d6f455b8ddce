// What the executor needs to know about each function, read from the same config the SDK would sync
// to Inngest Cloud (including the separate "<id>-failure" function the SDK registers for onFailure).
import type { Inngest, InngestFunction } from "inngest";
import { serve } from "inngest/next";
import type { ServeHandler } from "./protocol";

interface SyncedConfig {
  id: string;
  triggers?: { event?: string; expression?: string; cron?: string }[];
  steps?: Record<string, { retries?: { attempts?: number } }>;
  concurrency?: number | ConcurrencyOption | ConcurrencyOption[];
}

interface ConcurrencyOption {
  limit: number;
  key?: string;
  scope?: "fn" | "env" | "account";
}

export interface JobFunction {
  id: string;
  eventTriggers: { event: string; expression?: string }[];
  /** Retries + 1; Inngest's default is 3 retries. */
  maxAttempts: number;
  concurrency?: ConcurrencyOption;
}

export interface App {
  id: string;
  functions: Map<string, JobFunction>;
  handler: ServeHandler;
}

/** The app as the executor drives it: function descriptions plus the very serve() handler the route exports. */
export function describeApp(client: Inngest.Any, functions: InngestFunction.Any[]): App {
  const described = new Map<string, JobFunction>();
  for (const fn of functions) {
    const getConfig = (fn as unknown as { getConfig(o: { baseUrl: URL; appPrefix: string }): SyncedConfig[] }).getConfig;
    for (const config of getConfig.call(fn, { baseUrl: new URL("http://jobs.local/api/inngest"), appPrefix: client.id })) {
      const retries = config.steps?.step?.retries?.attempts ?? 3;
      const concurrency = Array.isArray(config.concurrency) ? config.concurrency[0] : config.concurrency;
      described.set(config.id, {
        id: config.id,
        eventTriggers: (config.triggers ?? []).flatMap((t) => (t.event ? [{ event: t.event, expression: t.expression }] : [])),
        maxAttempts: retries + 1,
        concurrency: typeof concurrency === "number" ? { limit: concurrency } : concurrency,
      });
    }
  }
  const { POST } = serve({ client, functions });
  const handler: ServeHandler = (request) => (POST as unknown as (r: Request, ctx: unknown) => Promise<Response>)(request, undefined);
  return { id: client.id, functions: described, handler };
}
