// Which URLs an endpoint may have: https to a public host. Plain http only to this machine, for test-mode
// keys, and only where the operator allows loopback receivers (WEBHOOK_ALLOW_LOOPBACK=1, a local receiver
// during development). IP literals are classified as at delivery (./addresses); names are checked on
// every delivery, as they resolve then.
import { isIP } from "node:net";
import { invalidRequest } from "@/lib/core/errors";
import { classifyAddress, loopbackAllowed } from "./addresses";

const bad = (message: string) => invalidRequest("url_invalid", `Invalid url: ${message}`, "url");

const hostKind = (hostname: string) => {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return "loopback";
  return isIP(host) ? classifyAddress(host) : "public";
};

/** The URL to store, or a 400 naming `url`. */
export function checkEndpointUrl(raw: string, livemode: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw bad("not an absolute URL.");
  }
  if (url.username || url.password) throw bad("must not contain credentials.");
  if (url.protocol !== "http:" && url.protocol !== "https:") throw bad("must use https.");
  const kind = hostKind(url.hostname);
  if (kind === "private") throw bad("must be reachable on the public internet, not a private, link-local or reserved address.");
  if (kind === "loopback" && (livemode || !loopbackAllowed())) {
    throw bad(
      livemode
        ? "a live-mode endpoint must be reachable on the public internet, not a loopback address."
        : "loopback receivers are allowed only when the operator sets WEBHOOK_ALLOW_LOOPBACK=1.",
    );
  }
  if (url.protocol === "http:" && kind !== "loopback") {
    throw bad("must use https; http is accepted only for localhost or a loopback address, with a test-mode key.");
  }
  return url.toString();
}
