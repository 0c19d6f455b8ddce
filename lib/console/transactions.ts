// The transactions page's filters (its query parameters), its rows as people read them (the token's symbol,
// the kind's name, the amount in units, the recipient) and the CSV export of the same filtered set.
import { db } from "@/lib/db";
import type { Scope } from "@/lib/core/scope";
import { unitsOf } from "@/lib/core/amounts";
import { findNetwork } from "@/lib/chain/network/networks";
import { TransactionStatus } from "@/lib/schemas/transactions";
import type { serializeTransaction, TransactionFilters } from "@/lib/chain/intake";
import { kindName } from "./transaction-kinds";
import { registeredKinds } from "@/lib/chain/registry/kinds";

type Query = Record<string, string | string[] | undefined>;
type Serialized = ReturnType<typeof serializeTransaction>;

/** The page's query parameters, in the order links carry them. */
export const FILTER_PARAMS = ["status", "kind", "token", "network", "from", "to", "q"] as const;
export type FilterParams = Partial<Record<(typeof FILTER_PARAMS)[number], string>>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
/** A YYYY-MM-DD day (UTC) as its first instant, or undefined when it is not a real day. */
const dayStart = (day: string | undefined) => {
  if (!day || !DAY.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? undefined : date;
};

/**
 * The filters a query asks for. A value that cannot match anything real (an unknown status, kind or network,
 * a day that does not exist) is dropped, so the page shows what it does filter by.
 */
export function parseTransactionFilters(query: Query): { params: FilterParams; filters: TransactionFilters } {
  const status = TransactionStatus.options.find((s) => s === first(query.status));
  const kind = registeredKinds().find((k) => k === first(query.kind));
  const network = findNetwork(first(query.network) ?? "") ? first(query.network) : undefined;
  const token = first(query.token)?.slice(0, 64);
  const from = dayStart(first(query.from));
  const to = dayStart(first(query.to));
  const q = first(query.q)?.slice(0, 100);
  const params: FilterParams = { status, kind, token, network, from: from && first(query.from), to: to && first(query.to), q };
  // "to" is a whole day: everything created before the next one.
  const createdBefore = to && new Date(to.getTime() + 86_400_000);
  return { params, filters: { status, kind, token, network, createdFrom: from, createdBefore, idOrHash: q } };
}

/** The query string of these filters (and `extra`), for links and the export. */
export function filterQuery(params: FilterParams, extra: Record<string, string | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...params, ...extra })) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

export interface TransactionAmount {
  /** In token units with separators ("1,500.25"), or an NFT's "#7". */
  units: string;
  /** In the smallest unit, as the API has it (empty for an NFT). */
  raw: string;
}

export type DescribedTransaction<T extends Serialized = Serialized> = T & {
  kind_name: string;
  symbol: string | null;
  amount: TransactionAmount | null;
  recipient: string | null;
};

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const text = (request: Record<string, unknown>, field: string) => (typeof request[field] === "string" ? (request[field] as string) : undefined);

function amountOf(t: Serialized, decimals: number | undefined): TransactionAmount | null {
  const request = (t.request ?? {}) as Record<string, unknown>;
  const raw = text(request, "amount") ?? (t.kind === "token.deploy" ? text(request, "initial_supply") : undefined);
  if (raw && /^\d{1,78}$/.test(raw) && decimals !== undefined) return { units: unitsOf(raw, decimals), raw };
  const nft = text(request, "nft_token_id");
  return nft ? { units: `#${nft}`, raw: "" } : null;
}

/** The address the write sends to or empowers: a transfer's or mint's `to`, an approval's spender, a role grant's address. */
function recipientOf(t: Serialized): string | null {
  const request = (t.request ?? {}) as Record<string, unknown>;
  for (const field of ["to", "spender", "operator", "account", "recipient", "beneficiary", "address"]) {
    const value = text(request, field);
    if (value && ADDRESS.test(value)) return value;
  }
  return null;
}

/** The rows with their token's symbol, the kind's name, the amount in units and the recipient (one token lookup). */
export async function describeTransactions<T extends Serialized>(scope: Scope, rows: T[]): Promise<DescribedTransaction<T>[]> {
  const ids = [...new Set(rows.map((t) => t.token).filter((id): id is string => Boolean(id)))];
  const tokens = ids.length
    ? await db.token.findMany({ where: { id: { in: ids }, tenantId: scope.tenantId, livemode: scope.livemode }, select: { id: true, symbol: true, decimals: true } })
    : [];
  const byId = new Map(tokens.map((t) => [t.id, t]));
  return rows.map((t) => {
    const token = t.token ? byId.get(t.token) : undefined;
    return { ...t, kind_name: kindName(t.kind), symbol: token?.symbol ?? null, amount: amountOf(t, token?.decimals), recipient: recipientOf(t) };
  });
}
