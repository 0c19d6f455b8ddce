// Record ids are `<prefix>_<ulid>` in lower case: time-sortable, so cursors are `id < cursor`.
import { monotonicFactory } from "ulid";

const next = monotonicFactory();

export type IdPrefix =
  | "ten" | "usr" | "key" | "rt" | "evt" | "tok" | "tx" | "we" | "whd" | "req" | "wal";

export const newId = (prefix: IdPrefix) => `${prefix}_${next().toLowerCase()}`;

/** Whole seconds since the epoch, the API's `created` format. */
export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
