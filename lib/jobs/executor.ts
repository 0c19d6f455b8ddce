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
import { CronLoop, registerSchedules } from "./schedules";
import { claimDueRuns, LeaseLost, registerApp, releaseRun, renewLeases, type ClaimedRun } from "./store";
import type { Backoff } from "./time";
import { outsideRequest } from "@/lib/core/idempotency-context";
import { whileDriving } from "./shutdown";

export interface LocalExecutorOptions {
  /** Names this instance in `locked_by`; defaults to host, pid and a random suffix. */
  instanceId?: string;
  /** Whose functions to run: the app's are given by inngest/executor.ts (lib/jobs knows no app). */
  client: Inngest.Any;
  functions: InngestFunction.Any[];
  /** Defaults to serve({ client, functions }).POST from inngest/next, as exported by app/api/inngest. */
  handler?: ServeHandler;
  /** How often to look for due runs when nothing in this process says there is work. */
  pollIntervalMs?: number;
  /** How long a claim holds without renewal; a crashed instance's runs are taken over after this. Default JOBS_LEASE_MS, else 30 s. */
  leaseMs?: number;
  /** How often held leases are renewed; a third of leaseMs by default (tests make it late, so leases lapse mid-drive). */
  renewIntervalMs?: number;
  maxInFlight?: number;
  /**
   * Most runs of one function in flight at once; default JOBS_MAX_IN_FLIGHT_PER_FUNCTION, else three quarters
   * of maxInFlight, so a flood of slow runs of one function (webhooks to a dead endpoint) leaves room for the rest.
   */
  maxPerFunction?: number;
  /** Retry backoff: baseMs doubles per attempt up to maxMs. */
  backoff?: Partial<Backoff>;
  /** Test hook: the time cron triggers are read against (epoch ms), then checked every pollIntervalMs. */
  cronClock?: () => number;
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

export async function startLocalExecutor(options: LocalExecutorOptions): Promise<LocalExecutor> {
  if (!isEmbeddedMode()) throw new Error("The local executor runs only in embedded mode (no Inngest keys; see lib/jobs/mode.ts)");
  const app = describeApp(options.client, options.functions);
  if (options.handler) app.handler = options.handler;
  await registerApp(app.id);
  await registerSchedules(app, (options.cronClock ?? Date.now)());
  const maxInFlight = options.maxInFlight ?? Number(process.env.JOBS_MAX_IN_FLIGHT ?? 20);
  const executor = new Executor(app, {
    instanceId: options.instanceId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`,
    pollIntervalMs: options.pollIntervalMs ?? 250,
    leaseMs: options.leaseMs ?? leaseFromEnv(),
    renewIntervalMs: options.renewIntervalMs,
    maxInFlight,
    maxPerFunction: options.maxPerFunction ?? (Number(process.env.JOBS_MAX_IN_FLIGHT_PER_FUNCTION) || maxInFlight - Math.floor(maxInFlight / 4)),
    backoff: { baseMs: 1_000, maxMs: 300_000, ...options.backoff },
    cronClock: options.cronClock,
  });
  executor.start();
  return executor;
}

/** JOBS_LEASE_MS: a shorter lease lets a crashed instance's runs be taken over sooner (tests), at more renewals. */
function leaseFromEnv(): number {
  const value = Number(process.env.JOBS_LEASE_MS ?? 30_000);
  if (!Number.isInteger(value) || value < 500) throw new Error(`JOBS_LEASE_MS must be a whole number of milliseconds ≥ 500, got ${process.env.JOBS_LEASE_MS}`);
  return value;
}

interface Settings {
  instanceId: string;
  pollIntervalMs: number;
  leaseMs: number;
  renewIntervalMs?: number;
  maxInFlight: number;
  maxPerFunction: number;
  backoff: Backoff;
  cronClock?: () => number;
}

/** A run this executor is driving; `lost` once a renewal found it held by another claim. */
interface Drive {
  token: string;
  lost: boolean;
  done: Promise<void>;
  /** The claim the drive saves under (its lockedBy follows a re-claim, see run()). */
  run: ClaimedRun;
  /** Past its last save: a claim of the run from now on is a new drive's. */
  ended: boolean;
}

class Executor implements LocalExecutor, LocalWorker {
  readonly instanceId: string;
  /** By run id: a run in here is never claimed again by this executor (see claimDueRuns). */
  private readonly inFlight = new Map<string, Drive>();
  /** In claim tokens, so that a restarted instance with the same id never holds its predecessor's claims. */
  private readonly epoch = randomBytes(3).toString("hex");
  /** Room promised to runs being recorded with a claim for this executor (see ./events). */
  private reserved = 0;
  /** Runs in flight or reserved, by function (see maxPerFunction). */
  private readonly perFunction = new Map<string, number>();
  private claims = 0;
  private poller?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  private unsubscribe?: () => void;
  private cron?: CronLoop;
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
    const renewEvery = this.settings.renewIntervalMs ?? Math.max(50, Math.floor(this.settings.leaseMs / 3));
    this.heartbeat = setInterval(() => void this.renew().catch((error) => log("lease renewal failed", error)), renewEvery);
    this.cron = new CronLoop(this.app, {
      clock: this.settings.cronClock,
      pollMs: this.settings.pollIntervalMs,
      started: () => this.wake(),
      log,
    });
    this.cron.start();
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

  reserve(functionId: string, count: number): Reservation | undefined {
    const granted = Math.min(count, this.settings.maxInFlight - this.inFlight.size - this.reserved, this.roomFor(functionId));
    if (this.stopping || granted <= 0) return undefined;
    this.reserved += granted;
    this.count(functionId, granted);
    const token = this.newToken();
    return {
      token,
      leaseMs: this.settings.leaseMs,
      count: granted,
      take: (runs) => {
        this.reserved -= granted;
        this.count(functionId, -granted);
        if (this.dead) return; // a crash: the runs wait for their leases to expire
        for (const run of runs) this.run(run, token);
      },
    };
  }

  private roomFor(functionId: string) {
    return this.settings.maxPerFunction - (this.perFunction.get(functionId) ?? 0);
  }

  private count(functionId: string, delta: number) {
    const n = (this.perFunction.get(functionId) ?? 0) + delta;
    if (n > 0) this.perFunction.set(functionId, n);
    else this.perFunction.delete(functionId);
  }

  async stop({ abandon = false } = {}) {
    this.stopping = true;
    this.dead = abandon;
    clearInterval(this.poller);
    clearTimeout(this.lingering);
    this.unsubscribe?.();
    await this.cron?.stop();
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
        const token = this.newToken();
        const rooms = new Map([...this.app.functions.keys()].map((id) => [id, Math.max(0, this.roomFor(id))]));
        // Held while the claim runs, so runs reserved meanwhile by events sent here do not overfill a function's share.
        for (const [id, room] of rooms) this.count(id, room);
        const { runs, more } = await claimDueRuns(this.app, token, free, this.settings.leaseMs, [...this.inFlight.keys()], rooms).finally(() => {
          for (const [id, room] of rooms) this.count(id, -room);
        });
        // A function at its share may have due runs the claim did not look at: look again when a run ends.
        this.backlog = more || [...rooms.values()].some((room) => room <= 0);
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

  private newToken() {
    return `${this.instanceId}/${this.epoch}.${++this.claims}`;
  }

  /** Extends the leases of the runs being driven; a run no longer held by its claim is marked lost. */
  private async renew() {
    const held = [...this.inFlight];
    if (!held.length) return;
    const renewed = await renewLeases([...new Set(held.map(([, drive]) => drive.token))], this.settings.leaseMs);
    for (const [id, drive] of held) if (!renewed.has(id)) drive.lost = true;
  }

  private run(run: ClaimedRun, token: string) {
    // Claims skip runs in flight here, but one can still come back: its lease lapsed before this
    // executor recorded the drive (a claim racing the one made at the run's creation), or as the drive
    // ends. A drive still going adopts the new claim and goes on with its own, newer state (starting
    // over from the claim's snapshot would run its current step again); after a drive's last save, the
    // new claim is a new drive, started once the old one is over, so a run is never driven twice at once.
    const current = this.inFlight.get(run.id);
    if (current && !current.ended) {
      current.run.lockedBy = run.lockedBy;
      current.token = token;
      return;
    }
    const previous = current?.done ?? Promise.resolve();
    const drive: Drive = { token, lost: false, done: Promise.resolve(), run, ended: false };
    this.count(run.functionId, 1);
    // A run claimed at its creation is started from the request that sent the event: it is not that request's work.
    drive.done = outsideRequest(() => previous.then(() => this.drive(run, drive)))
      .finally(() => {
        if (this.inFlight.get(run.id) === drive) this.inFlight.delete(run.id);
        this.count(run.functionId, -1);
        if (this.backlog) this.refill();
      });
    this.inFlight.set(run.id, drive);
  }

  private async drive(run: ClaimedRun, drive: Drive) {
    const context = {
      app: this.app,
      backoff: this.settings.backoff,
      stopping: () => this.stopping,
      dead: () => this.dead,
      leaseLost: () => drive.lost,
    };
    try {
      // A long call of the function ends early when this executor stops (runStopping, ./shutdown).
      await whileDriving(() => this.stopping && !this.dead, () => driveRun(run, context));
      drive.ended = true;
    } catch (error) {
      drive.ended = true;
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
