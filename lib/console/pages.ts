// Helpers of the console's server components.
import { notFound } from "next/navigation";
import { ApiError } from "@/lib/core/errors";

/** The record, or the page's 404 when lib says it does not exist for this tenant and environment. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}

/** A read that may fail (a chain node down): the value, or the error's message for the page to show. */
export async function settle<T>(load: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  try {
    return { ok: true, value: await load };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: error.message };
    console.error("[console] read failed:", error);
    return { ok: false, message: "This could not be loaded right now." };
  }
}

/** One query parameter of a page, as a string (the first when repeated). */
export const param = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;
