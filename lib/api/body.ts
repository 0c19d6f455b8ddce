// Reads a JSON request body with a 1 MB cap, counting bytes as they arrive, and a cap on nesting: a
// deeply nested document parses, but would then overflow the stack of whatever walks it.
import { ApiError, invalidRequest } from "@/lib/core/errors";
import { requestBody, setRequestBody } from "./raw-bodies";

export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_BODY_DEPTH = 32;

const tooLarge = () =>
  new ApiError(413, "invalid_request_error", "request_too_large", `The request body exceeds the limit of ${MAX_BODY_BYTES} bytes.`);

export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await readBodyText(request);
  return text === undefined ? undefined : parseJson(text);
}

/** The body as text (UTF-8), under the same size cap: for a route that must see the exact bytes (a signed webhook). */
export async function readBodyText(request: Request): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const known = requestBody(request); // read whole by the production server
  if (known) {
    if (known.byteLength > MAX_BODY_BYTES) throw tooLarge();
    return Buffer.from(known.buffer, known.byteOffset, known.byteLength).toString("utf8");
  }
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
  const body = Buffer.concat(chunks);
  setRequestBody(request, body); // as the production server's are: the request log reads it (./request-log)
  return body.toString("utf8");
}

function parseJson(text: string): unknown {
  if (!text.trim()) return undefined;
  if (nestsDeeperThan(text, MAX_BODY_DEPTH)) {
    throw invalidRequest("invalid_request", `The request body nests objects and arrays deeper than ${MAX_BODY_DEPTH} levels.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw invalidRequest("invalid_json", "The request body is not valid JSON.");
  }
}

// Counts brackets outside string literals; a malformed document is left to JSON.parse to refuse.
function nestsDeeperThan(text: string, limit: number) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") {
      if (++depth > limit) return true;
    } else if (c === "}" || c === "]") depth--;
  }
  return false;
}
