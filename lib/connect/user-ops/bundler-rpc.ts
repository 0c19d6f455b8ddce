// JSON-RPC to a network's bundler (ERC-4337 eth_* and pimlico_* methods). A JSON-RPC error becomes a
// BundlerError carrying the bundler's own reason; an unreachable bundler is one too (code null: the outcome
// is unknown, except when the connection was refused, so the request never left: `delivered` false).
import { bundlerUrl } from "@/lib/connect/user-ops/bundler";

export class BundlerError extends Error {
  constructor(message: string, readonly code: number | null, readonly delivered = true) {
    super(message);
  }
}

/** How long to wait for an answer; BUNDLER_TIMEOUT_MS lets the fault tests make a late answer a timeout. */
const timeoutMs = () => Number(process.env.BUNDLER_TIMEOUT_MS) || 20_000;

const refused = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code === "ECONNREFUSED";
};

let nextId = 1;

export async function bundlerRpc<T>(network: string, method: string, params: unknown[]): Promise<T> {
  const url = bundlerUrl(network);
  let body: { result?: T; error?: { code?: number; message?: string; data?: unknown } };
  let status: number;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
      signal: AbortSignal.timeout(timeoutMs()),
    });
    status = response.status;
    body = (await response.json().catch(() => ({}))) as typeof body;
  } catch (error) {
    const why = (error as Error).name === "TimeoutError" ? "timeout" : refused(error) ? "connection refused" : "unreachable";
    throw new BundlerError(`the bundler did not answer ${method} (${why})`, null, why !== "connection refused");
  }
  // A gateway's error page (e.g. 502) is no answer of the bundler's: what it did is unknown.
  if (!body.error && (status >= 300 || !("result" in body))) throw new BundlerError(`the bundler did not answer ${method} (HTTP ${status})`, null);
  if (body.error) {
    const message = body.error.message ?? `${method} failed`;
    throw new BundlerError(message.length > 500 ? `${message.slice(0, 500)}…` : message, body.error.code ?? null);
  }
  return body.result as T;
}
