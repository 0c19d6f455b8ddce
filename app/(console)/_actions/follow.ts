"use server";
import "@/lib/composition";
import { perform } from "@/lib/console/actions";
import { FOLLOWED, recordState, type Followed } from "@/lib/console/follow";

/** The record an action created, now (polled by FollowRecord until it is final). */
export async function followAction(kind: Followed, id: string, parent?: string) {
  if (!FOLLOWED.includes(kind)) return { status: "error" as const, message: "This record cannot be followed here." };
  return perform((c) => recordState(c.scope, kind, id, parent), "viewer"); // a read: every role
}
