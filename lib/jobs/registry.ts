// What the executor needs to know about each function, read from the same config the SDK would sync
// to Inngest Cloud (including the separate "<id>-failure" function the SDK registers for onFailure).
// Anything in that config the executor does not implement is refused here, not silently ignored.
import type { Inngest, InngestFunction } from "inngest";
import { serve } from "inngest/next";
import { parseCron, type CronSchedule } from "./cron";
import type { ServeHandler } from "./protocol";

interface SyncedConfig {
  id: string;
  name?: string;
  triggers?: { event?: string; expression?: string; cron?: string; jitter?: string }[];
  steps?: Record<string, { retries?: { attempts?: number } }>;
  concurrency?: number | ConcurrencyOption | ConcurrencyOption[];
  [option: string]: unknown;
}

/** Synced fields the executor implements; every other one set (throttle, rateLimit, debounce, batchEvents, …) is refused. */
const IMPLEMENTED = new Set(["id", "name", "triggers", "steps", "concurrency"]);
/** Synced field names that differ from the option a function sets. */
const OPTION_NAMES: Record<string, string> = { cancel: "cancelOn" };

interface ConcurrencyOption {
  limit: number;
  key?: string;
  scope?: "fn" | "env" | "account";
}

export interface JobFunction {
  id: string;
  eventTriggers: { event: string; expression?: string }[];
  cronTriggers: CronSchedule[];
  /** Retries + 1; Inngest's default is 3 retries. */
  maxAttempts: number;
  concurrency?: ConcurrencyOption;
}

export interface App {
  id: string;
  functions: Map<string, JobFunction>;
  handler: ServeHandler;
}

/**
 * The app as the executor drives it: function descriptions plus the very serve() handler the route exports.
 * Throws for a function option the executor does not implement, or a cron schedule Inngest would refuse.
 */
export function describeApp(client: Inngest.Any, functions: InngestFunction.Any[]): App {
  const described = new Map<string, JobFunction>();
  for (const fn of functions) {
    const getConfig = (fn as unknown as { getConfig(o: { baseUrl: URL; appPrefix: string }): SyncedConfig[] }).getConfig;
    for (const config of getConfig.call(fn, { baseUrl: new URL("http://jobs.local/api/inngest"), appPrefix: client.id })) {
      refuseUnsupported(config);
      const retries = config.steps?.step?.retries?.attempts ?? 3;
      const concurrency = Array.isArray(config.concurrency) ? config.concurrency[0] : config.concurrency;
      described.set(config.id, {
        id: config.id,
        eventTriggers: (config.triggers ?? []).flatMap((t) => (t.event ? [{ event: t.event, expression: t.expression }] : [])),
        cronTriggers: (config.triggers ?? []).flatMap((t) => (t.cron ? [cronSchedule(config.id, t.cron)] : [])),
        maxAttempts: retries + 1,
        concurrency: typeof concurrency === "number" ? { limit: concurrency } : concurrency,
      });
    }
  }
  const { POST } = serve({ client, functions });
  const handler: ServeHandler = (request) => (POST as unknown as (r: Request, ctx: unknown) => Promise<Response>)(request, undefined);
  return { id: client.id, functions: described, handler };
}

function refuseUnsupported(config: SyncedConfig) {
  const refuse = (option: string) => {
    throw new Error(`Function "${config.id}" sets ${option}, which the local executor (lib/jobs) does not implement`);
  };
  for (const [field, value] of Object.entries(config)) {
    if (value !== undefined && !IMPLEMENTED.has(field)) refuse(`"${OPTION_NAMES[field] ?? field}"`);
  }
  if (Array.isArray(config.concurrency) && config.concurrency.length > 1) refuse('a second "concurrency" limit');
  if (config.triggers?.some((t) => t.jitter)) refuse('a cron "jitter"');
}

function cronSchedule(functionId: string, expression: string): CronSchedule {
  try {
    return parseCron(expression);
  } catch (error) {
    throw new Error(`Function "${functionId}": ${error instanceof Error ? error.message : String(error)}`);
  }
}
