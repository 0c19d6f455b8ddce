// Where proxy.ts sends /v1 and /auth requests that no route serves: 404 or 405 in the error envelope.
import { api } from "@/lib/api/handler";
import { unmatched } from "@/lib/api/unmatched";

const handler = api({ auth: "none", summary: "Unmatched request" }, ({ request }) => unmatched(request.headers));

export const GET = handler;
export const POST = handler;
export const PUT = handler;
export const PATCH = handler;
export const DELETE = handler;
