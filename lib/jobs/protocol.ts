// One request of Inngest's executor protocol to the app's own serve() handler, in-process.
// ctx.fn_id / ctx.qi_id are never sent: with them the SDK would checkpoint to an Inngest server.

export type ServeHandler = (request: Request) => Promise<Response>;

export type StepResult = { type: "data"; data: unknown } | { type: "error"; error: unknown };

/** An op the SDK reports in a 206 answer (see StepOpCode in the SDK). */
export interface Op {
  id: string;
  op: string;
  name?: string;
  displayName?: string;
  opts?: Record<string, unknown>;
  data?: unknown;
  error?: unknown;
}

export type Outcome =
  | { kind: "completed"; output: unknown }
  | { kind: "ops"; ops: Op[]; retryAfter?: string }
  | { kind: "failed"; error: unknown; retriable: boolean; retryAfter?: string };

export interface Call {
  functionId: string;
  runId: string;
  event: unknown;
  steps: Record<string, StepResult>;
  stack: string[];
  attempt: number;
  maxAttempts: number;
  /** Hashed id of one planned step to execute; the function's discovery request otherwise. */
  stepId?: string;
  /** Report new steps instead of running one at once (other steps are planned or waiting to retry). */
  planOnly?: boolean;
}

export async function callFunction(handler: ServeHandler, call: Call): Promise<Outcome> {
  const url = new URL("http://jobs.local/api/inngest");
  url.searchParams.set("fnId", call.functionId);
  url.searchParams.set("stepId", call.stepId ?? "step");
  const body = {
    event: call.event,
    events: [call.event],
    steps: call.steps,
    ctx: {
      run_id: call.runId,
      attempt: call.attempt,
      max_attempts: call.maxAttempts,
      // A planned step runs alone; the SDK must not go on to the next step in the same request.
      // A discovery request while other steps are pending must not run a step that is waiting out its backoff.
      disable_immediate_execution: Boolean(call.stepId || call.planOnly),
      use_api: false,
      stack: { stack: call.stack, current: call.stack.length },
    },
  };
  const response = await handler(
    new Request(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  );
  const text = await response.text();
  const payload = text ? safeJson(text) : null;
  const retryAfter = response.headers.get("retry-after") ?? undefined;
  if (response.status === 200) return { kind: "completed", output: payload };
  if (response.status === 206) return { kind: "ops", ops: Array.isArray(payload) ? payload : [payload], retryAfter };
  // 500 with x-inngest-no-retry:false is a retriable error; 400 / no-retry:true is final (NonRetriableError).
  const retriable = response.headers.get("x-inngest-no-retry") !== "true" && response.status >= 500;
  return { kind: "failed", error: payload ?? { name: "Error", message: `HTTP ${response.status}` }, retriable, retryAfter };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { name: "Error", message: text };
  }
}
