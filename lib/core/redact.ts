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
    // A variable may list several URLs, comma-separated (RPC_URL_<NETWORK> with fallbacks).
    .flatMap(([, value]) => [value!, ...value!.split(",").map((url) => url.trim()).filter((url) => url && url !== value)])
    .flatMap((value) => {
      const rest = URL.canParse(value) ? `${new URL(value).pathname}${new URL(value).search}` : "";
      return rest.length > 1 ? [value, rest] : [value];
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

// The request log (lib/request-log) keeps request and response bodies: every credential in them is replaced
// before they are stored. By field name: secrets (an API key's, a webhook endpoint's, a client's), passwords,
// private keys, mnemonics, keystores, and session, access, refresh, id and OAuth tokens (`token` alone is a
// token's id here and stays). By value, wherever it appears (a message, a URL, a field of any name): API key
// secrets, webhook signing secrets, JWTs and PEM private keys.
const SECRET_FIELD = /^(?!redacted_)(?:[a-z0-9_]*_)?(?:secret|secrets|password|passphrase|private_?key|mnemonic|seed|seed_phrase|keystore|keystore_json|authorization|(?:access|refresh|id|session|oauth|bearer|auth)_token)$/i;
const SECRET_VALUES: [RegExp, string][] = [
  [/\bsk_(test|live)_[A-Za-z0-9_-]+/g, "sk_$1_[redacted]"],
  [/\bwhsec_[A-Za-z0-9+/=_-]+/g, "whsec_[redacted]"],
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, "[redacted jwt]"],
  [/-----BEGIN ([A-Z ]*)PRIVATE KEY-----[\s\S]*?(-----END \1PRIVATE KEY-----|$)/g, "[redacted private key]"],
];
export const REDACTED = "[redacted]";

/** A string with every secret value (see SECRET_VALUES) replaced. */
export function redactSecretValues(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_VALUES) out = out.replace(pattern, replacement);
  return out;
}

/** Walks a parsed JSON value: secret fields become "[redacted]", secret values inside strings are replaced. */
export function redactSecrets(value: unknown): unknown {
  if (typeof value === "string") return redactSecretValues(value);
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, SECRET_FIELD.test(key) && v !== null && v !== "" ? REDACTED : redactSecrets(v)]),
    );
  }
  return value;
}

// A body that is not JSON (or was cut): fields written as "name": "value" or name=value are still found.
const SECRET_FIELD_IN_TEXT = /("?)([A-Za-z0-9_]+)\1(\s*[:=]\s*)("(?:[^"\\]|\\.)*"?|[^\s&,}\]]+)/g;

// Every name and value above contains one of these: a text without any has nothing to redact, and most bodies
// are checked by this one scan instead of a parse and a walk.
const MIGHT_HOLD_SECRETS = /secret|password|passphrase|private|mnemonic|seed|keystore|authorization|_token|sk_(?:test|live)_|whsec_|eyJ/i;

/** A request or response body as text, redacted: as JSON when it parses, else field by field as text. */
export function redactBody(text: string): string {
  if (!MIGHT_HOLD_SECRETS.test(text)) return text;
  try {
    return JSON.stringify(redactSecrets(JSON.parse(text)));
  } catch {
    const fields = text.replace(SECRET_FIELD_IN_TEXT, (match, quote, key, sep) => (SECRET_FIELD.test(key) ? `${quote}${key}${quote}${sep}"${REDACTED}"` : match));
    return redactSecretValues(fields);
  }
}
