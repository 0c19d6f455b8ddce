/**
 * Embedded mode: no Inngest keys are set, so a local executor in this process plays Inngest's part.
 * Never in production unless INNGEST_DEV_EXECUTOR=1 says so (the single-machine `npm start` stack).
 */
export function isEmbeddedMode(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.INNGEST_EVENT_KEY || env.INNGEST_SIGNING_KEY) return false;
  return env.NODE_ENV !== "production" || env.INNGEST_DEV_EXECUTOR === "1";
}
