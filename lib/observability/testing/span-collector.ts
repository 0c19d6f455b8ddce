// An OTLP/HTTP (JSON) collector on a free local port, for tests and benchmarks: it keeps the spans it is sent
// (the newest `keep`), and answers GET /spans with them, so a test can read spans exported by another process
// (the test suite's global executor) as well as its own.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}

export interface SpanCollector {
  url: string;
  /** How many spans arrived in all. */
  count(): number;
  spans(): OtlpSpan[];
  close(): Promise<void>;
}

export async function startSpanCollector({ keep = 50_000 } = {}): Promise<SpanCollector> {
  let spans: OtlpSpan[] = [];
  let count = 0;
  const server = createServer((req, res) => {
    if (req.method === "GET" && req.url === "/spans") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(spans));
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.url === "/v1/traces") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
        for (const rs of body.resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) {
          count += ss.spans?.length ?? 0;
          spans.push(...(ss.spans ?? []));
        }
        if (spans.length > keep) spans = spans.slice(-keep);
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => count,
    spans: () => spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The spans held by a collector, possibly in another process. */
export async function collectedSpans(url: string): Promise<OtlpSpan[]> {
  return (await fetch(`${url}/spans`)).json();
}
