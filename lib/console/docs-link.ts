// The API reference (/docs) with a new test key filled in. The secret rides in the URL's fragment, which the
// browser never sends to a server (no access log holds it); the page reads it once and removes it from the URL.
export const DOCS_KEY_FRAGMENT = "api_key";

export const docsWithKey = (secret: string) => `/docs#${DOCS_KEY_FRAGMENT}=${encodeURIComponent(secret)}`;

/** The key a /docs URL's fragment carries: a test secret only (a live key is never put in a link). */
export function keyFromFragment(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, "")).get(DOCS_KEY_FRAGMENT);
  return value && /^sk_test_[A-Za-z0-9_]+$/.test(value) ? value : null;
}
