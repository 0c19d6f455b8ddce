// The route handler Next.js would pick for a path and method, with its path parameters: for requests
// the app makes to itself (the operations of POST /v1/batch, and the tests). Unknown paths and
// methods get the 404/405 handler.
import type { RouteHandler } from "./handler";
import { matchRoute, routeParams } from "./routing";
import { routeModules } from "./route-modules.generated";
import { unmatchedHandler } from "./unmatched";

export async function resolveHandler(pathname: string, method: string): Promise<{ handler: RouteHandler; params: Record<string, string> }> {
  const route = matchRoute(pathname);
  if (!route || !route.methods.includes(method)) return { handler: unmatchedHandler, params: {} };
  const handler = (await routeModules[route.path]())[method] as RouteHandler;
  return { handler, params: routeParams(route.path, pathname) };
}
