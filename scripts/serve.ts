// The production server (`npm start`, through scripts/dev.ts --prod): Next.js answers the console, the pages,
// /auth and everything else; a request to a /v1 route goes straight to that route's handler, compiled by
// `next build`. Next.js's own request machinery costs about 2–3 ms of CPU per request on a small machine, as
// much as the API's work for a mint, and the API does not use any of it (no rendering, cookies, caching or
// middleware: proxy.ts only answers OPTIONS, which still goes to Next.js). The handler is the module Next.js
// itself loads (one require cache), so module state is shared with the pages and the instrumentation.
// Run: node --import tsx scripts/serve.ts, with HOST, PORT and NEXT_DIST_DIR (default .next).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import next from "next";
import { matchRoute, routeParams } from "../lib/api/routing";
import { MAX_BODY_BYTES } from "../lib/api/body";
import { internalError } from "@/lib/core/errors";
import { responseText } from "../lib/api/raw-bodies";
import { serverResolvesClientIp } from "@/lib/http/client-ip";
import { handOnClient, toRequest } from "./lib/serve-request";
import { stopLocalExecutor } from "../lib/jobs/shutdown";

type RouteHandler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type CompiledRoute = { routeModule: { ensureUserland(): Promise<void>; userland: Record<string, unknown> } };

const root = resolve(import.meta.dirname, "..");
const host = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 3000);
const distDir = join(root, process.env.NEXT_DIST_DIR ?? ".next");
const requireCompiled = createRequire(join(distDir, "server", "app"));
// What Next.js would compress: a larger answer without `no-transform`, to a client that takes gzip.
const COMPRESS_FROM_BYTES = 1024;

const app = next({ dev: false, dir: root, hostname: host, port, customServer: true });
const nextHandler = app.getRequestHandler();
await app.prepare();

const handlers = new Map<string, RouteHandler>();
async function compiledHandler(routePath: string, method: string): Promise<RouteHandler | undefined> {
  const key = `${method} ${routePath}`;
  if (!handlers.has(key)) {
    const { routeModule } = requireCompiled(join(distDir, "server", "app", routePath, "route.js")) as CompiledRoute;
    await routeModule.ensureUserland();
    const handler = routeModule.userland[method];
    if (typeof handler !== "function") return undefined;
    handlers.set(key, handler as RouteHandler);
  }
  return handlers.get(key);
}

/** The /v1 route and handler for this request, or undefined for Next.js to answer (its redirects, 404s, OPTIONS). */
async function apiRoute(req: IncomingMessage) {
  const path = req.url!.split("?")[0];
  if (!path.startsWith("/v1/") || path.endsWith("/") || /\/\/|\\|%2f|%5c/i.test(path)) return undefined;
  const method = req.method!;
  const route = matchRoute(path);
  if (!route || !route.methods.includes(method)) return undefined;
  const handler = await compiledHandler(route.path, method).catch(() => undefined);
  return handler && { handler, params: routeParams(route.path, path) };
}

/** The body as one buffer; past the API's cap it stops at one byte over, which the handler refuses (413). */
async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  if (req.method === "GET" || req.method === "HEAD" || Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    if (size > MAX_BODY_BYTES) continue; // drain what is left, keep nothing
    chunks.push(chunk);
    size += chunk.length;
  }
  return size ? Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES + 1) : undefined;
}

async function send(req: IncomingMessage, res: ServerResponse, response: Response) {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  const text = responseText(response); // what the API's json() made, without reading the stream back
  let body = text !== undefined ? Buffer.from(text) : response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  const compress =
    body && body.length >= COMPRESS_FROM_BYTES && !/no-transform/.test(response.headers.get("cache-control") ?? "") && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  if (compress) {
    body = gzipSync(body!);
    headers["content-encoding"] = "gzip";
    headers["vary"] = "Accept-Encoding";
  }
  if (body) headers["content-length"] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

serverResolvesClientIp();
const server = createServer(async (req, res) => {
  try {
    handOnClient(req);
    const route = await apiRoute(req);
    if (!route) return await nextHandler(req, res);
    const response = await route.handler(toRequest(req, await readBody(req), host, port), { params: Promise.resolve(route.params) });
    await send(req, res, response);
  } catch (error) {
    // The API's wrapper answers every error itself; this is the server's own failure (a broken connection).
    console.error(`[serve] ${req.method} ${req.url}: ${(error as Error).stack ?? error}`);
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(internalError().body));
  }
});
// Idle kept-alive connections stay open past the 60 s idle timeout of the usual load balancers and client
// pools (Node closes them after 5 s: a pool reusing one a moment later gets a reset, a balancer a 502).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
// A burst of new connections (a client opening its pool) waits in the kernel's accept queue while the event
// loop is busy. Node's default queue is 511: past it connections are dropped and their clients retry only
// after a 1 s SYN timeout. The kernel caps this at net.core.somaxconn (4096 on current Linux).
server.listen({ port, host, backlog: 4096 }, () => console.log(`[serve] ready on http://${host}:${port}`));
// A clean stop (SIGTERM of a deploy, Ctrl-C): no new connections, the requests under way answered, and the local
// executor's runs handed back (lib/jobs/shutdown), so another instance takes over a wallet's run at once instead of
// after its lease (JOBS_LEASE_MS, 30 s). Past the grace time it exits anyway: leases then lapse as after a crash.
const SHUTDOWN_GRACE_MS = 8_000; // scripts/dev.ts (npm start) sends SIGKILL after 10 s
let shuttingDown = false;
async function shutDown() {
  if (shuttingDown) return;
  shuttingDown = true;
  setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
  const closed = new Promise((resolve) => server.close(resolve));
  // Kept-alive connections that finish their request meanwhile are closed too (close() ends only the idle ones).
  setInterval(() => server.closeIdleConnections(), 50).unref();
  await Promise.all([closed, stopLocalExecutor().catch((error) => console.error(`[serve] stopping the executor: ${(error as Error).stack ?? error}`))]);
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void shutDown());
