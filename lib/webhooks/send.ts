// One HTTP attempt of a delivery: a signed POST, 15 s to answer, success only on a 2xx (redirects are
// not followed). Never throws: network errors, timeouts and refused addresses are outcomes. node:http
// with keep-alive agents rather than fetch: at thousands of deliveries a second fetch's per-request cost
// shows. Every connection's address is checked (./addresses): IP literals here, names as they resolve.
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { guardedLookup, refusal } from "./addresses";
import { ATTEMPT_TIMEOUT_MS } from "./schedule";
import { webhookHeaders } from "./signing";

export interface SendOutcome {
  ok: boolean;
  status: number | null;
  durationMs: number;
  error: string | null;
  /** The receiver's answer, its first 4 KB as text; null without an answer. */
  responseBody: string | null;
  /** The webhook-timestamp (Unix seconds) and webhook-signature headers sent; null when nothing was sent. */
  timestamp: number | null;
  signature: string | null;
}

export const USER_AGENT = "TokenPlatform-Webhooks/1.0";
const MAX_RESPONSE_BYTES = 64 * 1024;
/** What is kept of the receiver's answer (the rest is read, up to MAX_RESPONSE_BYTES, and dropped). */
export const KEPT_RESPONSE_BYTES = 4 * 1024;
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 50 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 50 }),
};

const lookup = guardedLookup();

/** `resolve`: how names are resolved (dns.lookup; tests pass their own, there being no DNS offline). */
export async function sendWebhook(url: string, secrets: string[], messageId: string, body: string, resolve?: Parameters<typeof guardedLookup>[0]): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let sent: { timestamp: number | null; signature: string | null } = { timestamp: null, signature: null };
  try {
    const target = new URL(url);
    const literal = target.hostname.replace(/^\[|\]$/g, "");
    // A connection to an IP literal does no lookup, so the address is checked here.
    const refused = isIP(literal) ? refusal(literal) : null;
    if (refused) return { ok: false, status: null, durationMs: elapsed(), error: `${refused} (${literal})`, responseBody: null, ...sent };
    const signing = webhookHeaders(secrets, messageId, new Date(), body);
    sent = { timestamp: Number(signing["webhook-timestamp"]), signature: signing["webhook-signature"] };
    const answer = await post(target, resolve ? guardedLookup(resolve) : lookup, body, {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
      "user-agent": USER_AGENT,
      ...signing,
    });
    const ok = answer.status >= 200 && answer.status < 300;
    return { ok, status: answer.status, durationMs: elapsed(), error: ok ? null : `HTTP ${answer.status}`, responseBody: answer.body, ...sent };
  } catch (error) {
    return { ok: false, status: null, durationMs: elapsed(), error: describe(error), responseBody: null, ...sent };
  }
}

/**
 * POSTs and resolves with the status and the first KEPT_RESPONSE_BYTES of the answer once the response (its
 * first 64 KB) is read, within the timeout.
 */
function post(url: URL, lookup: LookupFunction, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const transport = url.protocol === "https:" ? https : http;
  const agent = agents[url.protocol as keyof typeof agents];
  return new Promise((resolve, reject) => {
    const request = transport.request(url, { method: "POST", headers, agent, lookup, signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) }, (response) => {
      let read = 0;
      const kept: Buffer[] = [];
      const answer = () => ({ status: response.statusCode ?? 0, body: keptText(kept) });
      response.on("data", (chunk: Buffer) => {
        if (read < KEPT_RESPONSE_BYTES) kept.push(chunk.subarray(0, KEPT_RESPONSE_BYTES - read));
        read += chunk.length;
        if (read > MAX_RESPONSE_BYTES) {
          response.destroy();
          resolve(answer());
        }
      });
      response.on("end", () => resolve(answer()));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

// Cut at a byte count, the text may end inside a character: a cut character is dropped, not shown as garbage.
// NUL characters go too (a text column cannot hold them; a binary answer is not worth keeping).
const keptText = (chunks: Buffer[]) =>
  new TextDecoder("utf-8").decode(Buffer.concat(chunks)).replace(/\uFFFD$/, "").replaceAll("\u0000", "");

function describe(error: unknown): string {
  const err = error as { name?: string; code?: string; message?: string };
  if (err?.name === "AbortError" || err?.code === "ABORT_ERR") return `No response within ${ATTEMPT_TIMEOUT_MS / 1000} s`;
  return (err?.code ? `${err.code}: ${err.message}` : (err?.message ?? String(error))).slice(0, 500);
}
