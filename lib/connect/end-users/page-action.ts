// The frame of every server action of the end-user page: the page's rate slot, the publishable key resolved
// again (the browser holds no secret), and any failure turned into the sentence the page shows.
import { endUserContext, userMessage, type EndUserContext } from "./service";
import { takeConnectPageSlot } from "./limits";

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

export async function runPageAction<T>(publishableKey: string, fn: (ctx: EndUserContext) => Promise<T>): Promise<Result<T>> {
  try {
    const slot = await takeConnectPageSlot(publishableKey);
    if (!slot.allowed) return { ok: false, error: slot.message };
    const ctx = await endUserContext(publishableKey);
    if (!ctx) return { ok: false, error: "This page's application key is unknown or revoked." };
    return { ok: true, value: await fn(ctx) };
  } catch (error) {
    return { ok: false, error: userMessage(error) };
  }
}
