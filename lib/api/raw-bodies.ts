// Bodies passed as they are between the production server (scripts/serve.ts) and the API wrapper: the request
// body the server read whole, and the text json() serialised, so neither side reads them back through a web
// stream. On globalThis: the server loads this module outside Next.js's bundle, which has its own copy.
const globalForBodies = globalThis as unknown as { apiRawBodies?: { requests: WeakMap<Request, Uint8Array>; responses: WeakMap<Response, string> } };
const bodies = (globalForBodies.apiRawBodies ??= { requests: new WeakMap(), responses: new WeakMap() });

export const setRequestBody = (request: Request, body: Uint8Array) => void bodies.requests.set(request, body);
export const requestBody = (request: Request) => bodies.requests.get(request);
export const setResponseText = (response: Response, text: string) => void bodies.responses.set(response, text);
export const responseText = (response: Response) => bodies.responses.get(response);
