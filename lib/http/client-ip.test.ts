// Attack prevented: choosing one's own rate-limit bucket for /auth/* by sending X-Forwarded-For (a new
// value per request and the 10-per-minute limit never applies). Only what the deployment's proxy sets counts.
import { afterEach, describe, expect, it } from "vitest";
import { pool } from "@/lib/db";
import { call } from "@/test/client";
import { clientIpFrom } from "@/lib/http/client-ip";

const configured = process.env.TRUSTED_PROXY;
afterEach(() => {
  process.env.TRUSTED_PROXY = configured;
});

let counter = 0;
const register = (xForwardedFor: string) =>
  call("POST", "/auth/register", {
    ip: xForwardedFor,
    body: { email: `ipspoof${Date.now()}${++counter}@example.com`, password: "correct horse 1", company_name: `Spoof ${counter}`, full_name: "Eve" },
  });

const octet = () => Math.floor(Math.random() * 250) + 1;

describe("client IP for the per-IP limits", () => {
  it("without TRUSTED_PROXY, 11 registrations with 11 different X-Forwarded-For values share one bucket and hit 10/60 s", async () => {
    delete process.env.TRUSTED_PROXY;
    await pool.query("DELETE FROM rate_limit_windows WHERE key = 'auth:ip:unknown'");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await register(`203.0.${octet()}.${i + 1}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });

  it("with TRUSTED_PROXY=1 the rightmost entry (what our proxy appended) is the client; entries the client wrote are ignored", async () => {
    process.env.TRUSTED_PROXY = "1";
    const real = `198.18.${octet()}.${octet()}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await register(`203.0.113.${i + 1}, ${real}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
    expect((await register(`203.0.113.1, 198.18.${octet()}.${octet()}`)).status).toBe(201); // another client, another bucket
  });

  it("reads each platform's own header, and never falls back to one the client chose", () => {
    const headers = new Headers({
      "x-forwarded-for": "6.6.6.6, 198.51.100.9, 10.0.0.2",
      "x-vercel-forwarded-for": "198.51.100.1",
      "x-real-ip": "198.51.100.2",
      "cf-connecting-ip": "198.51.100.3",
    });
    const get = (name: string) => headers.get(name);
    expect(clientIpFrom(get, "")).toBe("unknown"); // TRUSTED_PROXY unset
    expect(clientIpFrom(get, "vercel")).toBe("198.51.100.1");
    expect(clientIpFrom((n) => (n === "x-vercel-forwarded-for" ? null : get(n)), "vercel")).toBe("198.51.100.2");
    expect(clientIpFrom(get, "cloudflare")).toBe("198.51.100.3");
    expect(clientIpFrom(get, "1")).toBe("10.0.0.2");
    expect(clientIpFrom(get, "2")).toBe("198.51.100.9");
    expect(clientIpFrom(get, "4")).toBe("unknown"); // fewer entries than proxies: someone skipped ours
    expect(clientIpFrom(() => null, "cloudflare")).toBe("unknown");
    expect(() => clientIpFrom(get, "yes")).toThrow(/TRUSTED_PROXY/);
  });
});
