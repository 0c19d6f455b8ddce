// Times as the API gives them (Unix seconds), formatted in UTC so the server and the browser agree.
const FORMAT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });

export const formatTime = (seconds: number) => `${FORMAT.format(new Date(seconds * 1000))} UTC`;
