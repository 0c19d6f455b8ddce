// The fetch under viem's JSON-RPC transport, counting calls and errors per method (lib/observability/metrics)
// and, per RPC, each call's outcome and the head blocks it serves (./rpc-health, behind GET /v1/networks).
// A batch counts each of its calls. Error codes: the HTTP status, the JSON-RPC error code, "timeout" or "network".
import { recordRpc } from "./metrics";
import { recordHead, recordOutcome, type RpcOutcome } from "./rpc-health";

type RpcMessage = { id?: unknown; method?: string; params?: unknown[]; result?: unknown; error?: { code?: number } };
const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

function callsOf(body: unknown): RpcMessage[] {
  if (typeof body !== "string") return [];
  try {
    return asList(JSON.parse(body) as RpcMessage | RpcMessage[]);
  } catch {
    return [];
  }
}

// viem ends a call past its timeout by aborting the fetch.
const isTimeout = (error: unknown) => error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
// Infura and others answer "limit exceeded" as a JSON-RPC error -32005 (HTTP 200): a rate limit all the same.
const RATE_LIMITED_CODE = -32005;

/** The head a call's answer tells, if it asks for it: eth_blockNumber, or the "latest" block. */
function headOf(call: RpcMessage, answer: RpcMessage | undefined): bigint | null {
  const result = answer?.result;
  try {
    if (call.method === "eth_blockNumber" && typeof result === "string") return BigInt(result);
    if (call.method === "eth_getBlockByNumber" && call.params?.[0] === "latest") {
      const number = (result as { number?: unknown } | null)?.number;
      return typeof number === "string" ? BigInt(number) : null;
    }
  } catch {}
  return null;
}

/** A fetch for viem's http transport that records what the calls to the RPC known as `rpcKey` met. */
export function rpcFetch(rpcKey: string) {
  return async function countedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const calls = callsOf(init?.body);
    const failed = (outcome: RpcOutcome, code: string) => {
      recordOutcome(rpcKey, outcome, calls.length);
      for (const call of calls) recordRpc(call.method ?? "unknown", code);
    };
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      failed(isTimeout(error) ? "timed_out" : "connection_error", isTimeout(error) ? "timeout" : "network");
      throw error;
    }
    if (!response.ok) {
      failed(response.status === 429 ? "rate_limited" : "http_error", String(response.status));
      return response;
    }
    // The answer is read from a clone so that viem reads the original untouched.
    const body = (await response.clone().json().catch(() => null)) as RpcMessage | RpcMessage[] | null;
    if (body === null) {
      // A body that stalled past the timeout, or was no JSON (a proxy's error page).
      failed(init?.signal?.aborted ? "timed_out" : "http_error", init?.signal?.aborted ? "timeout" : "unreadable");
      return response;
    }
    const answers = asList(body);
    const answerById = new Map(answers.map((a) => [a?.id, a]));
    for (const call of calls) {
      // A node that refuses a whole batch answers one error for it.
      const answer = answerById.get(call.id) ?? (answers.length === 1 ? answers[0] : undefined);
      const code = !answer ? "missing" : answer.error ? (answer.error.code ?? "unknown") : null;
      recordRpc(call.method ?? "unknown", code === null ? null : String(code));
      recordOutcome(rpcKey, code === null ? "answered" : code === RATE_LIMITED_CODE ? "rate_limited" : "jsonrpc_error");
      const head = code === null ? headOf(call, answer) : null;
      if (head !== null) recordHead(rpcKey, head);
    }
    return response;
  };
}
