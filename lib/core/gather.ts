// Batching that adapts to load without a timer: an item that arrives while fewer than `concurrency` batches
// are on their way goes out at once, with the other items of its event-loop turn; otherwise it waits for one
// of them to come back and goes with everything that arrived meanwhile. A lone item is never delayed, and
// under load a batch grows to what arrives in one round trip (group commit, as databases do for their log).
export function gatherWhileBusy<T, R>(
  flush: (items: T[]) => Promise<PromiseSettledResult<R>[]>,
  concurrency = 1,
): (item: T) => Promise<R> {
  let waiting: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  let running = 0;
  let scheduled = false;
  const next = () => {
    if (scheduled || running >= concurrency || !waiting.length) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const batch = waiting;
      waiting = [];
      running++;
      // Each item gets its own outcome; a batch that fails as a whole fails each of its items.
      flush(batch.map((w) => w.item))
        .then(
          (results) => results.forEach((r, i) => (r.status === "fulfilled" ? batch[i].resolve(r.value) : batch[i].reject(r.reason))),
          (error) => batch.forEach((w) => w.reject(error)),
        )
        .finally(() => {
          running--;
          next();
        });
    });
  };
  return (item: T) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      next();
    });
}
