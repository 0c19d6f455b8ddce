// The public Connect pages and their server actions are rate limited per client IP and per publishable
// key: the actions and the page are called as Next.js calls them, with the request's headers (the
// forwarding header our proxy sets) and cookies given through next/headers.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newTenant } from "@/test/client";

const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({ get: () => undefined, set: () => undefined, delete: () => undefined }),
}));

const { beginSiwe } = await import("@/app/(connect)/connect/[publishableKey]/siwe-actions");
const { signOut } = await import("@/app/(connect)/connect/[publishableKey]/actions");
const { default: ConnectPage } = await import("@/app/(connect)/connect/[publishableKey]/page");

const saved = { ...process.env };
beforeAll(() => {
  process.env.TRUSTED_PROXY = "1";
  process.env.CONNECT_PAGE_LIMIT_PER_IP = "5";
  process.env.CONNECT_PAGE_LIMIT_PER_KEY = "8";
});
afterAll(() => {
  for (const name of ["TRUSTED_PROXY", "CONNECT_PAGE_LIMIT_PER_IP", "CONNECT_PAGE_LIMIT_PER_KEY"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const net = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const from = (host: number) => (request.headers = new Headers({ "x-forwarded-for": `${net}.${host}` }));
/** The text the page's server component puts in its own elements (client components are not rendered here). */
function textOf(node: unknown): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join(" ");
  const props = (node as { props?: { children?: unknown } } | null)?.props;
  return props ? textOf(props.children) : "";
}
const page = async (publishableKey: string) => textOf(await ConnectPage({ params: Promise.resolve({ publishableKey }) }));

describe("Connect pages' rate limits", () => {
  it("each client IP and each publishable key gets its own window; over it actions answer an error and the page says so", async () => {
    const a = (await newTenant("PageLimits")).key.publishable as string;
    const b = (await newTenant("PageLimits")).key.publishable as string;

    from(1);
    for (let i = 0; i < 5; i++) expect((await beginSiwe(a)).ok, `call ${i + 1}`).toBe(true);
    const refused = await beginSiwe(a);
    expect(refused).toMatchObject({ ok: false });
    expect(!refused.ok && refused.error).toMatch(/Too many requests.*wait \d+ seconds?/);
    expect((await signOut(a)).ok).toBe(false); // every action of the page shares the IP's window
    expect(await page(a)).toContain("Too many requests");
    expect((await beginSiwe(b)).ok).toBe(false); // the IP's window covers every application

    // Another IP has its own window, until the key's own (8 a minute here) is used up.
    from(2);
    for (let i = 0; i < 3; i++) expect((await beginSiwe(a)).ok, `ip 2 call ${i + 1}`).toBe(true);
    from(3);
    const keyFull = await beginSiwe(a);
    expect(keyFull.ok).toBe(false);
    // Another application's key is untouched by a's.
    expect((await beginSiwe(b)).ok).toBe(true);
    const open = await page(b);
    expect(open).toContain("Ethereum wallet");
    expect(open).not.toContain("Too many requests");
  });
});
