// Every route of /v1/connect/… is called with an API key (a DApp's publishable key or the tenant's secret one) and
// filed under the `connect` tag: connectApi is api() with those two set, so a route file says only what is its own.
import { api, type AnyObject, type Handler, type Out, type RouteHandler, type RouteOptions } from "@/lib/api/handler";

export function connectApi<
  B extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  P extends AnyObject | undefined = undefined,
>(options: Omit<RouteOptions<B, Q, P>, "auth" | "tags">, handler: Handler<"api_key", Out<B>, Out<Q>, Out<P>>): RouteHandler {
  return api({ auth: "api_key", ...options, tags: ["connect"] }, handler);
}
