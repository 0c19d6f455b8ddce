// T-REX writes exactly once (issue 31): for every chain-write kind a T-REX request records, the request that
// fails after its write committed (FAULT_AFTER_COMMIT), retried with the same key, answers what it committed
// (one record of the kind under the key, one row); where the write itself invalidates the request's check (a
// balance, "exists already", a status), a takeover after it confirmed answers the same resource, not a 4xx.
// Follow-up kinds (identity.register after identity.create, claim_issuer.add_key, compliance.module.initialize,
// token.recover after token.recover_add_key, trex.storage_ownership) are recorded by effects, not by requests;
// token.deploy_suite is recorded by POST /v1/tokens (lib/tokens).
import { beforeAll, describe, expect, it } from "vitest";
import { getAddress, type Abi, type Address } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { abandonKey, failingAfterCommit, keyed } from "@/test/exactly-once";
import { db } from "@/lib/db";
import { account, api, confirmed, deployContract, NETWORK, send, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { deployRegulatedToken } from "@/lib/trex/testing/suite";
import { investorKit, readAs, type RegulatedTestToken } from "@/lib/trex/testing/controls";
import { identityIn, registeredInvestor } from "@/lib/trex/testing/identity";
import { settleModuleWrites } from "@/lib/trex/testing/compliance";
import { walletKey } from "@/lib/trex/controls/service";

type Rest<F> = F extends (t: TestTenant, ...rest: infer R) => unknown ? R : never;

const run = Math.random().toString(36).slice(2, 8);
let keys = 0;

/** A tenant with a regulated token, two verified investors (alice holds 1,000) and the on-chain kit (./controls-testing). */
async function fixture(symbol: string) {
  const t = await tenant();
  const token: RegulatedTestToken = await deployRegulatedToken(t, { name: `Once ${symbol}`, symbol });
  const kit = await investorKit(t, token);
  const [alice, bob] = await Promise.all([account(true), account(true)]).then((a) => a.map((x) => x.address));
  await kit.investor(alice);
  await kit.investor(bob);
  await confirmed(t, "POST", `/v1/tokens/${token.id}/mint`, { to: alice, amount: "1000" });
  return { t, token, kit, alice, bob };
}

/** The chain writes recorded under the key's claim. */
async function writesUnder(t: TestTenant, key: string) {
  const { claimId } = await db.idempotencyRecord.findFirstOrThrow({ where: { tenantId: t.id, key } });
  return db.transaction.findMany({ where: { OR: [{ idempotencyClaim: claimId }, { idempotencyClaim: { startsWith: `${claimId}#` } }] }, orderBy: { id: "asc" } });
}

/**
 * The request fails after its write of `kind` committed (500); the retry with the same key answers `status`
 * and is then replayed; exactly one record of `kind` is under the key. Returns the key and the answer.
 */
async function faultThenRetry(t: TestTenant, kind: string, method: string, path: string, body: unknown, status: number) {
  const key = `${kind}-${run}-${++keys}`;
  const first = await failingAfterCommit(kind, () => keyed(t, method, path, body, key));
  expect(first.status, JSON.stringify(first.body)).toBe(500);
  const retry = await keyed(t, method, path, body, key);
  expect(retry.status, JSON.stringify(retry.body)).toBe(status);
  const again = await keyed(t, method, path, body, key);
  expect(again.headers.get("idempotent-replayed")).toBe("true");
  expect(again.body).toEqual(retry.body);
  expect((await writesUnder(t, key)).filter((w) => w.kind === kind)).toHaveLength(1);
  return { key, answer: retry.body };
}

/** The same request again after its instance "died" having committed (key in progress, silent): it answers `status` and the same resource. */
async function takenOver(t: TestTenant, key: string, method: string, path: string, body: unknown, status: number, answer: { id: string }) {
  await abandonKey(key);
  const res = await keyed(t, method, path, body, key);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.id).toBe(answer.id);
  return res.body;
}

const settledOk = async (id: string) => expect((await settled(id, 60_000)).status).toBe("confirmed");

async function settledClaim(id: string, statuses = ["added", "failed"]) {
  for (let i = 0; i < 600; i++) {
    const row = await db.identityClaim.findUniqueOrThrow({ where: { id } });
    if (statuses.includes(row.status)) return row.status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`claim ${id} never reached ${statuses}`);
}

// Two tenants: one tenant's requests here would pass its rate limit (100 a minute).
describe("T-REX writes, exactly once: controls, identities, claims", () => {
  let t: TestTenant;
  let token: RegulatedTestToken;
  let kit: Awaited<ReturnType<typeof investorKit>>;
  let alice: Address;
  let bob: Address;
  const tokenPath = (p: string) => `/v1/tokens/${token.id}/${p}`;
  const balanceOf = (who: Address) => readAs<bigint>(token.address, "Token", "balanceOf", [who]);
  const once = (...args: Rest<typeof faultThenRetry>) => faultThenRetry(t, ...args);
  const takeover = (...args: Rest<typeof takenOver>) => takenOver(t, ...args);

  beforeAll(async () => {
    ({ t, token, kit, alice, bob } = await fixture("ONCE"));
  }, 180_000);

  it("agent controls: freeze, unfreeze, partial freeze and unfreeze, each one record", async () => {
    for (const [kind, p, body] of [
      ["token.freeze", "freeze", { address: bob }], ["token.unfreeze", "unfreeze", { address: bob }],
      ["token.freeze_partial", "freeze_partial", { address: alice, amount: "100" }], ["token.unfreeze_partial", "unfreeze_partial", { address: alice, amount: "100" }],
    ] as const) {
      const { answer } = await once(kind, "POST", tokenPath(p), body, 200);
      expect(answer).toMatchObject({ object: "transaction", kind });
      await settledOk(answer.id);
    }
  });

  it("a takeover of a confirmed force_transfer answers the transaction, not 400 insufficient_balance", async () => {
    const body = { from: alice, to: bob, amount: "900" };
    const { key, answer } = await once("token.force_transfer", "POST", tokenPath("force_transfer"), body, 200);
    await settledOk(answer.id);
    expect(await balanceOf(alice)).toBe(100n);
    await takeover(key, "POST", tokenPath("force_transfer"), body, 200, answer);
    expect(await balanceOf(alice)).toBe(100n);
    expect(await db.transaction.count({ where: { tokenId: token.id, kind: "token.force_transfer" } })).toBe(1);
  });

  it("recovery: the management key step, and recoveryAddress when the key is there already", async () => {
    const [carol, dave, fresh1, fresh2] = await Promise.all([account(), account(), account(), account()]);
    await kit.investor(carol.address);
    const daveIdentity = await kit.investor(dave.address);
    await confirmed(t, "POST", tokenPath("mint"), { to: carol.address, amount: "10" });
    await confirmed(t, "POST", tokenPath("mint"), { to: dave.address, amount: "10" });
    const addKey = await once("token.recover_add_key", "POST", tokenPath("recover"), { lost_wallet: carol.address, new_wallet: fresh1.address }, 200);
    expect(addKey.answer.kind).toBe("token.recover_add_key");
    await send(kit.operator.wallet, { address: daveIdentity, abi: artifact("Identity").abi as Abi, functionName: "addKey", args: [walletKey(fresh2.address), 1n, 1n] });
    const recovery = await once("token.recover", "POST", tokenPath("recover"), { lost_wallet: dave.address, new_wallet: fresh2.address }, 200);
    expect(recovery.answer.kind).toBe("token.recover");
    await settledOk(recovery.answer.id);
    expect(await balanceOf(fresh2.address)).toBe(10n);
  });

  it("the identity storage: bind and unbind", async () => {
    const body = { token_id: token.id, identity_registry: (await account()).address };
    for (const [kind, p] of [["identity.storage.bind", "bind"], ["identity.storage.unbind", "unbind"]]) {
      const { answer } = await once(kind, "POST", `/v1/identities/storage/${p}`, body, 201);
      await settledOk(answer.id);
    }
  });

  let created: { id: string; wallet: Address };

  it("an identity the platform creates: one ONCHAINID; a takeover once it is registered answers it, not identity_exists", async () => {
    const wallet = (await account()).address;
    const body = { token_id: token.id, wallet, country: "FR" };
    const { key, answer } = await once("identity.create", "POST", "/v1/identities", body, 201);
    expect(await db.identity.count({ where: { tokenId: token.id, wallet } })).toBe(1);
    expect((await identityIn(answer.id, ["registered", "failed"])).status).toBe("registered");
    const again = await takeover(key, "POST", "/v1/identities", body, 201, answer);
    expect(again.status).toBe("registered");
    created = { id: answer.id, wallet };
  });

  it("a provided identity: registered, its address and country changed, removed, each once (takeovers after the registration and the removal)", async () => {
    const investor = await account(true);
    const own = getAddress(await deployContract(investor.wallet, artifact("Identity").abi as Abi, artifact("Identity").bytecode, [investor.address, false]));
    const body = { token_id: token.id, wallet: investor.address, country: 276, identity_address: own };
    const registered = await once("identity.register", "POST", "/v1/identities", body, 201);
    expect((await identityIn(registered.answer.id, ["registered", "failed"])).status).toBe("registered");
    await takeover(registered.key, "POST", "/v1/identities", body, 201, registered.answer);
    expect(await db.identity.count({ where: { tokenId: token.id, wallet: investor.address } })).toBe(1);

    const path = `/v1/identities/${registered.answer.id}`;
    const country = await once("identity.update_country", "POST", `${path}/country`, { country: "IT" }, 200);
    await settledOk(country.answer.transaction);
    const replacement = getAddress(await deployContract(investor.wallet, artifact("Identity").abi as Abi, artifact("Identity").bytecode, [investor.address, false]));
    const moved = await once("identity.update", "POST", path, { identity_address: replacement }, 200);
    await settledOk(moved.answer.transaction);
    const removal = await once("identity.remove", "DELETE", path, {}, 200);
    expect(removal.answer.status).toBe("removing");
    await settledOk(removal.answer.transaction);
    const again = await takeover(removal.key, "DELETE", path, {}, 200, removal.answer);
    expect(again.status).toBe("removed");
  });

  it("claims: the ClaimIssuer deployment a first claim records, a claim added, a claim removed (and taken over once removed)", async () => {
    const claims = `/v1/identities/${created.id}/claims`;
    const first = await once("claim_issuer.deploy", "POST", claims, { topic: 7 }, 201);
    expect(await db.identityClaim.count({ where: { identityId: created.id } })).toBe(1);
    expect(await db.transaction.count({ where: { tenantId: t.id, kind: "claim_issuer.deploy" } })).toBe(1);
    const addedFirst = await settledClaim(first.answer.id);
    expect(addedFirst).toBe("added");

    const second = await once("identity.claim.add", "POST", claims, { topic: 8 }, 201);
    expect(await db.identityClaim.count({ where: { identityId: created.id } })).toBe(2);
    expect(await settledClaim(second.answer.id)).toBe("added");

    const path = `${claims}/${second.answer.id}`;
    const removal = await once("identity.claim.remove", "DELETE", path, {}, 200);
    expect(await settledClaim(second.answer.id, ["removed", "failed"])).toBe("removed");
    const again = await takeover(removal.key, "DELETE", path, {}, 200, removal.answer);
    expect(again.status).toBe("removed");
  });

});

describe("T-REX writes, exactly once: registries, compliance, owner controls", () => {
  let t: TestTenant;
  let token: RegulatedTestToken;
  let kit: Awaited<ReturnType<typeof investorKit>>;
  const tokenPath = (p: string) => `/v1/tokens/${token.id}/${p}`;
  const once = (...args: Rest<typeof faultThenRetry>) => faultThenRetry(t, ...args);
  const takeover = (...args: Rest<typeof takenOver>) => takenOver(t, ...args);

  beforeAll(async () => {
    ({ t, token, kit } = await fixture("TWICE"));
  }, 180_000);

  it("claim topics: added and removed once; takeovers after each confirmed answer them, not claim_topic_exists or 404", async () => {
    const body = { token_id: token.id, topic: 42 };
    const added = await once("claim_topic.add", "POST", "/v1/claim_topics", body, 201);
    expect(await db.claimTopic.count({ where: { tokenId: token.id } })).toBe(1);
    await settledOk(added.answer.transaction);
    await takeover(added.key, "POST", "/v1/claim_topics", body, 201, added.answer);
    const path = `/v1/claim_topics/${added.answer.id}`;
    const removed = await once("claim_topic.remove", "DELETE", path, {}, 200);
    await settledOk(removed.answer.transaction);
    expect((await takeover(removed.key, "DELETE", path, {}, 200, removed.answer)).status).toBe("removed");
  });

  it("trusted issuers: added, topics updated, removed, once each; takeovers after the add and the removal", async () => {
    const body = { token_id: token.id, issuer: await kit.claimIssuer(), claim_topics: [7] };
    const added = await once("trusted_issuer.add", "POST", "/v1/trusted_issuers", body, 201);
    expect(await db.trustedIssuer.count({ where: { tokenId: token.id } })).toBe(1);
    await settledOk(added.answer.transaction);
    await takeover(added.key, "POST", "/v1/trusted_issuers", body, 201, added.answer);
    const path = `/v1/trusted_issuers/${added.answer.id}`;
    const topics = await once("trusted_issuer.update_claim_topics", "POST", `${path}/claim_topics`, { claim_topics: ["7", "8"] }, 200);
    await settledOk(topics.answer.transaction);
    const removed = await once("trusted_issuer.remove", "DELETE", path, {}, 200);
    await settledOk(removed.answer.transaction);
    await takeover(removed.key, "DELETE", path, {}, 200, removed.answer);
  });

  it("compliance modules: created, a rule, unbound and bound again (taken over once confirmed), once each", async () => {
    const created = await once("compliance.module.deploy", "POST", "/v1/compliance/modules", { kind: "CountryAllowModule", token_id: token.id }, 201);
    expect(await db.complianceModule.count({ where: { tenantId: t.id } })).toBe(1);
    await settleModuleWrites(created.answer.id);
    const path = (p: string) => `/v1/compliance/modules/${created.answer.id}/${p}`;
    const rule = await once("compliance.rule.add", "POST", path("add_allowed_country"), { country: "FR" }, 201);
    await settledOk(rule.answer.id);
    const unbound = await once("compliance.module.remove", "POST", path("unbind_token"), { token_id: token.id }, 200);
    await settledOk(unbound.answer.id);
    await takeover(unbound.key, "POST", path("unbind_token"), { token_id: token.id }, 200, unbound.answer); // else module_not_bound
    const bound = await once("compliance.module.add", "POST", path("bind_token"), { token_id: token.id }, 200);
    await settledOk(bound.answer.id);
    await takeover(bound.key, "POST", path("bind_token"), { token_id: token.id }, 200, bound.answer); // else module_already_bound
  });

  it("a binding with its preparation: one preparation and one addModule; the retry and a takeover answer addModule", async () => {
    const created = await api(t, "POST", "/v1/compliance/modules", { kind: "MaxBalanceModule", token_id: token.id, max_balance: "100000", preset_completed: true });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await settleModuleWrites(created.body.id);
    const path = (p: string) => `/v1/compliance/modules/${created.body.id}/${p}`;
    await confirmed(t, "POST", path("unbind_token"), { token_id: token.id }, 200);
    const body = { token_id: token.id, preset_completed: true };
    const bound = await once("compliance.module.prepare", "POST", path("bind_token"), body, 200);
    expect(bound.answer.kind).toBe("compliance.module.add");
    expect((await writesUnder(t, bound.key)).map((w) => w.kind)).toEqual(["compliance.module.prepare", "compliance.module.add"]);
    await settledOk(bound.answer.id);
    await takeover(bound.key, "POST", path("bind_token"), body, 200, bound.answer);
  });

  // This tenant has no platform ClaimIssuer yet: a first claim records its deployment, and a claim made while it
  // deploys is a row and no chain write (its addClaim is sent when the deployment confirms).
  it("a claim waiting for the tenant's ClaimIssuer: one claim row after a failure after its commit; the retry and a takeover answer it", async () => {
    const { id } = await registeredInvestor(t, token.id);
    const claims = `/v1/identities/${id}/claims`;
    const deploying = await api(t, "POST", claims, { topic: 7 });
    expect(deploying.status, JSON.stringify(deploying.body)).toBe(201);
    const key = `identity.claim-${run}`;
    const first = await failingAfterCommit("identity.claim", () => keyed(t, "POST", claims, { topic: 8 }, key));
    expect(first.status, JSON.stringify(first.body)).toBe(500);
    const waiting = await db.identityClaim.findFirstOrThrow({ where: { identityId: id, topic: "8" } });
    expect(waiting).toMatchObject({ status: "pending", issuer: null, addTxId: null }); // the row-only path, not a deployed issuer
    expect(await writesUnder(t, key)).toEqual([]);
    const retry = await keyed(t, "POST", claims, { topic: 8 }, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body).toMatchObject({ id: waiting.id, status: "pending" });
    expect(await db.identityClaim.count({ where: { identityId: id } })).toBe(2);
    expect(await settledClaim(waiting.id)).toBe("added");
    const again = await takenOver(t, key, "POST", claims, { topic: 8 }, 201, retry.body);
    expect(again.id).toBe(waiting.id);
    expect(await db.identityClaim.count({ where: { identityId: id } })).toBe(2);
  });

  it("owner controls: set_identity_registry and set_compliance, each one record", async () => {
    const registry = await kit.identityRegistry();
    const set = await once("token.set_identity_registry", "POST", tokenPath("set_identity_registry"), { identity_registry: registry }, 200);
    await settledOk(set.answer.id);
    const compliance = await kit.compliance();
    const moved = await once("token.set_compliance", "POST", tokenPath("set_compliance"), { compliance }, 200);
    await settledOk(moved.answer.id);
  });
});

// A configuration-only compliance module is a row and no chain write: the kit finds it by its claim reference.
describe("T-REX writes, exactly once: configuration-only modules (row-only)", () => {
  const body = { kind: "CountryAllowModule", on_chain: false, network: NETWORK };
  const modulesOf = (t: TestTenant) => db.complianceModule.count({ where: { tenantId: t.id } });

  it("a module that failed after its commit is one module; its retry and a takeover answer it", async () => {
    const t = await tenant();
    const key = `configure-${run}`;
    const first = await failingAfterCommit("compliance.module.configure", () => keyed(t, "POST", "/v1/compliance/modules", body, key));
    expect(first.status, JSON.stringify(first.body)).toBe(500);
    expect(await modulesOf(t)).toBe(1);
    const retry = await keyed(t, "POST", "/v1/compliance/modules", body, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body).toMatchObject({ object: "compliance_module", status: "configured", on_chain: false });
    await takenOver(t, key, "POST", "/v1/compliance/modules", body, 201, retry.body);
    expect(await modulesOf(t)).toBe(1);
  });

  it("the race: two requests at once with one key, the first failing after its commit, make one module; the other answers it", async () => {
    const t = await tenant();
    const key = `configure-race-${run}`;
    const send = () => keyed(t, "POST", "/v1/compliance/modules", body, key);
    const answers = await failingAfterCommit("compliance.module.configure", () => Promise.all([send(), send()]));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 500]);
    expect(await modulesOf(t)).toBe(1);
    const created = answers.find((a) => a.status === 201)!.body;
    const [x, y] = await Promise.all([send(), send()]);
    expect([x.body.id, y.body.id]).toEqual([created.id, created.id]);
    expect(await modulesOf(t)).toBe(1);
  });

  it("two tenants using the same key make one module each, and neither sees the other's", async () => {
    const [a, b] = await Promise.all([tenant(), tenant()]);
    const key = `configure-shared-${run}`;
    const [ra, rb] = await Promise.all([a, b].map((t) => keyed(t, "POST", "/v1/compliance/modules", body, key)));
    expect([ra.status, rb.status]).toEqual([201, 201]);
    expect(ra.body.id).not.toBe(rb.body.id);
    expect([await modulesOf(a), await modulesOf(b)]).toEqual([1, 1]);
    expect((await api(a, "GET", `/v1/compliance/modules/${rb.body.id}`)).status).toBe(404);
    expect((await keyed(b, "POST", "/v1/compliance/modules", body, key)).body.id).toBe(rb.body.id);
  });
});
