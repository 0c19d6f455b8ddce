// A long-running script's end: Ctrl-C or SIGTERM stops what it started (once, however many signals come), then exits.
export function exitOnSignals(stop: () => Promise<unknown>) {
  let stopping = false;
  const onSignal = async () => {
    if (stopping) return;
    stopping = true;
    await stop();
    process.exit(0);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
