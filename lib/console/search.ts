// The console header's search: one of our prefixed ids (tok_, tx_, evt_, whd_, req_, …), a contract or wallet
// address, or a transaction hash. Everything is looked up in the signed-in tenant and the console's mode
// only, so another tenant's id or address finds nothing, exactly like one that does not exist.
import { db } from "@/lib/db";
import type { Scope } from "@/lib/core/scope";

export interface SearchHit {
  /** What it is, for people: "Token", "Transaction", … */
  kind: string;
  id: string;
  /** A name, symbol, type or status that tells hits apart. */
  title: string;
  /** The console page that shows it. */
  href: string;
}

type Finder = (scope: Scope, value: string) => Promise<SearchHit[]>;

const owned = (scope: Scope) => ({ tenantId: scope.tenantId, livemode: scope.livemode });
const same = (value: string) => ({ equals: value, mode: "insensitive" as const });
const hits = <T>(rows: T[], hit: (row: T) => SearchHit) => rows.map(hit);

// By id prefix. A prefix with no console page of its own lands on the list that shows it.
const BY_ID: Record<string, Finder> = {
  tok: async (s, id) => hits(await db.token.findMany({ where: { id, ...owned(s) } }), (t) => ({ kind: "Token", id: t.id, title: `${t.name} (${t.symbol})`, href: `/tokens/${t.id}` })),
  tx: async (s, id) => hits(await db.transaction.findMany({ where: { id, ...owned(s) } }), (t) => ({ kind: "Transaction", id: t.id, title: `${t.kind} · ${t.status}`, href: `/transactions/${t.id}` })),
  evt: async (s, id) =>
    hits(await db.event.findMany({ where: { id, tenantId: s.tenantId, OR: [{ livemode: null }, { livemode: s.livemode }] } }), (e) => ({ kind: "Event", id: e.id, title: e.type, href: `/events/${e.id}` })),
  we: async (s, id) => hits(await db.webhookEndpoint.findMany({ where: { id, ...owned(s) } }), (e) => ({ kind: "Webhook endpoint", id: e.id, title: e.url, href: `/webhooks/${e.id}` })),
  whd: async (s, id) =>
    hits(await db.webhookDelivery.findMany({ where: { id, tenantId: s.tenantId, endpoint: { livemode: s.livemode } } }), (d) => ({
      kind: "Webhook delivery",
      id: d.id,
      title: `${d.eventType} · ${d.status}`,
      href: `/webhooks/${d.endpointId}/deliveries/${d.id}`,
    })),
  req: async (s, id) => hits(await db.apiRequestLog.findMany({ where: { id, ...owned(s) } }), (r) => ({ kind: "API request", id: r.id, title: `${r.method} ${r.path} · ${r.status}`, href: `/logs/${r.id}` })),
  key: async (s, id) =>
    hits(await db.apiKey.findMany({ where: { id, tenantId: s.tenantId, environment: s.livemode ? "live" : "test" } }), (k) => ({ kind: "API key", id: k.id, title: k.name, href: "/keys" })),
  wal: async (s, id) => hits(await db.wallet.findMany({ where: { id, ...owned(s) } }), (w) => ({ kind: "Wallet", id: w.id, title: w.address, href: "/dashboard" })),
  vlt: async (s, id) => hits(await db.vault.findMany({ where: { id, ...owned(s) } }), (v) => ({ kind: "Vault", id: v.id, title: `${v.name} (${v.symbol})`, href: `/vaults/${v.id}` })),
  vop: async (s, id) =>
    hits(await db.vaultOperation.findMany({ where: { id, ...owned(s) } }), (o) => ({ kind: "Vault operation", id: o.id, title: `${o.action} · ${o.status}`, href: `/vaults/${o.vaultId}` })),
  msig: async (s, id) => hits(await db.multisig.findMany({ where: { id, ...owned(s) } }), (m) => ({ kind: "Multisig", id: m.id, title: m.address, href: `/multisigs/${m.id}` })),
  mstx: async (s, id) =>
    hits(await db.multisigTransaction.findMany({ where: { id, ...owned(s) } }), (t) => ({ kind: "Multisig transaction", id: t.id, title: `#${t.txIndex} ${t.kind} · ${t.status}`, href: `/multisigs/${t.multisigId}` })),
  gov: async (s, id) => hits(await db.governanceInstance.findMany({ where: { id, ...owned(s) } }), (g) => ({ kind: "Governance", id: g.id, title: g.name, href: "/governance" })),
  prp: async (s, id) => {
    const proposal = await db.governanceProposal.findUnique({ where: { id } });
    const instance = proposal && (await db.governanceInstance.findFirst({ where: { id: proposal.governanceId, ...owned(s) } }));
    return proposal && instance ? [{ kind: "Proposal", id: proposal.id, title: `${instance.name}: ${proposal.description.slice(0, 80)}`, href: "/governance" }] : [];
  },
  idn: async (s, id) => hits(await db.identity.findMany({ where: { id, ...owned(s) } }), (i) => ({ kind: "Identity", id: i.id, title: i.wallet, href: "/identities" })),
  pfc: async (s, id) => hits(await db.priceFeedConsumer.findMany({ where: { id, ...owned(s) } }), (c) => ({ kind: "Price feed", id: c.id, title: `${c.pair} · ${c.name}`, href: "/price-feeds" })),
  vrfc: async (s, id) => hits(await db.vrfConsumer.findMany({ where: { id, ...owned(s) } }), (c) => ({ kind: "VRF consumer", id: c.id, title: c.name, href: "/vrf" })),
  vrfr: async (s, id) => hits(await db.vrfRequest.findMany({ where: { id, ...owned(s) } }), (r) => ({ kind: "VRF request", id: r.id, title: r.status, href: "/vrf" })),
  vst: async (s, id) => hits(await db.vestingSchedule.findMany({ where: { id, ...owned(s) } }), (v) => ({ kind: "Vesting schedule", id: v.id, title: v.beneficiary, href: "/vesting" })),
};

// By address: every record whose contract (or wallet) is at it.
const byAddress: Finder = async (s, address) => {
  const a = same(address);
  const found = await Promise.all([
    db.token.findMany({ where: { ...owned(s), address: a } }).then((rows) => hits(rows, (t) => ({ kind: "Token", id: t.id, title: `${t.name} (${t.symbol})`, href: `/tokens/${t.id}` }))),
    db.wallet.findMany({ where: { ...owned(s), address: a } }).then((rows) => hits(rows, (w) => ({ kind: "Wallet", id: w.id, title: "Your wallet", href: "/dashboard" }))),
    db.vault.findMany({ where: { ...owned(s), address: a } }).then((rows) => hits(rows, (v) => ({ kind: "Vault", id: v.id, title: `${v.name} (${v.symbol})`, href: `/vaults/${v.id}` }))),
    db.multisig.findMany({ where: { ...owned(s), address: a } }).then((rows) => hits(rows, (m) => ({ kind: "Multisig", id: m.id, title: m.address, href: `/multisigs/${m.id}` }))),
    db.identity.findMany({ where: { ...owned(s), OR: [{ identityAddress: a }, { wallet: a }] } }).then((rows) => hits(rows, (i) => ({ kind: "Identity", id: i.id, title: `${i.wallet} · ${i.status}`, href: "/identities" }))),
    db.governanceInstance
      .findMany({ where: { ...owned(s), OR: [{ governorAddress: a }, { timelockAddress: a }] } })
      .then((rows) => hits(rows, (g) => ({ kind: "Governance", id: g.id, title: g.name, href: "/governance" }))),
    db.priceFeedConsumer.findMany({ where: { ...owned(s), address: a } }).then((rows) => hits(rows, (c) => ({ kind: "Price feed", id: c.id, title: `${c.pair} · ${c.name}`, href: "/price-feeds" }))),
    db.vrfConsumer.findMany({ where: { ...owned(s), address: a } }).then((rows) => hits(rows, (c) => ({ kind: "VRF consumer", id: c.id, title: c.name, href: "/vrf" }))),
    db.vestingSchedule.findMany({ where: { ...owned(s), address: a } }).then((rows) => hits(rows, (v) => ({ kind: "Vesting schedule", id: v.id, title: v.beneficiary, href: "/vesting" }))),
  ]);
  return found.flat();
};

// By transaction hash: the record that sent it (any of its signatures, a fee bump's too), or the multisig
// transaction it executed (or whose Safe hash it is).
const byHash: Finder = async (s, hash) => {
  const lower = hash.toLowerCase();
  const [transactions, multisigTxs] = await Promise.all([
    db.transaction.findMany({ where: { ...owned(s), OR: [{ hash: same(lower) }, { hashes: { has: lower } }, { cancelHash: same(lower) }] } }),
    db.multisigTransaction.findMany({ where: { ...owned(s), OR: [{ safeTxHash: same(lower) }, { executedTxHash: same(lower) }] } }),
  ]);
  return [
    ...hits(transactions, (t) => ({ kind: "Transaction", id: t.id, title: `${t.kind} · ${t.status}`, href: `/transactions/${t.id}` })),
    ...hits(multisigTxs, (t) => ({ kind: "Multisig transaction", id: t.id, title: `#${t.txIndex} ${t.kind} · ${t.status}`, href: `/multisigs/${t.multisigId}` })),
  ];
};

const ID = /^([a-z]+)_[0-9a-z]{10,40}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

/** What the query looks like, for the "nothing found" text. */
export function queryKind(query: string): "id" | "address" | "hash" | "other" {
  const q = query.trim();
  if (ID.test(q.toLowerCase()) && BY_ID[ID.exec(q.toLowerCase())![1]]) return "id";
  if (ADDRESS.test(q)) return "address";
  if (HASH.test(q)) return "hash";
  return "other";
}

export async function search(scope: Scope, query: string): Promise<SearchHit[]> {
  const q = query.trim();
  switch (queryKind(q)) {
    case "id": {
      const id = q.toLowerCase();
      return BY_ID[ID.exec(id)![1]](scope, id);
    }
    case "address":
      return byAddress(scope, q);
    case "hash":
      return byHash(scope, q);
    default:
      return [];
  }
}
