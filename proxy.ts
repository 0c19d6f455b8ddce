// Requests to /v1 and /auth that no route handles are sent to one internal handler, so unknown paths
// (404) and unsupported methods (405) get the API's error envelope, request id and rate-limit headers.
import { NextResponse, type NextRequest } from "next/server";
import { matchRoute } from "@/lib/api/routing";

export function proxy(request: NextRequest) {
  const route = matchRoute(request.nextUrl.pathname);
  if (route && route.methods.includes(request.method)) return NextResponse.next();
  if (route && (request.method === "OPTIONS" || (request.method === "HEAD" && route.methods.includes("GET")))) {
    return NextResponse.next();
  }
  const url = request.nextUrl.clone();
  url.pathname = "/api/unmatched";
  const headers = new Headers(request.headers);
  headers.set("x-unmatched-path", request.nextUrl.pathname);
  headers.set("x-unmatched-method", request.method);
  headers.set("x-unmatched-allow", route ? route.methods.join(", ") : "");
  return NextResponse.rewrite(url, { request: { headers } });
}

export const config = { matcher: ["/v1/:path*", "/auth/:path*"] };
