// What the browser specs share: the app's address (started by the global setup), a JSON call to its API, and a
// poll until something holds.

export const base = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set: run through `npm run test:e2e` (global setup starts the app)");
  return url;
};

export async function api(method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${base()}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

export async function until<T>(probe: () => Promise<T | false | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
