// The browser-facing protections: the headers next.config.ts gives every page (matched the way Next.js
// matches them), and the attributes of the session cookies — next-auth's, as its own handler sets them after
// a real sign-in, and every cookie the app sets itself.
import { afterEach, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { newTenant } from "@/test/client";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

// Console pages, Connect pages, the sign-in page and the home page.
const PAGES = ["/", "/sign-in", "/dashboard", "/dashboard/tokens/tok_123", "/connect/pk_test_abc", "/api/auth/signin"];

async function headersFor(pathname: string, env: "production" | "development") {
  vi.stubEnv("NODE_ENV", env);
  const { default: config } = await import("@/next.config");
  const rules = await config.headers!();
  const found = new Map<string, string>();
  for (const rule of rules) if (getPathMatch(rule.source)(pathname)) for (const h of rule.headers) found.set(h.key.toLowerCase(), h.value);
  return found;
}

describe("security headers of the pages (next.config.ts)", () => {
  it("every page: nosniff, frame-ancestors 'none', a referrer policy; HSTS in production only", async () => {
    for (const page of PAGES) {
      const prod = await headersFor(page, "production");
      expect(prod.get("x-content-type-options"), page).toBe("nosniff");
      expect(prod.get("content-security-policy"), page).toMatch(/(^|;)\s*frame-ancestors 'none'/);
      expect(prod.get("x-frame-options"), page).toBe("DENY");
      expect(prod.get("referrer-policy"), page).toBe("strict-origin-when-cross-origin");
      expect(prod.get("strict-transport-security"), page).toMatch(/^max-age=(\d+)/);
      expect(Number(/max-age=(\d+)/.exec(prod.get("strict-transport-security")!)![1])).toBeGreaterThanOrEqual(365 * 24 * 3600);

      const dev = await headersFor(page, "development");
      expect(dev.get("x-content-type-options"), page).toBe("nosniff");
      expect(dev.get("content-security-policy"), page).toMatch(/frame-ancestors 'none'/);
      expect(dev.has("strict-transport-security"), `${page}: no HSTS outside production (http://localhost)`).toBe(false);
    }
  });
});

// next-auth's core handler (what its route handler calls once it has read the request through next/headers,
// which needs a running Next.js); not in the package's exports, so loaded by path.
type AuthResult = { cookies?: unknown[]; body?: unknown; redirect?: string; status?: number };
function nextAuthCore(): { AuthHandler(params: { req: Record<string, unknown>; options: unknown }): Promise<AuthResult> } {
  const require = createRequire(import.meta.url);
  return require(join(dirname(require.resolve("next-auth")), "core", "index.js"));
}

type AuthCookie = { name: string; value: string; options: { httpOnly?: boolean; secure?: boolean; sameSite?: string | boolean; path?: string } };

/** A real sign-in through next-auth's own handler with the console's options: the cookies it sets on the way. */
async function signInCookies(env: "production" | "test") {
  vi.stubEnv("NODE_ENV", env);
  const owner = await newTenant("Cookies");
  // The secret as the route handler adds it (from AUTH_SECRET) before calling the core.
  const options = { ...(await import("@/lib/console/auth")).authOptions, secret: process.env.AUTH_SECRET };
  const { AuthHandler } = nextAuthCore();
  // As the app sees it behind a proxy that terminates TLS and forwards plain http: only the console's own
  // setting makes the cookies Secure (next-auth alone would follow the URL it derives).
  const headers = { host: "console.example.com", "x-forwarded-proto": "http", "x-forwarded-for": "10.9.8.7", "content-type": "application/x-www-form-urlencoded" };
  const csrf = await AuthHandler({ req: { method: "GET", action: "csrf", headers, cookies: {}, query: {} }, options });
  const csrfCookie = (csrf.cookies ?? [])[0] as AuthCookie;
  const csrfToken = (csrf.body as { csrfToken: string }).csrfToken;
  const signedIn = await AuthHandler({
    req: {
      method: "POST", action: "callback", providerId: "credentials", headers, query: {},
      cookies: { [csrfCookie.name]: csrfCookie.value },
      body: { csrfToken, email: owner.email, password: owner.password, json: "true" },
    },
    options,
  });
  const cookies = [csrfCookie, ...((signedIn.cookies ?? []) as AuthCookie[])];
  expect(cookies.some((c) => /session-token$/.test(c.name) && c.value), `signed in: ${JSON.stringify(signedIn)}`).toBe(true);
  return cookies;
}

describe("session cookies", () => {
  it("next-auth's cookies after a real sign-in: HttpOnly, SameSite=Lax, Secure (and __Secure-/__Host- named) in production", async () => {
    const cookies = await signInCookies("production");
    for (const c of cookies) {
      expect(c.options, c.name).toMatchObject({ httpOnly: true, sameSite: "lax", secure: true });
      expect(c.name, "a prefix the browser enforces").toMatch(/^__(Secure|Host)-/);
    }
  });

  it("outside production (http://localhost) they are HttpOnly and SameSite=Lax, not Secure", async () => {
    const cookies = await signInCookies("test");
    for (const c of cookies) expect(c.options, c.name).toMatchObject({ httpOnly: true, sameSite: "lax", secure: false });
  });

  it("every cookie the app sets itself goes through cookieOptions: HttpOnly, SameSite=Lax, Secure in production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { cookieOptions } = await import("@/lib/http/security");
    expect(cookieOptions({ path: "/", maxAge: 60 })).toEqual({ path: "/", maxAge: 60, httpOnly: true, sameSite: "lax", secure: true });
    vi.stubEnv("NODE_ENV", "development");
    expect(cookieOptions({ path: "/" })).toMatchObject({ httpOnly: true, sameSite: "lax", secure: false });
    // The places that set a cookie (next/headers cookies().set, a Set-Cookie header) pass cookieOptions(...).
    const files = execFileSync("git", ["grep", "-lE", "cookies\\(\\)\\)\\.set\\(|cookies\\.set\\(|[Ss]et-[Cc]ookie", "--", "app", "lib", "proxy.ts"], { encoding: "utf8" })
      .split("\n").filter((f) => f && !f.endsWith(".test.ts"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const calls = readFileSync(file, "utf8").match(/cookies\(\)\)\.set\([^;]*;/g) ?? [];
      expect(calls.length, `${file} sets cookies some other way`).toBeGreaterThan(0);
      for (const call of calls) expect(call, file).toContain("cookieOptions(");
    }
  });
});
