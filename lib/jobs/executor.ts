// The local executor: in embedded mode it plays Inngest's part for our functions, with run state in
// PostgreSQL. Several instances may share one database; each run is driven by one instance at a time.
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { Inngest, InngestFunction } from "inngest";
import { Abandoned, driveRun } from "./driver";
import { onWork } from "./events";
import { isEmbeddedMode } from "./mode";
import type { ServeHandler } from "./protocol";
import { describeApp, type App } from "./registry";
import { claimRuns, dispatchEvents, LeaseLost, registerApp, releaseRun, renewLeases } from "./store";
import type { Backoff } from "./time";

export interface LocalExecutorOptions {
  /** Names this instance in `locked_by`; defaults to host, pid and a random suffix. */
  instanceId?: string;
  /** Defaults to the app's client and function registry (inngest/client.ts, inngest/functions). */
  client?: Inngest.Any;
  functions?: InngestFunction.Any[];
  /** Defaults to serve({ client, functions }).POST from inngest/next, as exported by app/api/inngest. */
  handler?: ServeHandler;
  /** How often to look for due runs when nothing in this process says there is work. */
  pollIntervalMs?: number;
  /** How long a claim holds without renewal; a crashed instance's runs are taken over after this. */
  leaseMs?: number;
  maxInFlight?: number;
  /** Retry backoff: baseMs doubles per attempt up to maxMs. */
  backoff?: Partial<Backoff>;
}

export interface LocalExecutor {
  readonly instanceId: string;
  /** Look for work now. */
  wake(): void;
  /**
   * Stops claiming; running runs are handed back at their next boundary and awaited.
   * `abandon: true` simulates a crash: nothing more is written and held runs wait for their leases to expire.
   */
  stop(options?: { abandon?: boolean }): Promise<void>;
}

export async function startLocalExecutor(options: LocalExecutorOptions = {}): Promise<LocalExecutor> {
  if (!isEmbeddedMode()) throw new Error("The local executor runs only in embedded mode (no Inngest keys; see lib/jobs/mode.ts)");
  const client = options.client ?? (await import("@/inngest/client")).inngest;
  const functions = options.functions ?? (await import("@/inngest/functions")).functions;
  const app = describeApp(client, functions);
  if (options.handler) app.handler = options.handler;
  await registerApp(app.id);
  const executor = new Executor(app, {
    instanceId: options.instanceId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`,
    pollIntervalMs: options.pollIntervalMs ?? 250,
    leaseMs: options.leaseMs ?? 30_000,
    maxInFlight: options.maxInFlight ?? 20,
    backoff: { baseMs: 1_000, maxMs: 300_000, ...options.backoff },
  });
  executor.start();
  return executor;
}

interface Settings {
  instanceId: string;
  pollIntervalMs: number;
  leaseMs: number;
  maxInFlight: number;
  backoff: Backoff;
}

class Executor implements LocalExecutor {
  readonly instanceId: string;
  private readonly inFlight = new Map<string, { token: string; done: Promise<void> }>();
  private claims = 0;
  private timer?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  private unsubscribe?: () => void;
  private ticking = false;
  private tickAgain = false;
  private stopping = false;
  private dead = false;

  constructor(
    private readonly app: App,
    private readonly settings: Settings,
  ) {
    this.instanceId = settings.instanceId;
  }

  start() {
    this.unsubscribe = onWork(() => this.wake());
    // Renew leases well before they lapse, so only a dead (or stalled) instance loses its runs.
    this.heartbeat = setInterval(() => {
      const tokens = [...new Set([...this.inFlight.values()].map((r) => r.token))];
      renewLeases(tokens, this.settings.leaseMs).catch((error) => log("lease renewal failed", error));
    }, Math.max(50, Math.floor(this.settings.leaseMs / 3)));
    this.wake();
  }

  wake() {
    if (this.stopping) return;
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    this.schedule(0);
  }

  async stop({ abandon = false } = {}) {
    this.stopping = true;
    this.dead = abandon;
    clearTimeout(this.timer);
    this.unsubscribe?.();
    if (!abandon) await Promise.allSettled([...this.inFlight.values()].map((r) => r.done));
    clearInterval(this.heartbeat);
  }

  private schedule(delayMs: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick() {
    if (this.stopping || this.ticking) return;
    this.ticking = true;
    try {
      while ((await dispatchEvents(this.app)) > 0 && !this.stopping);
      const free = this.settings.maxInFlight - this.inFlight.size;
      const token = `${this.instanceId}/${++this.claims}`;
      const runs = this.stopping ? [] : await claimRuns(this.app, token, free, this.settings.leaseMs);
      for (const run of runs) {
        const done = this.drive(run).finally(() => {
          this.inFlight.delete(run.id);
          this.wake(); // a slot is free
        });
        this.inFlight.set(run.id, { token, done });
      }
      if (free > 0 && runs.length === free) this.tickAgain = true; // there may be more due runs
    } catch (error) {
      log("poll failed", error);
    } finally {
      this.ticking = false;
      if (!this.stopping) this.schedule(this.tickAgain ? 0 : this.settings.pollIntervalMs);
      this.tickAgain = false;
    }
  }

  private async drive(run: Awaited<ReturnType<typeof claimRuns>>[number]) {
    const context = {
      app: this.app,
      backoff: this.settings.backoff,
      stopping: () => this.stopping,
      dead: () => this.dead,
    };
    try {
      await driveRun(run, context);
    } catch (error) {
      if (error instanceof Abandoned || error instanceof LeaseLost) return;
      log(`run ${run.id} (${run.functionId}) interrupted; retrying later`, error);
      // Hand the run back as queued: the next executor asks the function where it stands.
      await releaseRun(run, "queued", new Date(Date.now() + this.settings.backoff.baseMs), null).catch(() => {});
    }
  }
}

function log(message: string, error: unknown) {
  if (process.env.LOG_LEVEL !== "silent") console.error(`[jobs] ${message}:`, error);
}
