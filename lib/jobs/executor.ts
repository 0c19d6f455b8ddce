// The local executor: in embedded mode it plays Inngest's part for our functions, with run state in
// PostgreSQL. Several instances may share one database; each run is driven by one instance at a time.
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { Inngest, InngestFunction } from "inngest";
import { Abandoned, driveRun } from "./driver";
import { serveLocally, type LocalWorker, type Reservation } from "./events";
import { dispatchEvents } from "./intake";
import { isEmbeddedMode } from "./mode";
import type { ServeHandler } from "./protocol";
import { describeApp, type App } from "./registry";
import { claimDueRuns, LeaseLost, registerApp, releaseRun, renewLeases, type ClaimedRun } from "./store";
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
    maxInFlight: options.maxInFlight ?? Number(process.env.JOBS_MAX_IN_FLIGHT ?? 20),
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

class Executor implements LocalExecutor, LocalWorker {
  readonly instanceId: string;
  private readonly inFlight = new Map<string, { token: string; done: Promise<void> }>();
  /** Room promised to runs being recorded with a claim for this executor (see ./events). */
  private reserved = 0;
  private claims = 0;
  private poller?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  private unsubscribe?: () => void;
  /** Someone asked to look for work; a tick is scheduled or running. */
  private wanted = false;
  private scheduled = false;
  private ticking = false;
  private dispatching = false;
  /** The last claim left due runs behind (no room, or concurrency limits): look again when a run ends. */
  private backlog = false;
  private lingering?: NodeJS.Timeout;
  private stopping = false;
  private dead = false;

  constructor(
    readonly app: App,
    private readonly settings: Settings,
  ) {
    this.instanceId = settings.instanceId;
  }

  start() {
    this.unsubscribe = serveLocally(this);
    this.poller = setInterval(() => {
      void this.dispatch();
      this.wake();
    }, this.settings.pollIntervalMs);
    // Renew leases well before they lapse, so only a dead (or stalled) instance loses its runs.
    this.heartbeat = setInterval(() => {
      const tokens = [...new Set([...this.inFlight.values()].map((r) => r.token))];
      renewLeases(tokens, this.settings.leaseMs).catch((error) => log("lease renewal failed", error));
    }, Math.max(50, Math.floor(this.settings.leaseMs / 3)));
    void this.dispatch();
    this.wake();
  }

  wake() {
    if (this.stopping) return;
    this.wanted = true;
    if (this.ticking || this.scheduled) return; // the running tick loops again
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.tick();
    });
  }

  reserve(count: number): Reservation | undefined {
    const granted = Math.min(count, this.settings.maxInFlight - this.inFlight.size - this.reserved);
    if (this.stopping || granted <= 0) return undefined;
    this.reserved += granted;
    const token = `${this.instanceId}/${++this.claims}`;
    return {
      token,
      leaseMs: this.settings.leaseMs,
      count: granted,
      take: (runs) => {
        this.reserved -= granted;
        if (this.dead) return; // a crash: the runs wait for their leases to expire
        for (const run of runs) this.run(run, token);
      },
    };
  }

  async stop({ abandon = false } = {}) {
    this.stopping = true;
    this.dead = abandon;
    clearInterval(this.poller);
    clearTimeout(this.lingering);
    this.unsubscribe?.();
    if (!abandon) {
      while (this.reserved > 0 || this.ticking || this.dispatching) await new Promise((resolve) => setTimeout(resolve, 1));
      await Promise.allSettled([...this.inFlight.values()].map((r) => r.done));
    }
    clearInterval(this.heartbeat);
  }

  private async tick() {
    if (this.stopping || this.ticking) return;
    this.ticking = true;
    try {
      while (this.wanted && !this.stopping) {
        this.wanted = false;
        const free = this.settings.maxInFlight - this.inFlight.size - this.reserved;
        const token = `${this.instanceId}/${++this.claims}`;
        const { runs, more } = await claimDueRuns(this.app, token, free, this.settings.leaseMs);
        this.backlog = more;
        for (const run of runs) this.run(run, token);
      }
    } catch (error) {
      log("poll failed", error);
    } finally {
      this.ticking = false;
    }
  }

  /** Starts this app's runs for events recorded elsewhere (each poll, beside claims); wakes if it did. */
  private async dispatch() {
    if (this.dispatching || this.stopping) return;
    this.dispatching = true;
    try {
      while (!this.stopping && (await dispatchEvents(this.app)) > 0) this.wake();
    } catch (error) {
      log("dispatch failed", error);
    } finally {
      this.dispatching = false;
    }
  }

  /**
   * A slot is free and due runs were left behind. Claim at once when a quarter of the slots is free,
   * else shortly: runs ending meanwhile are claimed for together, one statement for several runs.
   */
  private refill() {
    const free = this.settings.maxInFlight - this.inFlight.size - this.reserved;
    if (free >= Math.ceil(this.settings.maxInFlight / 4)) return this.wake();
    this.lingering ??= setTimeout(() => {
      this.lingering = undefined;
      this.wake();
    }, 2);
  }

  private run(run: ClaimedRun, token: string) {
    const done = this.drive(run).finally(() => {
      this.inFlight.delete(run.id);
      if (this.backlog) this.refill();
    });
    this.inFlight.set(run.id, { token, done });
  }

  private async drive(run: ClaimedRun) {
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
