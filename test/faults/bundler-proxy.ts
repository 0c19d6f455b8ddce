// An HTTP proxy in front of the bundler (alto), for fault tests of user operations. Only
// eth_sendUserOperation is disturbed; every other call passes through. Each fault is one the bundler's
// client cannot tell from a refusal or a lost request, although the operation was accepted:
//   delay       the answer comes `delayMs` late (the client may time out first)
//   drop        the request reaches alto, the answer is lost (the connection is cut)
//   duplicate   the request reaches alto twice; the client gets the second answer ("already known")
//   badGateway  the request reaches alto, the client gets a 502 page instead of its answer
import http from "node:http";

export interface SendFault {
  delayMs?: number;
  drop?: boolean;
  duplicate?: boolean;
  badGateway?: boolean;
}

export interface BundlerProxy {
  url: string;
  /** The fault applied to every eth_sendUserOperation from now on ({} for none). */
  set(fault: SendFault): void;
  stats: { sends: number; forwarded: number; dropped: number; duplicated: number; badGateway: number };
  stop(): Promise<void>;
}

export async function startBundlerProxy(upstreamUrl: string): Promise<BundlerProxy> {
  let fault: SendFault = {};
  const stats = { sends: 0, forwarded: 0, dropped: 0, duplicated: 0, badGateway: 0 };
  const forward = async (body: string) => {
    stats.forwarded++;
    const response = await fetch(upstreamUrl, { method: "POST", headers: { "content-type": "application/json" }, body });
    return { status: response.status, text: await response.text() };
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    const isSend = (() => {
      try {
        return (JSON.parse(body) as { method?: string }).method === "eth_sendUserOperation";
      } catch {
        return false;
      }
    })();
    const current = isSend ? fault : {};
    if (isSend) stats.sends++;
    try {
      let answer = await forward(body);
      if (current.duplicate) {
        stats.duplicated++;
        answer = await forward(body);
      }
      if (current.delayMs) await new Promise((r) => setTimeout(r, current.delayMs));
      if (current.drop) {
        stats.dropped++;
        req.socket.destroy();
        return;
      }
      if (current.badGateway) {
        stats.badGateway++;
        res.writeHead(502, { "content-type": "text/html" }).end("<html><body>502 Bad Gateway</body></html>");
        return;
      }
      res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.text);
    } catch {
      req.socket.destroy();
    }
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    set(next) {
      fault = next;
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
