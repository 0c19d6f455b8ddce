// Browser-facing protections shared by the console and the Connect pages: the response headers every page
// sends (next.config.ts) and the attributes of every cookie the app sets.

const production = () => process.env.NODE_ENV === "production";

/**
 * Headers of every page (and API answer): no MIME sniffing, no framing by any site (clickjacking), the
 * referrer's path kept on this site only, and in production HTTPS-only for two years (a browser ignores
 * HSTS over plain http, so `npm start` on http://127.0.0.1 keeps working; `next dev` never sends it).
 */
export function securityHeaders(isProduction = production()): { key: string; value: string }[] {
  return [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
    { key: "X-Frame-Options", value: "DENY" }, // the same for browsers that predate frame-ancestors
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    ...(isProduction ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }] : []),
  ];
}

/** Cookies are Secure in production (browsers accept Secure cookies from http://localhost and 127.0.0.1 too). */
export const secureCookies = () => production();

/** The attributes of every cookie the app sets: never readable by scripts, not sent on cross-site subrequests. */
export function cookieOptions<T extends object>(options: T): T & { httpOnly: true; sameSite: "lax"; secure: boolean } {
  return { ...options, httpOnly: true, sameSite: "lax", secure: secureCookies() };
}
