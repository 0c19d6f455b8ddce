// Each operation's operationId, derived from its method and path alone so that a reader can guess it and two
// routes never share one: a verb (list, get, create, update, delete, or the path's last word for an action such
// as /mint; "post" for the POST form of a PUT), then the resources it goes through, singular where an id follows them.
//   GET /v1/transactions → listTransactions        GET /v1/transactions/{id} → getTransaction
//   POST /v1/tokens → createToken                   POST /v1/tokens/{id}/mint → mintToken
//   DELETE /v1/webhook_endpoints/{id} → deleteWebhookEndpoint

const isParam = (segment: string) => /^\[.+\]$/.test(segment) || /^\{.+\}$/.test(segment);
const pascal = (segment: string) =>
  segment
    .split(/[_\-.]/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join("");

// Words whose last letter is not a plural's: kept as they are.
const NOT_PLURAL = new Set(["analytics", "settings", "status", "access", "address", "bps", "confidential"]);

/** "identities" → "identity", "tokens" → "token", "addresses" → "address"; an uncountable word as it is. */
export function singular(word: string): string {
  if (NOT_PLURAL.has(word)) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word) || word.endsWith("sses")) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

export interface RouteShape {
  path: string;
  methods: string[];
}

/**
 * The operationId of `method path` among `routes` (the route table, to tell a collection from an action).
 * `paged`: the operation takes `starting_after` (a list).
 */
export function operationId(method: string, path: string, routes: RouteShape[], paged: boolean): string {
  const segments = path.split("/").filter(Boolean).filter((s, i) => !(i === 0 && s === "v1"));
  const endsWithId = isParam(segments.at(-1)!);
  const isCollection = routes.some((r) => r.path.startsWith(`${path}/`) && isParam(r.path.slice(path.length + 1).split("/")[0]));
  const hasPut = routes.some((r) => r.path === path && r.methods.includes("PUT"));
  const verb = method.toUpperCase();
  let action: string;
  let nouns = segments;
  let singularLast = endsWithId;
  if (verb === "GET") action = endsWithId || !paged ? "get" : "list";
  else if (verb === "DELETE") action = "delete";
  else if (verb === "PUT" || verb === "PATCH") action = "update";
  // The older POST form of a PUT: named after its method, as the PUT has the verb.
  else if (hasPut) action = "post";
  else if (endsWithId) action = "update";
  else if (isCollection) [action, singularLast] = ["create", true];
  else {
    // An action: its path's last word is the verb (POST /v1/tokens/{id}/mint → mint).
    action = segments.at(-1)!;
    nouns = segments.slice(0, -1);
    singularLast = true;
  }
  const statics = nouns.filter((s) => !isParam(s));
  const words = nouns.flatMap((segment, i) => {
    if (isParam(segment)) return [];
    const followedById = isParam(nouns[i + 1] ?? "");
    const last = segment === statics.at(-1) && i === nouns.lastIndexOf(segment);
    return [pascal(followedById || (last && singularLast) ? singular(segment) : segment)];
  });
  const name = pascal(action) + words.join("");
  return name[0].toLowerCase() + name.slice(1);
}
