// A write the spec lists under POST and again under its older method (PUT or PATCH): both run the same handler.
// The older one is marked deprecated in the OpenAPI document and answers 200, as it always did.
import { api, type AnyObject, type Handler, type Out, type RouteHandler, type RouteOptions } from "@/lib/api/handler";
import type { AuthMode } from "@/lib/api/credentials";

export function postWithLegacy<
  L extends "PUT" | "PATCH",
  M extends AuthMode,
  B extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  P extends AnyObject | undefined = undefined,
>(
  legacy: L,
  options: RouteOptions<B, Q, P> & { auth: M },
  handler: Handler<M, Out<B>, Out<Q>, Out<P>>,
): { POST: RouteHandler } & Record<L, RouteHandler> {
  const { status: _created, ...older } = options;
  const legacyRoute = api({ ...older, summary: `Legacy form of the POST (same body; answers 200): ${options.summary}`, deprecated: true }, handler);
  return { POST: api(options, handler), [legacy]: legacyRoute } as { POST: RouteHandler } & Record<L, RouteHandler>;
}
