// Requests no route serves, in the API's error envelope: unknown /v1 and /auth paths (404, from the
// catch-all route files) and methods a route does not support (405: every route file takes the methods
// it lacks from `unmatchedMethods`; scripts/gen-routes.ts keeps those lines). Next.js itself would answer
// both with an empty body.
import { api } from "./handler";
import { ApiError } from "@/lib/core/errors";
import { matchRoute } from "./routing";

export const unmatchedHandler = api({ auth: "none", summary: "Unmatched request" }, ({ request }) => {
  const path = new URL(request.url).pathname;
  const route = matchRoute(path);
  if (route && !route.methods.includes(request.method)) {
    const allow = route.methods.join(", ");
    throw new ApiError(405, "invalid_request_error", "method_not_allowed", `${request.method} is not supported on ${path}. Allowed: ${allow}.`, undefined, { Allow: allow });
  }
  throw new ApiError(404, "invalid_request_error", "route_not_found", `Unrecognized request URL (${request.method}: ${path}).`);
});

/**
 * Every method, for route files to take the ones they lack: `export const { PUT, DELETE } = unmatchedMethods;`.
 * Destructured, so tools that count a file's own handlers (the endpoint coverage report) do not count these.
 */
export const unmatchedMethods = { GET: unmatchedHandler, POST: unmatchedHandler, PUT: unmatchedHandler, PATCH: unmatchedHandler, DELETE: unmatchedHandler };
