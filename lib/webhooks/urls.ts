// Which URLs an endpoint may have: https; plain http only to this machine, and only for test-mode keys
// (a local receiver during development). Live endpoints may not point at loopback or private addresses.
import { isIP } from "node:net";
import { invalidRequest } from "@/lib/api/errors";

const bad = (message: string) => invalidRequest("url_invalid", `Invalid url: ${message}`, "url");

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  return host === "::1" || host === "0:0:0:0:0:0:0:1" || /^::ffff:127\./.test(host);
}

function isPrivateAddress(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (isIP(host) === 4) {
    const [a, b] = host.split(".").map(Number);
    return a === 0 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  if (isIP(host) === 6) return /^(fc|fd|fe8|fe9|fea|feb)/.test(host) || host === "::";
  return false;
}

/** The URL to store, or a 400 naming `url`. */
export function checkEndpointUrl(raw: string, livemode: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw bad("not an absolute URL.");
  }
  if (url.username || url.password) throw bad("must not contain credentials.");
  if (url.protocol === "http:") {
    if (livemode || !isLoopbackHost(url.hostname)) {
      throw bad("must use https; http is accepted only for localhost or a loopback address, with a test-mode key.");
    }
  } else if (url.protocol !== "https:") {
    throw bad("must use https.");
  }
  if (livemode && (isLoopbackHost(url.hostname) || isPrivateAddress(url.hostname))) {
    throw bad("a live-mode endpoint must be reachable on the public internet, not a loopback or private address.");
  }
  return url.toString();
}
