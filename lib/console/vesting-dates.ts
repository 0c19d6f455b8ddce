// The vesting form asks for dates (when vesting starts, when the cliff ends, when everything has vested); the
// API takes a start in unix seconds and the cliff and the duration in seconds from it. The browser turns each
// date it shows (in the person's time zone) into unix seconds in a hidden `<input>_unix` field; this turns
// those into the API's fields, or says in words which date is wrong.

/** The API's field → the date input that shows its errors. */
export const VESTING_DATE_INPUTS = { start: "start_at", cliff_seconds: "cliff_at", duration_seconds: "end_at" } as const;

/** The API's latest time (9999-12-31, lib/schemas/vesting). */
const LATEST = 253_402_300_799;

const seconds = (values: FormData, input: string): number | null => {
  const raw = values.get(`${input}_unix`);
  return typeof raw === "string" && /^\d{1,12}$/.test(raw.trim()) ? Number(raw.trim()) : null;
};

export function vestingTimes(values: FormData): { values: Record<string, string>; errors: Record<string, string> } {
  const start = seconds(values, "start_at");
  const cliff = seconds(values, "cliff_at");
  const end = seconds(values, "end_at");
  const errors: Record<string, string> = {};
  if (start === null) errors.start_at = "Enter the date vesting starts.";
  if (end === null) errors.end_at = "Enter the date everything has vested.";
  if (start === null || end === null) return { values: {}, errors };
  if (end > LATEST) return { values: {}, errors: { end_at: "Must be before the year 10000." } };
  if (end < start) return { values: {}, errors: { end_at: "Must be on or after the start." } };
  const cliffAt = cliff ?? start; // no cliff: releasable from the start
  if (cliffAt < start || cliffAt > end) return { values: {}, errors: { cliff_at: "The cliff must end between the start and the end." } };
  return { values: { start: String(start), cliff_seconds: String(cliffAt - start), duration_seconds: String(end - start) }, errors: {} };
}
