// Intake's one statement per record, gathered: records that reach the database while earlier intake
// statements are on their way are stored together with one statement (lib/core/gather), which is most of the
// database's work at intake in a burst; a lone record is stored at once.
import { gatherWhileBusy } from "@/lib/core/gather";
import { insertAndWake, insertManyAndWake, type NewRecord, type Woken } from "@/lib/chain/records/statements";

/** Intake statements on their way at once (they take the wallet's counter row in turn, so more would only wait). */
const STATEMENTS_AT_ONCE = 2;

/** Stores a pending record and raises its wallet's wake flag, with the other records that arrive meanwhile. */
export const storeAtIntake = gatherWhileBusy<NewRecord, Woken>(async (records) => {
  if (records.length > 1) {
    try {
      return (await insertManyAndWake(records)).map((value) => ({ status: "fulfilled", value }));
    } catch {
      // One record the database refuses must not fail the others: each is stored on its own, and only the
      // refused one answers its error.
    }
  }
  return Promise.allSettled(records.map(insertAndWake));
}, STATEMENTS_AT_ONCE);
