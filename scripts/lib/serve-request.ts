// How the production server (scripts/serve.ts) turns a Node request into the web Request a route handler takes.
import type { IncomingMessage } from "node:http";
import { resolveConnectionClient } from "@/lib/http/client-ip";
import { setRequestBody } from "../../lib/api/raw-bodies";

export function toRequest(req: IncomingMessage, body: Buffer | undefined, host: string, port: number) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i].toLowerCase() !== "x-forwarded-for") headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  // The client as handOnClient resolved it; never the header as the client sent it.
  const client = req.headers["x-forwarded-for"];
  if (typeof client === "string") headers.set("x-forwarded-for", client);
  // As Next.js sets them for its handlers.
  if (!headers.has("x-forwarded-host")) headers.set("x-forwarded-host", req.headers.host ?? host);
  if (!headers.has("x-forwarded-port")) headers.set("x-forwarded-port", String(port));
  if (!headers.has("x-forwarded-proto")) headers.set("x-forwarded-proto", "http");
  const request = new Request(`http://${host.includes(":") ? `[${host}]` : host}:${port}${req.url}`, { method: req.method, headers, body: body as Uint8Array<ArrayBuffer> | undefined });
  if (body) setRequestBody(request, body); // lib/api/body reads it from here, not back through the stream
  return request;
}

/**
 * Resolves the client once, from the connection and what our proxies appended (lib/http/client-ip), and hands
 * it on as a one-entry X-Forwarded-For to the API's handlers and to Next.js alike: the entries a client wrote
 * itself never reach them. Call once per request, before toRequest or Next.js's handler.
 */
export function handOnClient(req: IncomingMessage) {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  };
  req.headers["x-forwarded-for"] = resolveConnectionClient(header, req.socket.remoteAddress);
}
