import { ApiError } from "./errors";

export function unmatched(headers: Headers): never {
  const path = headers.get("x-unmatched-path") ?? "";
  const method = headers.get("x-unmatched-method") ?? "";
  const allow = headers.get("x-unmatched-allow") ?? "";
  if (allow) {
    throw new ApiError(405, "invalid_request_error", "method_not_allowed", `${method} is not supported on ${path}. Allowed: ${allow}.`, undefined, { Allow: allow });
  }
  throw new ApiError(404, "invalid_request_error", "route_not_found", `Unrecognized request URL (${method}: ${path}).`);
}
