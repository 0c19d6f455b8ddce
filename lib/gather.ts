// Batching that adapts to load without a timer: an item that arrives while fewer than `concurrency` batches
// are on their way goes out at once, with the other items of its event-loop turn; otherwise it waits for one
// of them to come back and goes with everything that arrived meanwhile. A lone item is never delayed, and
// under load a batch grows to what arrives in one round trip (group commit, as databases do for their log).
export function gatherWhileBusy<T>(flush: (items: T[]) => Promise<void>, concurrency = 1): (item: T) => void {
  let waiting: T[] = [];
  let running = 0;
  let scheduled = false;
  const next = () => {
    if (scheduled || running >= concurrency || !waiting.length) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const items = waiting;
      waiting = [];
      running++;
      // `flush` answers its own items, failures included; a throw must not stop the ones after it.
      flush(items)
        .catch((error) => console.error(`gather: a batch failed outside its items: ${error instanceof Error ? error.message : error}`))
        .finally(() => {
          running--;
          next();
        });
    });
  };
  return (item: T) => {
    waiting.push(item);
    next();
  };
}
