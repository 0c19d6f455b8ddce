import type { Metadata } from "next";
import { consoleContext } from "@/lib/console/session";
import type { Scope } from "@/lib/core/scope";

/**
 * A record page's `generateMetadata`: the browser tab names the record ("ACME · Tokens") when the signed-in
 * tenant can read it, else the page's generic title.
 */
export function recordMetadata<T>(load: (scope: Scope, id: string) => Promise<T>, title: (record: T) => string, fallback: string) {
  return async ({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> => {
    const context = await consoleContext();
    const record = context ? await load(context.scope, (await params).id).catch(() => null) : null;
    return { title: record ? title(record) : fallback };
  };
}
