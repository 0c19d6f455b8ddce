// The lab's JSON-RPC fault proxy: one in front of each lab chain, between the product and the node, doing what
// hosted RPCs and real networks do to a client. Faults switch at runtime, in process (`proxy.set`) or over
// HTTP on the proxy's own port (`POST /__lab/faults` with the same JSON; `GET /__lab/stats`), so a test in
// another process can turn them on and off. JSON-RPC batches are taken item by item in order, as nodes do.
//   rate429 / timeout / reset   share (0–1) of HTTP requests answered 429 with Retry-After, held unanswered
//                               until the client gives up, or cut (connection reset)
//   faultMethods                limits rate429 / timeout / reset to requests carrying one of these methods
//   loseSendAnswer              share of requests carrying an eth_sendRawTransaction whose answer is lost
//                               after the node took it (forwarded, then the connection is cut)
//   headLag                     blocks the head is served behind the node's (eth_blockNumber, "latest" blocks)
//   maxLogRange                 eth_getLogs refused over this many blocks, and from block 0 (default on: 1,000)
//   maxPendingPerSender         sends refused once the sender has this many pending (Polygon keeps 16)
//   noMempool                   a send whose nonce leaves a gap is refused "nonce too high" (Arbitrum)
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { recoverTransactionAddress, parseTransaction, type Hex, type TransactionSerialized } from "viem";

export interface Faults {
  rate429?: number;
  retryAfterSeconds?: number;
  timeout?: number;
  reset?: number;
  faultMethods?: string[] | null;
  loseSendAnswer?: number;
  headLag?: number;
  maxLogRange?: number | null;
  maxPendingPerSender?: number | null;
  noMempool?: boolean;
}

export interface ProxyStats {
  requests: number;
  calls: number;
  answered429: number;
  timedOut: number;
  reset: number;
  lostSendAnswers: number;
  refusedLogRanges: number;
  refusedPendingCap: number;
  refusedNonceGap: number;
  sends: number;
  byMethod: Record<string, number>;
}

export interface FaultProxy {
  url: string;
  upstream: string;
  faults(): Faults;
  set(faults: Faults): void;
  stats: ProxyStats;
  resetStats(): void;
  stop(): Promise<void>;
}

interface RpcCall {
  jsonrpc: "2.0";
  id: number | string | null;
  method: string;
  params?: unknown[];
}
type RpcAnswer = { jsonrpc: "2.0"; id: RpcCall["id"]; result?: unknown; error?: { code: number; message: string } };

const DEFAULT_FAULTS: Faults = { maxLogRange: 1_000 };
const newStats = (): ProxyStats => ({
  requests: 0, calls: 0, answered429: 0, timedOut: 0, reset: 0, lostSendAnswers: 0,
  refusedLogRanges: 0, refusedPendingCap: 0, refusedNonceGap: 0, sends: 0, byMethod: {},
});
const rpcError = (call: RpcCall, code: number, message: string): RpcAnswer => ({ jsonrpc: "2.0", id: call.id, error: { code, message } });
const chance = (share: number | undefined) => Boolean(share && Math.random() < share);

export async function startFaultProxy(upstream: string, options: { port?: number; faults?: Faults } = {}): Promise<FaultProxy> {
  let faults: Faults = { ...DEFAULT_FAULTS, ...options.faults };
  let stats = newStats();
  const sockets = new Set<Socket>();
  let nextUpstreamId = 1;

  async function forward(body: RpcCall | RpcCall[]): Promise<any> {
    const response = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return response.json();
  }
  const node = async (method: string, params: unknown[]) => {
    const answer = (await forward({ jsonrpc: "2.0", id: `lab-${nextUpstreamId++}`, method, params })) as RpcAnswer;
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result;
  };
  const headNumber = async () => BigInt((await node("eth_blockNumber", [])) as Hex);

  /** Per request: each sender's nonce as the node counts it (mined, and mined + pending), moved by the sends let through. */
  type SenderState = { mined: bigint; pending: bigint };
  async function senderState(cache: Map<string, SenderState>, sender: string) {
    let state = cache.get(sender);
    if (!state) {
      const [mined, pending] = await Promise.all([node("eth_getTransactionCount", [sender, "latest"]), node("eth_getTransactionCount", [sender, "pending"])]);
      state = { mined: BigInt(mined as Hex), pending: BigInt(pending as Hex) };
      cache.set(sender, state);
    }
    return state;
  }

  /** A refusal the proxy answers itself for this call, or null to pass it on. */
  async function refusal(call: RpcCall, senders: Map<string, SenderState>): Promise<RpcAnswer | null> {
    if (call.method === "eth_getLogs" && faults.maxLogRange != null) {
      const filter = (call.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string; blockHash?: string };
      if (filter.blockHash) return null;
      const head = await headNumber();
      const at = (tag: string | undefined, fallback: bigint) =>
        tag === undefined || tag === "latest" || tag === "pending" || tag === "safe" || tag === "finalized" ? fallback : tag === "earliest" ? 0n : BigInt(tag);
      const from = at(filter.fromBlock, head);
      const to = at(filter.toBlock, head);
      if (from === 0n || to - from + 1n > BigInt(faults.maxLogRange)) {
        stats.refusedLogRanges++;
        return rpcError(call, -32600, `eth_getLogs is limited to a ${faults.maxLogRange} block range, not from block 0 (asked ${from}..${to})`);
      }
      return null;
    }
    if (call.method !== "eth_sendRawTransaction" || (!faults.maxPendingPerSender && !faults.noMempool)) return null;
    const raw = call.params?.[0] as TransactionSerialized;
    let sender: string;
    let nonce: bigint;
    try {
      sender = (await recoverTransactionAddress({ serializedTransaction: raw })).toLowerCase();
      nonce = BigInt(parseTransaction(raw).nonce ?? 0);
    } catch {
      return null; // the node answers what it makes of it
    }
    const state = await senderState(senders, sender);
    if (faults.noMempool && nonce > state.pending) {
      stats.refusedNonceGap++;
      return rpcError(call, -32000, `nonce too high: address ${sender}, tx: ${nonce} state: ${state.pending}`);
    }
    if (faults.maxPendingPerSender && nonce >= state.mined + BigInt(faults.maxPendingPerSender) && nonce >= state.pending) {
      stats.refusedPendingCap++;
      return rpcError(call, -32000, `txpool is full: ${sender} already has ${faults.maxPendingPerSender} pending transactions`);
    }
    if (nonce === state.pending) state.pending++;
    return null;
  }

  /** The calls rewritten for a lagging head (the node is asked about an older block). */
  async function lagged(call: RpcCall): Promise<RpcAnswer | null> {
    if (!faults.headLag) return null;
    const lag = BigInt(faults.headLag);
    if (call.method === "eth_blockNumber") {
      const head = await headNumber();
      return { jsonrpc: "2.0", id: call.id, result: `0x${(head > lag ? head - lag : 0n).toString(16)}` };
    }
    if (call.method === "eth_getBlockByNumber" && call.params?.[0] === "latest") {
      const head = await headNumber();
      const answer = (await forward({ ...call, params: [`0x${(head > lag ? head - lag : 0n).toString(16)}`, ...(call.params ?? []).slice(1)] })) as RpcAnswer;
      return answer;
    }
    return null;
  }

  async function answerCalls(calls: RpcCall[]): Promise<RpcAnswer[]> {
    const answers: (RpcAnswer | null)[] = [];
    const senders = new Map<string, SenderState>();
    for (const call of calls) {
      stats.calls++;
      stats.byMethod[call.method] = (stats.byMethod[call.method] ?? 0) + 1;
      answers.push((await refusal(call, senders)) ?? (await lagged(call)));
    }
    const passed = calls.filter((_, i) => !answers[i]);
    stats.sends += passed.filter((c) => c.method === "eth_sendRawTransaction").length;
    if (passed.length) {
      // The calls let through go to the node as one batch, in their order; answers are matched by id.
      const fromNode = (await forward(passed)) as RpcAnswer[];
      const byId = new Map(fromNode.map((a) => [JSON.stringify(a.id), a]));
      calls.forEach((call, i) => (answers[i] ??= byId.get(JSON.stringify(call.id)) ?? rpcError(call, -32603, "no answer from the node")));
    }
    return answers as RpcAnswer[];
  }

  async function handle(req: IncomingMessage, res: ServerResponse, text: string) {
    if (req.url?.startsWith("/__lab/")) return admin(req, res, text);
    stats.requests++;
    let body: RpcCall | RpcCall[];
    try {
      body = JSON.parse(text);
    } catch {
      res.writeHead(400, { "content-type": "application/json" });
      return res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }));
    }
    const calls = Array.isArray(body) ? body : [body];
    const faulty = !faults.faultMethods || calls.some((c) => faults.faultMethods!.includes(c.method));
    if (faulty && chance(faults.rate429)) {
      stats.answered429++;
      res.writeHead(429, { "content-type": "application/json", "retry-after": String(faults.retryAfterSeconds ?? 1) });
      return res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: 429, message: "Too Many Requests" } }));
    }
    if (faulty && chance(faults.timeout)) {
      stats.timedOut++;
      return; // never answered: the client's own timeout ends it (the socket is cut when the proxy stops)
    }
    if (faulty && chance(faults.reset)) {
      stats.reset++;
      return req.socket.destroy();
    }
    const answers = await answerCalls(calls);
    const tookSend = calls.some((c, i) => c.method === "eth_sendRawTransaction" && !answers[i].error);
    if (tookSend && chance(faults.loseSendAnswer)) {
      stats.lostSendAnswers++;
      return req.socket.destroy(); // the node took it; the client never hears
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(Array.isArray(body) ? answers : answers[0]));
  }

  function admin(req: IncomingMessage, res: ServerResponse, text: string) {
    if (req.method === "POST" && req.url === "/__lab/faults") {
      proxy.set(text ? (JSON.parse(text) as Faults) : {});
    } else if (req.method === "POST" && req.url === "/__lab/stats/reset") {
      proxy.resetStats();
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ faults, stats }));
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      handle(req, res, Buffer.concat(chunks).toString()).catch((error: Error) => {
        if (res.headersSent || res.destroyed) return;
        res.writeHead(502, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32603, message: `lab proxy: ${error.message}` } }));
      });
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const proxy: FaultProxy = {
    url: `http://127.0.0.1:${port}`,
    upstream,
    faults: () => faults,
    /** Replaces the faults (the log-range limit stays on unless set to null). */
    set(next) {
      faults = { ...DEFAULT_FAULTS, ...next };
    },
    get stats() {
      return stats;
    },
    resetStats() {
      stats = newStats();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return proxy;
}

/** Sets the faults of a proxy in another process (its admin endpoint). */
export async function setProxyFaults(proxyUrl: string, faults: Faults): Promise<{ faults: Faults; stats: ProxyStats }> {
  const response = await fetch(`${proxyUrl}/__lab/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(faults) });
  return response.json() as Promise<{ faults: Faults; stats: ProxyStats }>;
}

/** Reads (and with `reset`, zeroes) the stats of a proxy in another process. */
export async function proxyStats(proxyUrl: string, { reset = false } = {}): Promise<{ faults: Faults; stats: ProxyStats }> {
  const response = await fetch(`${proxyUrl}/__lab/${reset ? "stats/reset" : "stats"}`, { method: reset ? "POST" : "GET" });
  return response.json() as Promise<{ faults: Faults; stats: ProxyStats }>;
}
