// JSON-RPC to a network's bundler (ERC-4337 eth_* and pimlico_* methods). A JSON-RPC error becomes a
// BundlerError carrying the bundler's own reason; an unreachable bundler is one too.
import { bundlerUrl } from "./bundler";

export class BundlerError extends Error {
  constructor(message: string, readonly code: number | null) {
    super(message);
  }
}

let nextId = 1;

export async function bundlerRpc<T>(network: string, method: string, params: unknown[]): Promise<T> {
  const url = bundlerUrl(network);
  let body: { result?: T; error?: { code?: number; message?: string; data?: unknown } };
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
      signal: AbortSignal.timeout(20_000),
    });
    body = (await response.json()) as typeof body;
  } catch (error) {
    throw new BundlerError(`the bundler did not answer ${method} (${(error as Error).name === "TimeoutError" ? "timeout" : "unreachable"})`, null);
  }
  if (body.error) {
    const message = body.error.message ?? `${method} failed`;
    throw new BundlerError(message.length > 500 ? `${message.slice(0, 500)}…` : message, body.error.code ?? null);
  }
  return body.result as T;
}
