// Reads a JSON request body with a 1 MB cap, counting bytes as they arrive.
import { ApiError, invalidRequest } from "./errors";

export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = () =>
  new ApiError(413, "invalid_request_error", "request_too_large", `The request body exceeds the limit of ${MAX_BODY_BYTES} bytes.`);

export async function readJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) return undefined;

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw invalidRequest("invalid_json", "The request body is not valid JSON.");
  }
}
