/** Where to go after signing in: a path of this site only (never another origin), else the dashboard. */
export function safeCallback(value: string | null | undefined, fallback = "/dashboard"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (value.startsWith("/sign-in") || value.startsWith("/sign-up") || value.startsWith("/api/")) return fallback;
  return value;
}
