// Intake's one statement per record, gathered: records that reach the database while earlier intake
// statements are on their way are stored together with one statement (lib/gather), which is most of the
// database's work at intake in a burst; a lone record is stored at once.
import { gatherWhileBusy } from "@/lib/gather";
import { insertAndWake, insertManyAndWake, type NewRecord, type Woken } from "./records";

interface Waiting {
  record: NewRecord;
  resolve: (stored: Woken) => void;
  reject: (error: unknown) => void;
}

/** Intake statements on their way at once (they take the wallet's counter row in turn, so more would only wait). */
const STATEMENTS_AT_ONCE = 2;

const store = gatherWhileBusy<Waiting>(async (group) => {
  if (group.length > 1) {
    try {
      const stored = await insertManyAndWake(group.map((w) => w.record));
      group.forEach((w, i) => w.resolve(stored[i]));
      return;
    } catch {
      // One record the database refuses must not fail the others: each is stored on its own, and only the
      // refused one answers its error.
    }
  }
  await Promise.all(group.map((w) => insertAndWake(w.record).then(w.resolve, w.reject)));
}, STATEMENTS_AT_ONCE);

/** Stores a pending record and raises its wallet's wake flag, with the other records that arrive meanwhile. */
export function storeAtIntake(record: NewRecord): Promise<Woken> {
  return new Promise((resolve, reject) => store({ record, resolve, reject }));
}
