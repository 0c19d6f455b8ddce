// The console's test/live switch: a cookie that scopes what the console shows and does, the way the
// environment of an API key scopes an API call (tokens, transactions and webhook endpoints have `livemode`).
export const ENVIRONMENT_COOKIE = "tp_env";

export type ConsoleEnvironment = "test" | "live";

export const parseEnvironment = (value: string | null | undefined): ConsoleEnvironment => (value === "live" ? "live" : "test");
