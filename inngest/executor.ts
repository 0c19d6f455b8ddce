// The app's local executor: lib/jobs runs whatever functions it is given, and this entry point gives it the
// app's client and its functions (inngest/functions). Entry points start it: instrumentation, tests, benches.
import { inngest } from "@/lib/jobs/client";
import { startLocalExecutor, startLocalExecutorIfEmbedded, type LocalExecutorOptions } from "@/lib/jobs";
import { functions } from "./functions";

type AppExecutorOptions = Omit<LocalExecutorOptions, "client" | "functions">;

const withApp = (options: AppExecutorOptions = {}): LocalExecutorOptions => ({ client: inngest, functions, ...options });

export const startAppExecutor = (options?: AppExecutorOptions) => startLocalExecutor(withApp(options));
export const startAppExecutorIfEmbedded = (options?: AppExecutorOptions) => startLocalExecutorIfEmbedded(withApp(options));
