// Next.js answers OPTIONS itself for route files that do not export it (204 with an Allow header and no
// CORS headers), so a browser's preflight to /v1/connect/** would never reach the API. Preflights under
// that prefix go to the API's request wrapper instead, whose CORS hook (lib/connect/end-users/cors) answers them
// from the tenants' allowed origins, exactly as the tests call it. Every other request passes through.
export async function proxy(request: Request) {
  if (request.method !== "OPTIONS") return undefined;
  const { unmatchedHandler } = await import("@/lib/api/unmatched");
  return unmatchedHandler(request);
}

export const config = { matcher: "/v1/connect/:path*" };
