// Times as the API gives them (Unix seconds), formatted in UTC so the server and the browser agree.
const FORMAT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });

export const formatTime = (seconds: number) => `${FORMAT.format(new Date(seconds * 1000))} UTC`;

/** Seconds in words: "45 s", "1.5 min", "2 h", "3 days". */
export const durationOf = (seconds: number) =>
  seconds >= 86_400 ? `${+(seconds / 86_400).toFixed(1)} days` : seconds >= 3600 ? `${+(seconds / 3600).toFixed(1)} h` : seconds >= 60 ? `${+(seconds / 60).toFixed(1)} min` : `${seconds} s`;
