// A local stand-in for the few Stripe API calls billing makes (customers, Checkout sessions, portal sessions, invoice
// lists), for tests and the fuzz run: the real SDK talks to it through STRIPE_API_BASE (its host/port/protocol
// options), so nothing goes to the internet. stripe-stateful-mock (npm) serves none of Checkout, the portal or
// invoices, hence this. It answers in Stripe's shapes and error envelope, keeps what it was sent for asserts, and
// replays the answer of a POST whose Idempotency-Key it has seen, as Stripe does.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { ulid } from "ulid";

export interface StripeStandIn {
  url: string;
  /** Every request: method, path and the form fields (nested keys as Stripe writes them: metadata[tenant_id]). */
  requests: { method: string; path: string; form: Record<string, string>; idempotencyKey?: string }[];
  /** The ids of the Checkout sessions made (a replayed answer makes none). */
  sessions: string[];
  /** Invoices GET /v1/invoices lists, per customer id (newest first, as Stripe lists them). */
  invoices: Map<string, Record<string, unknown>[]>;
  /** Set to make every call answer this HTTP status (e.g. 500: the processor is down). */
  failWith?: number;
  /** The next `count` answers to POSTs on `path` are lost: the call takes effect, then the connection is cut. */
  loseAnswers?: { path: string; count: number };
  close(): Promise<void>;
}

const rid = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

async function formOf(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
}

const metadataOf = (form: Record<string, string>, prefix = "metadata") =>
  Object.fromEntries(Object.entries(form).filter(([k]) => k.startsWith(`${prefix}[`)).map(([k, v]) => [k.slice(prefix.length + 1, -1), v]));

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const state: Omit<StripeStandIn, "url" | "close"> = { requests: [], sessions: [], invoices: new Map() };
  const customers = new Set<string>();
  const answered = new Map<string, { status: number; body: string; params: string }>();
  let server: Server;
  const url = await new Promise<string>((resolve) => {
    server = createServer(async (request, response) => {
      const path = new URL(request.url ?? "/", "http://stand-in").pathname;
      const query = new URL(request.url ?? "/", "http://stand-in").searchParams;
      const form = request.method === "POST" ? await formOf(request) : Object.fromEntries(query);
      const key = request.method === "POST" ? request.headers["idempotency-key"] : undefined;
      const idempotencyKey = typeof key === "string" ? key : undefined;
      state.requests.push({ method: request.method ?? "", path, form, idempotencyKey });
      const answer = (status: number, text: string, headers: Record<string, string> = {}) => {
        const lose = state.loseAnswers;
        if (request.method === "POST" && lose && lose.path === path && lose.count > 0) {
          lose.count -= 1;
          return request.socket.destroy(); // it took effect; the answer never arrives
        }
        response.writeHead(status, { "content-type": "application/json", "request-id": `req_${ulid()}`, ...headers });
        response.end(text);
      };
      const params = `${path} ${JSON.stringify(form)}`;
      const replay = idempotencyKey ? answered.get(idempotencyKey) : undefined;
      if (replay && replay.params !== params) {
        const message = "Keys for idempotent requests can only be used with the same parameters they were first used with.";
        return answer(400, JSON.stringify({ error: { type: "idempotency_error", message } }));
      }
      if (replay) return answer(replay.status, replay.body, { "idempotent-replayed": "true" });
      const send = (status: number, body: unknown) => {
        const text = JSON.stringify(body);
        if (idempotencyKey && status < 500) answered.set(idempotencyKey, { status, body: text, params });
        answer(status, text);
      };
      const error = (status: number, message: string, param?: string) => send(status, { error: { type: "invalid_request_error", message, ...(param && { param }) } });
      if ((request.headers.authorization ?? "") === "") return send(401, { error: { type: "invalid_request_error", message: "No API key provided." } });
      if (state.failWith) return send(state.failWith, { error: { type: "api_error", message: "The stand-in was told to fail." } });
      const now = Math.floor(Date.now() / 1000);
      if (request.method === "POST" && path === "/v1/customers") {
        const id = rid("cus");
        customers.add(id);
        return send(200, { id, object: "customer", name: form.name ?? null, metadata: metadataOf(form), created: now, livemode: false });
      }
      if (request.method === "POST" && path === "/v1/checkout/sessions") {
        if (!form.customer || !customers.has(form.customer)) return error(400, `No such customer: '${form.customer}'`, "customer");
        const id = rid("cs_test");
        state.sessions.push(id);
        return send(200, {
          id, object: "checkout.session", mode: form.mode, customer: form.customer, client_reference_id: form.client_reference_id ?? null,
          metadata: metadataOf(form), url: `${addressOf(server)}/pay/${id}`, expires_at: now + 86_400, status: "open", payment_status: "unpaid",
          success_url: form.success_url, cancel_url: form.cancel_url, livemode: false,
        });
      }
      if (request.method === "POST" && path === "/v1/billing_portal/sessions") {
        if (!form.customer || !customers.has(form.customer)) return error(400, `No such customer: '${form.customer}'`, "customer");
        const id = rid("bps");
        return send(200, { id, object: "billing_portal.session", customer: form.customer, url: `${addressOf(server)}/portal/${id}`, return_url: form.return_url, created: now, livemode: false });
      }
      if (request.method === "GET" && path === "/v1/invoices") {
        const all = state.invoices.get(query.get("customer") ?? "") ?? [];
        const after = query.get("starting_after");
        const start = after ? all.findIndex((i) => i.id === after) + 1 : 0;
        if (after && start === 0) return error(400, `No such invoice: '${after}'`, "starting_after");
        const limit = Number(query.get("limit") ?? 10);
        const data = all.slice(start, start + limit);
        return send(200, { object: "list", url: "/v1/invoices", data, has_more: start + limit < all.length });
      }
      return error(404, `Unrecognized request URL (${request.method}: ${path}).`);
    });
    server.listen(0, "127.0.0.1", () => resolve(addressOf(server)));
  });
  return Object.assign(state, {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const addressOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** A Stripe invoice object of the stand-in, in the fields billing reads. */
export function fakeInvoice(customer: string, fields: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: rid("in"), object: "invoice", customer, number: `INV-${Math.floor(Math.random() * 1e6)}`, status: "paid", currency: "usd",
    amount_due: 9900, amount_paid: 9900, created: now, period_start: now, period_end: now + 30 * 86_400,
    hosted_invoice_url: "https://invoice.example/x", invoice_pdf: null, livemode: false, ...fields,
  };
}
