// The production server's path (scripts/serve.ts): the client IP behind the per-IP limits comes from the
// connection and from what our own proxies appended, never from X-Forwarded-For entries the client wrote.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/auth/login/route";
import { pool } from "@/lib/db";
import { serverResolvesClientIp } from "@/lib/http/client-ip";
import { handOnClient, toRequest } from "./lib/serve-request";

let server: Server;
let port: number;
const configured = process.env.TRUSTED_PROXY;

beforeAll(async () => {
  serverResolvesClientIp();
  server = createServer(async (req, res) => {
    handOnClient(req);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const response = await login(toRequest(req, Buffer.concat(chunks), "127.0.0.1", port), { params: Promise.resolve({}) });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((ok) => server.close(ok)));
afterEach(() => {
  if (configured === undefined) delete process.env.TRUSTED_PROXY;
  else process.env.TRUSTED_PROXY = configured;
});

const octet = () => Math.floor(Math.random() * 250) + 1;

/** A failed sign-in (it still takes an `auth` slot) sent from `from` (a loopback address) with that X-Forwarded-For. */
function signIn(from: string, xForwardedFor: string) {
  const body = JSON.stringify({ email: `nobody-${octet()}@example.com`, password: "wrong password 1" });
  return new Promise<number>((ok, fail) => {
    const req = request(
      { host: "127.0.0.1", port, localAddress: from, method: "POST", path: "/auth/login", headers: { "content-type": "application/json", "x-forwarded-for": xForwardedFor } },
      (res) => res.resume().on("end", () => ok(res.statusCode!)),
    );
    req.on("error", fail);
    req.end(body);
  });
}

/** 11 sign-ins, each with a new forged entry: the 11th must hit the 10-per-minute limit of one bucket. */
async function elevenForged(from: string, header: (forged: string) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push(await signIn(from, header(`6.6.${octet()}.${i + 1}`)));
  return statuses;
}

/** Slots taken in the client's `auth` bucket this minute. */
const granted = async (client: string) =>
  Number((await pool.query<{ n: string }>("SELECT (SELECT sum(c) FROM unnest(bucket_counts) c) AS n FROM rate_limit_windows WHERE key = $1", [`auth:ip:${client}`])).rows[0]?.n ?? 0);

describe("client IP through the production server", () => {
  it("without TRUSTED_PROXY, the bucket is the connection's address whatever X-Forwarded-For says", async () => {
    delete process.env.TRUSTED_PROXY;
    const socket = `127.${octet()}.${octet()}.${octet()}`;
    const statuses = await elevenForged(socket, (forged) => forged);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect(await granted(socket)).toBe(10);
  });

  it("with TRUSTED_PROXY=1, a forged leftmost entry does not change the bucket: the entry our proxy appended does", async () => {
    process.env.TRUSTED_PROXY = "1";
    const real = `198.18.${octet()}.${octet()}`;
    const statuses = await elevenForged(`127.${octet()}.${octet()}.${octet()}`, (forged) => `${forged}, ${real}`);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect(await granted(real)).toBe(10);
  });

  it("with TRUSTED_PROXY=2, a request with fewer entries than our proxies append skipped them: the connection's address counts", async () => {
    process.env.TRUSTED_PROXY = "2";
    const socket = `127.${octet()}.${octet()}.${octet()}`;
    const statuses = await elevenForged(socket, (forged) => forged);
    expect(statuses[10]).toBe(429);
    expect(await granted(socket)).toBe(10);
  });
});
