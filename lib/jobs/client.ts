// The Inngest client. In embedded mode (lib/jobs/mode.ts) events go to the local executor through a
// custom fetch; with Inngest keys the client talks to Inngest Cloud, configured from INNGEST_* env.
import { Inngest } from "inngest";
import type { EventPayload } from "./events";
import { isEmbeddedMode } from "./mode";

/** Answers the SDK's POST /e/<key> (inngest.send, step.sendEvent) by recording the events locally. */
export async function localEventFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input.toString());
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  if (method !== "POST" || !/^\/e\/[^/]+$/.test(url.pathname)) return fetch(input, init);
  try {
    const body = init?.body ?? (input instanceof Request ? await input.text() : "[]");
    const parsed = JSON.parse(String(body)) as EventPayload | EventPayload[];
    // Imported here so that in cloud mode the client does not load the executor's database code.
    const { enqueueEvents } = await import("./events");
    const ids = await enqueueEvents(Array.isArray(parsed) ? parsed : [parsed]);
    return Response.json({ ids, status: 200 });
  } catch (error) {
    return Response.json({ ids: [], status: 500, error: error instanceof Error ? error.message : String(error) }, { status: 500 });
  }
}

type Logger = NonNullable<ConstructorParameters<typeof Inngest>[0]["logger"]>;

export function createInngestClient<const Id extends string>(id: Id, logger?: Logger) {
  // isDev is decided here, never from a shared env var: dev mode skips request signature checks.
  return isEmbeddedMode()
    ? new Inngest({ id, logger, isDev: true, fetch: localEventFetch })
    : new Inngest({ id, logger, isDev: false });
}

export const inngest = createInngestClient("token-platform");
