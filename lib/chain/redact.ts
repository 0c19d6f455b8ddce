// Provider RPC and bundler URLs carry access keys (in the path, the query, sometimes the user part), and
// viem puts the URL into its error texts ("URL: https://…"). Every text made from a chain error passes
// through redactRpc before it is stored, answered, sent in a webhook or logged.

const URL_PATTERN = /\b(?:https?|wss?):\/\/[^\s"'<>`]+/gi;

/**
 * What of the configured URLs (RPC_URL_*, BUNDLER_URL_*) must never show: each whole URL, and its path and
 * query on their own (a message may quote them without the host). Longest first, so no tail is left behind.
 */
function secretParts(env: NodeJS.ProcessEnv): string[] {
  const parts = Object.entries(env)
    .filter(([name, value]) => /^(RPC_URL|BUNDLER_URL)_/.test(name) && value)
    .flatMap(([, value]) => {
      const rest = URL.canParse(value!) ? `${new URL(value!).pathname}${new URL(value!).search}` : "";
      return rest.length > 1 ? [value!, rest] : [value!];
    });
  return parts.sort((a, b) => b.length - a.length);
}

/** Origin only, and only when the text parses as a URL: path, query, fragment and credentials go. */
function originOnly(raw: string): string {
  try {
    const url = new URL(raw);
    const rest = `${url.pathname}${url.search}${url.hash}`;
    return `${url.protocol}//${url.host}${rest && rest !== "/" ? "/…" : ""}`;
  } catch {
    return "[url]";
  }
}

export function redactRpc(text: string, env: NodeJS.ProcessEnv = process.env): string {
  let redacted = text;
  for (const part of secretParts(env)) redacted = redacted.split(part).join(URL.canParse(part) ? originOnly(part) : "/…");
  return redacted.replace(URL_PATTERN, originOnly);
}
