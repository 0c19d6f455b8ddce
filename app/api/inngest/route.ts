// The Inngest serve endpoint, for Inngest Cloud only. It answers only in cloud mode with a signing key, so
// every call is signed; otherwise (embedded mode, or a key missing) it is 404 like any unknown path, since
// an unsigned endpoint would let anyone run a function, e.g. fail another tenant's transaction. In embedded
// mode the local executor calls its own serve() handler in-process (lib/jobs/registry.ts), never this route.
import { serve } from "inngest/next";
import { inngest } from "@/lib/jobs/client";
import { functions } from "@/inngest/functions";
import { isEmbeddedMode } from "@/lib/jobs/mode";
import { unmatchedHandler } from "@/lib/api/unmatched";

type Handler = (request: Request, context: unknown) => Promise<Response>;

const cloud = serve({ client: inngest, functions }) as unknown as Record<"GET" | "POST" | "PUT", Handler>;

const servesInngestCloud = (env: NodeJS.ProcessEnv = process.env) => !isEmbeddedMode(env) && Boolean(env.INNGEST_SIGNING_KEY);

const onlyForCloud = (handler: Handler): Handler => (request, context) =>
  servesInngestCloud() ? handler(request, context) : unmatchedHandler(request);

// Vercel: one call may run a whole step; the longest (a wallet's run, WALLET_RUN_BUDGET_MS 45 s, or a log
// watcher's 50 s pass) fits, and 60 s is allowed on every plan.
export const maxDuration = 60;

export const GET = onlyForCloud(cloud.GET);
export const POST = onlyForCloud(cloud.POST);
export const PUT = onlyForCloud(cloud.PUT);
