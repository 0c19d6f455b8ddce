// @token-platform/client: a typed client for the Token Platform API. The types (./schema) are generated from
// the OpenAPI document (/v1/openapi.json) by openapi-typescript; requests go through openapi-fetch, so a
// path, a parameter, a body field or a response field the document does not have is a type error.
import createClient, { type Client, type ClientOptions, type Middleware } from "openapi-fetch";
import type { components, paths } from "./schema";

export type { components, paths };
/** A schema of the document by name, e.g. `Schema<"Token">`. */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];
export type TokenPlatformClient = Client<paths>;

export interface TokenPlatformClientOptions extends Omit<ClientOptions, "baseUrl"> {
  /** The platform's origin, e.g. `https://platform.example.com` (paths in the document start with /v1 or /auth). */
  baseUrl: string;
  /** A secret API key (`sk_test_…` / `sk_live_…`) or a console session's access token, sent as a Bearer token. */
  apiKey?: string;
}

/**
 * A client for every operation of the API:
 * ```ts
 * const api = createTokenPlatformClient({ baseUrl: "http://localhost:3000", apiKey: process.env.TOKEN_PLATFORM_KEY });
 * const { data, error } = await api.POST("/v1/tokens", { body: { name: "Acme", symbol: "ACME", network: "polygon_amoy" } });
 * ```
 * Each call resolves to `{ data }` on success or `{ error }` (the API's error envelope) otherwise, with the response.
 */
export function createTokenPlatformClient({ baseUrl, apiKey, ...options }: TokenPlatformClientOptions): TokenPlatformClient {
  const client = createClient<paths>({ baseUrl: baseUrl.replace(/\/+$/, ""), ...options });
  if (apiKey) client.use(bearer(apiKey));
  return client;
}

/** Sends `credential` as the Bearer token of every request that does not set its own Authorization header. */
export function bearer(credential: string): Middleware {
  return {
    onRequest({ request }) {
      if (!request.headers.has("authorization")) request.headers.set("authorization", `Bearer ${credential}`);
      return request;
    },
  };
}

/** An Idempotency-Key header for one POST, so a retried request is applied once. */
export const idempotent = (key: string) => ({ headers: { "idempotency-key": key } });
