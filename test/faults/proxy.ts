// A TCP proxy in front of a JSON-RPC node, for fault tests: it can refuse and cut every connection, lose a
// share of the responses (the request reached the node, the answer never comes back), and delay the rest.
import net from "node:net";

export interface Faults {
  /** Cut every open connection and refuse new ones. */
  down?: boolean;
  /** Share (0–1) of response chunks after which the connection is cut instead. */
  loseResponses?: number;
  /** Each response chunk waits a random 0..maxDelayMs before it is passed on (order kept per connection). */
  maxDelayMs?: number;
}

export interface FaultProxy {
  url: string;
  set(faults: Faults): void;
  stats: { connections: number; refused: number; lostResponses: number };
  stop(): Promise<void>;
}

export async function startFaultProxy(upstreamUrl: string): Promise<FaultProxy> {
  const upstream = new URL(upstreamUrl);
  let faults: Faults = {};
  const sockets = new Set<net.Socket>();
  const stats = { connections: 0, refused: 0, lostResponses: 0 };
  let responses = 0;

  const server = net.createServer((client) => {
    if (faults.down) {
      stats.refused++;
      client.destroy();
      return;
    }
    stats.connections++;
    const node = net.connect(Number(upstream.port), upstream.hostname);
    for (const s of [client, node]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {});
    }
    const cut = () => {
      client.destroy();
      node.destroy();
    };
    client.on("close", cut);
    node.on("close", cut);
    client.pipe(node);
    let queue = Promise.resolve();
    node.on("data", (chunk: Buffer) => {
      node.pause();
      queue = queue.then(async () => {
        if (faults.maxDelayMs) await new Promise((r) => setTimeout(r, Math.random() * faults.maxDelayMs!));
        // Random loss at the given rate, and always the second response, so a short run loses at least one.
        if (faults.loseResponses && (++responses === 2 || Math.random() < faults.loseResponses)) {
          stats.lostResponses++;
          return cut();
        }
        if (!client.destroyed) client.write(chunk);
        node.resume();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    stats,
    set(next) {
      faults = next;
      if (next.down) for (const s of sockets) s.destroy();
    },
    stop: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
