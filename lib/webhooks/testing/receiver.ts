// A real webhook receiver for tests and the benchmark: a node:http server on 127.0.0.1 that records every
// request and answers with what `respond` says: a status (200 by default; body "ok" or "nope"), or a status and a body.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Resolves once `count` requests matching `filter` arrived. */
  waitFor(count: number, filter?: (r: Received) => boolean, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export type Answer = number | { status: number; body: string };

export async function startReceiver(respond: (r: Received, index: number) => Answer | Promise<Answer> = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(r);
      const answer = await respond(r, received.length - 1);
      const { status, body } = typeof answer === "number" ? { status: answer, body: answer < 300 ? "ok" : "nope" } : answer;
      res.writeHead(status, { "content-type": "text/plain" }).end(body);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    async waitFor(count, filter = () => true, timeoutMs = 20_000) {
      const started = Date.now();
      for (;;) {
        const matching = received.filter(filter);
        if (matching.length >= count) return matching;
        if (Date.now() - started > timeoutMs) throw new Error(`receiver got ${matching.length} of ${count} requests within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
