// Who is acting in the running request: a member signed in to the console (or using an access token), or an API
// key, with the client's IP. The API wrapper and the console's actions set it; the audit log (lib/observability/
// audit.ts) reads it, so the services that record admin actions need no extra parameter.
import { AsyncLocalStorage } from "node:async_hooks";

export interface Actor {
  type: "user" | "api_key";
  /** usr_… or key_… */
  id: string;
  /** The member's e-mail (kept in the log: a removed member's entries still name them). */
  label?: string;
  ip: string | null;
}

const storage = new AsyncLocalStorage<Actor>();

/** Runs `fn` as `actor` (as is without one: public routes, background work). */
export const actingAs = <T>(actor: Actor | null, fn: () => T): T => (actor ? storage.run(actor, fn) : fn());

/** The actor of the running request, or null (background work, the platform itself). */
export const currentActor = (): Actor | null => storage.getStore() ?? null;
