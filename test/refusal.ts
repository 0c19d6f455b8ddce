import { ApiError } from "@/lib/core/errors";

/** The API error `fn` is refused with; fails the test when it succeeds or throws anything else. */
export async function refusal(fn: () => Promise<unknown>): Promise<ApiError> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}
