// The address the browser used to reach this deployment: for the curl calls of the quickstart, invitation links,
// and the relying party of members' passkeys.
import { headers } from "next/headers";

/** The public base URL as a request with these headers reached us (NEXTAUTH_URL when set). */
export function baseUrlFrom(get: (name: string) => string | null | undefined): string {
  if (process.env.NEXTAUTH_URL) return process.env.NEXTAUTH_URL.replace(/\/+$/, "");
  const host = get("x-forwarded-host") ?? get("host") ?? "127.0.0.1:3000";
  const proto = get("x-forwarded-proto") ?? (host.startsWith("127.0.0.1") || host.startsWith("localhost") ? "http" : "https");
  return `${proto.split(",")[0].trim()}://${host.split(",")[0].trim()}`;
}

export async function publicBaseUrl(): Promise<string> {
  const h = await headers();
  return baseUrlFrom((name) => h.get(name));
}
