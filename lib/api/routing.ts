// Matches a request path against the route table the way Next.js does: literal segments win over
// dynamic ones. Used to answer unknown paths (404) and unsupported methods (405) with the
// API's error envelope instead of Next's empty responses.
import { routeTable } from "./route-table.generated";

const compiled = routeTable.map((r) => ({
  ...r,
  segments: r.path.split("/").slice(1),
  literals: r.path.split("/").filter((s) => s && !s.startsWith("[")).length,
}));

export function matchRoute(pathname: string) {
  const parts = pathname.replace(/\/+$/, "").split("/").slice(1);
  let best: (typeof compiled)[number] | undefined;
  for (const route of compiled) {
    if (route.segments.length !== parts.length) continue;
    if (!route.segments.every((s, i) => s.startsWith("[") || s === parts[i])) continue;
    if (!best || route.literals > best.literals) best = route;
  }
  return best ? { path: best.path, methods: best.methods } : null;
}

/** The path parameters of `pathname` under the route `routePath` (e.g. /v1/tokens/[id]), decoded as Next.js does. */
export function routeParams(routePath: string, pathname: string): Record<string, string> {
  const params: Record<string, string> = {};
  const names = routePath.split("/");
  pathname.split("/").forEach((part, i) => {
    const name = /^\[(\w+)\]$/.exec(names[i] ?? "")?.[1];
    if (name) params[name] = safeDecode(part);
  });
  return params;
}

function safeDecode(part: string) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
