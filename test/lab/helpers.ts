// What the lab tests share: the product's API over HTTP, a tenant funded on every lab chain, waits on the
// records (read from the database, so polling spends none of the tenant's API rate limit), and the checks
// every scenario ends with: each record's final state against the chain, no nonce gap, no duplicate.
import { setTimeout as sleep } from "node:timers/promises";
import { inject } from "vitest";
import pg from "pg";
import { createPublicClient, http, parseTransaction, type Address, type Hex } from "viem";
import { fund } from "@/scripts/lab/lab";
import { proxyStats, setProxyFaults, type Faults } from "@/scripts/lab/fault-proxy";

export const lab = inject("lab");
export const chainOf = (name: string) => lab.chains.find((c) => c.name === name)!;
export const NETWORKS = lab.chains.map((c) => c.name);

let pool: pg.Pool | undefined;
export const sql = async <T = any>(text: string, values: unknown[] = []) =>
  (await (pool ??= new pg.Pool({ connectionString: lab.databaseUrl, max: 3 })).query(text, values)).rows as T[];
export const closeSql = () => pool?.end();

export const nodeClient = (network: string) => createPublicClient({ transport: http(chainOf(network).nodeUrl) });

/** A JSON-RPC call to `network`'s node itself (not through its proxy): the lab's own controls (mining, base fee, snapshots). */
export async function nodeRpc<T = any>(network: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(chainOf(network).nodeUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** Sets the faults of `network`'s RPC (its defaults are merged back: the lab network's own behaviour stays). */
export async function setFaults(network: string, faults: Faults) {
  const { LAB_NETWORKS } = await import("@/scripts/lab/lab");
  const defaults = LAB_NETWORKS.find((n) => n.name === network)!.faults;
  return setProxyFaults(chainOf(network).rpcUrl, { ...defaults, ...faults });
}
export const statsOf = (network: string, reset = false) => proxyStats(chainOf(network).rpcUrl, { reset }).then((s) => s.stats);

export interface Answer {
  status: number;
  body: any;
}

export async function api(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(lab.appUrl + path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: AbortSignal.timeout(60_000) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

export async function ok(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const answer = await api(method, path, options);
  if (answer.status >= 300) throw new Error(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export interface Tenant {
  key: string;
  wallet: Address;
}

let registrations = 0;
/** A new tenant with a test key, its custodial wallet funded on every lab chain from a Hardhat account. */
export async function newTenant(name: string): Promise<Tenant> {
  const n = ++registrations;
  const reg = await ok("POST", "/auth/register", {
    body: { email: `lab-${name}-${Date.now()}-${n}@example.com`, password: "correct horse 1", company_name: `Lab ${name} ${n}`, full_name: "Lab Tester" },
  });
  const key = (await ok("POST", "/v1/api_keys", { token: reg.access_token, body: { name: "lab", environment: "test" } })).secret as string;
  const wallet = (await ok("GET", "/v1/settings/wallet-mode", { token: key })).wallet_address as Address;
  await Promise.all(lab.chains.map((c) => fund(c.nodeUrl, wallet)));
  return { key, wallet };
}

const ERC20 = (network: string, symbol: string) => ({
  name: `Lab ${symbol}`, symbol, standard: "ERC20", network, initial_supply: "0", decimals: 0,
  features: { mintable: true, burnable: false, pausable: false },
});

/** Deploys a mintable ERC-20 and waits until it is deployed; returns the token and its deploy record's id. */
export async function deployToken(tenant: Tenant, network: string, symbol: string, timeoutMs = 180_000) {
  const token = await ok("POST", "/v1/tokens", { token: tenant.key, body: ERC20(network, symbol) });
  await waitFinal([token.deploy_tx], timeoutMs);
  const deployed = await ok("GET", `/v1/tokens/${token.id}`, { token: tenant.key });
  return { ...deployed, deploy_tx: token.deploy_tx as string };
}

/** `count` mints of 1 unit each to `to`, all requested at once; resolves to their record ids. */
export async function mints(tenant: Tenant, tokenId: string, count: number, to: Address): Promise<string[]> {
  const answers = await Promise.all(
    Array.from({ length: count }, () => ok("POST", `/v1/tokens/${tokenId}/mint`, { token: tenant.key, body: { to, amount: "1" } })),
  );
  return answers.map((a) => a.id as string);
}

export interface RecordRow {
  id: string;
  network: string;
  status: string;
  nonce: number | null;
  hash: string | null;
  raw_transaction: string | null;
  from_address: string;
  error_code: string | null;
  error_message: string | null;
}

const FINAL = ["confirmed", "failed", "cancelled"];

/** Reads until `done` holds (every 250 ms); throws with the last value after `timeoutMs`. `onEach` sees every read. */
export async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000, onEach?: (value: T) => void): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    onEach?.(value);
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms: ${JSON.stringify(value, (_, v) => (typeof v === "bigint" ? v.toString() : v))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Waits until every record is final; returns them. */
export async function waitFinal(ids: string[], timeoutMs: number): Promise<RecordRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await sql<RecordRow>("SELECT id, network, status, nonce, hash, raw_transaction, from_address, error_code, error_message FROM transactions WHERE id = ANY($1)", [ids]);
    if (rows.length === ids.length && rows.every((r) => FINAL.includes(r.status))) return rows;
    if (Date.now() > deadline) {
      const open = rows.filter((r) => !FINAL.includes(r.status)).map((r) => `${r.id} ${r.network} ${r.status} nonce ${r.nonce}`);
      throw new Error(`${open.length} of ${ids.length} records not final after ${timeoutMs} ms: ${open.slice(0, 10).join("; ")}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

export interface WalletAudit {
  network: string;
  records: number;
  confirmed: number;
  failed: { id: string; code: string | null; message: string | null }[];
  /** Nonces the chain counts for the wallet (eth_getTransactionCount, latest). */
  chainNonce: number;
  /** Nonces below chainNonce no record of ours holds, and nonces two records hold. */
  gaps: number[];
  duplicates: number[];
  /** Confirmed records whose transaction is not on chain as ours, successful, with the network's chain id. */
  wrong: string[];
  /** Confirmed records with other than exactly one transaction.confirmed event. */
  eventsNotOnce: string[];
  /** Records by kind and status, e.g. { "token.mint confirmed": 17 }. */
  byKindAndStatus: Record<string, number>;
}

/** The wallet's records on `network` against the chain itself (read from the node, not through the proxy). */
export async function auditWallet(wallet: Address, network: string): Promise<WalletAudit> {
  const rows = await sql<RecordRow & { events: number; kind: string }>(
    `SELECT t.id, t.kind, t.network, t.status, t.nonce, t.hash, t.raw_transaction, t.from_address, t.error_code, t.error_message,
            (SELECT count(*)::int FROM events e WHERE e.type = 'transaction.confirmed' AND e.data->'object'->>'id' = t.id) AS events
       FROM transactions t WHERE lower(t.from_address) = lower($1) AND t.network = $2`,
    [wallet, network],
  );
  const client = nodeClient(network);
  const chainId = chainOf(network).chainId;
  const chainNonce = await client.getTransactionCount({ address: wallet, blockTag: "latest" });
  const held = new Map<number, number>();
  for (const r of rows) if (r.nonce !== null && r.status === "confirmed") held.set(r.nonce, (held.get(r.nonce) ?? 0) + 1);
  const gaps: number[] = [];
  for (let n = 0; n < chainNonce; n++) if (!held.has(n)) gaps.push(n);
  const duplicates = [...held].filter(([, c]) => c > 1).map(([n]) => n);
  const wrong: string[] = [];
  const confirmed = rows.filter((r) => r.status === "confirmed");
  await Promise.all(
    confirmed.map(async (r) => {
      const [tx, receipt] = await Promise.all([client.getTransaction({ hash: r.hash as Hex }), client.getTransactionReceipt({ hash: r.hash as Hex })]).catch(() => [null, null]);
      const signedFor = r.raw_transaction ? parseTransaction(r.raw_transaction as Hex).chainId : null;
      if (!tx || !receipt || receipt.status !== "success" || tx.from.toLowerCase() !== wallet.toLowerCase() || tx.nonce !== r.nonce || tx.chainId !== chainId || signedFor !== chainId) wrong.push(r.id);
    }),
  );
  return {
    network,
    records: rows.length,
    confirmed: confirmed.length,
    failed: rows.filter((r) => r.status === "failed").map((r) => ({ id: r.id, code: r.error_code, message: r.error_message?.slice(-120) ?? null })),
    chainNonce,
    gaps,
    duplicates,
    wrong,
    eventsNotOnce: confirmed.filter((r) => r.events !== 1).map((r) => r.id),
    byKindAndStatus: rows.reduce<Record<string, number>>((counts, r) => ((counts[`${r.kind} ${r.status}`] = (counts[`${r.kind} ${r.status}`] ?? 0) + 1), counts), {}),
  };
}

/** The token's total supply read from the node. */
export async function totalSupply(network: string, token: Address): Promise<bigint> {
  return nodeClient(network).readContract({
    address: token,
    abi: [{ type: "function", name: "totalSupply", inputs: [], outputs: [{ type: "uint256" }], stateMutability: "view" }],
    functionName: "totalSupply",
  });
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Rounds of 3 mints per network (all networks side by side, one round per 5 s), each waited to its end: the seconds from each
 * record's creation to its confirmation. At least `rounds` rounds, or until `forMs` has passed.
 */
export async function latencies(tenant: Tenant, tokens: Record<string, { id: string }>, networks: string[], rounds: number, forMs: number) {
  const until = Date.now() + forMs;
  const seconds: Record<string, number[]> = Object.fromEntries(networks.map((n) => [n, []]));
  await Promise.all(
    networks.map(async (network) => {
      for (let round = 0; round < rounds && (round < 3 || Date.now() < until); round++) {
        // One round per 5 s at most: the tenant's API limit (100 requests a minute) holds for both networks.
        const paced = sleep(5_000);
        const ids = await mints(tenant, tokens[network].id, 3, tenant.wallet);
        await waitFinal(ids, 120_000);
        const rows = await sql<{ s: number }>("SELECT extract(epoch FROM confirmed_at - created_at)::float AS s FROM transactions WHERE id = ANY($1)", [ids]);
        seconds[network].push(...rows.map((r) => r.s));
        await paced;
      }
    }),
  );
  return seconds;
}
