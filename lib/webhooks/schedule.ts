// When a failed delivery is tried again. Attempt 1 is at once; after a failure the next attempt waits
// RETRY_DELAYS_MS[n] (n = failures so far): 9 attempts over about 27.5 hours, then the delivery is failed.
const S = 1_000;
const M = 60 * S;
const H = 60 * M;

export const RETRY_DELAYS_MS = [0, 5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 10 * H];

/** An endpoint that has failed every attempt for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * H;

/** Each attempt gives up after this long without a response. */
export const ATTEMPT_TIMEOUT_MS = 15 * S;

/**
 * WEBHOOK_RETRY_SCALE multiplies the delays (e.g. 0.001 in tests: 5 min → 300 ms). Read at each attempt,
 * so it must be set in the process that runs the Inngest functions.
 */
export function retryDelayMs(failures: number, env: NodeJS.ProcessEnv = process.env): number | null {
  if (failures < 1 || failures > RETRY_DELAYS_MS.length) return null;
  const scale = Number(env.WEBHOOK_RETRY_SCALE ?? 1);
  return Math.round(RETRY_DELAYS_MS[failures - 1] * (Number.isFinite(scale) && scale >= 0 ? scale : 1));
}
