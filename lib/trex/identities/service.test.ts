// Identities of a regulated token through the HTTP API, read back on chain: registration of an ONCHAINID
// the tenant wallet deploys (and of a provided one, or of the tenant's own for the wallet in another token), duplicates, address and country
// updates (with their legacy forms), removal, the registry's on-chain reads, and events. Another tenant's
// ids answer 404 everywhere.
import { beforeAll, describe, expect, it } from "vitest";
import { createWalletClient, encodeAbiParameters, getAddress, http, keccak256, type Address } from "viem";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { chainTarget } from "@/lib/chain/network/clients";
import { signerFor } from "@/lib/chain/eoa/wallets";
import { account, api, chain, deployContract, eventsOf, NETWORK, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { trexBase } from "@/lib/trex/suite/base";
import { deployRegulatedToken } from "@/lib/trex/testing/suite";
import { identityIn } from "@/lib/trex/testing/identity";

const irAbi = artifact("IdentityRegistry").abi;
const identityAbi = artifact("Identity").abi;
const readAt = <T = any>(address: string, abi: typeof irAbi, functionName: string, args: unknown[] = []) =>
  chain().readContract({ address: address as Address, abi, functionName, args } as never) as Promise<T>;

/** A write on an identity answered 200 with the record; waits for its transaction and returns the record after it. */
async function identityWrite(t: TestTenant, method: string, path: string, body?: unknown) {
  const res = await api(t, method, path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.object).toBe("identity");
  const tx = await settled(res.body.transaction, 60_000);
  expect(tx.status, tx.errorMessage ?? "").toBe("confirmed");
  return (await api(t, "GET", `/v1/identities/${res.body.id}`)).body;
}

describe("identities", () => {
  let t: TestTenant;
  let other: TestTenant;
  let token: Awaited<ReturnType<typeof deployRegulatedToken>>;
  let registry: Address;

  beforeAll(async () => {
    [t, other] = await Promise.all([tenant(), tenant()]);
    token = await deployRegulatedToken(t, { name: "Fund", symbol: "FND" });
    registry = token.regulated.identity_registry;
  });

  it("deploys an ONCHAINID managed by the tenant wallet alone (not through the shared IdFactory), and registers it (409 for a duplicate)", async () => {
    const investor = await account();
    const res = await api(t, "POST", "/v1/identities", { token_id: token.id, wallet: investor.address, country: "fr" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      object: "identity", token: token.id, network: NETWORK, identity_registry: registry, wallet: investor.address, identity_address: null,
      country: { alpha2: "FR", numeric: 250 }, source: "created", status: "pending", claims: { total: 0, topics: [] }, livemode: false,
    });
    expect(res.body.id).toMatch(/^idn_/);
    const create = await db.transaction.findUniqueOrThrow({ where: { id: res.body.transaction } });
    expect(create).toMatchObject({ kind: "identity.create", toAddress: null, fromAddress: t.wallet });

    const row = await identityIn(res.body.id, ["registered", "failed"]);
    expect(row.status, row.failureReason ?? "").toBe("registered");
    const identity = row.identityAddress as Address;
    expect(await readAt(registry, irAbi, "contains", [investor.address])).toBe(true);
    expect(await readAt(registry, irAbi, "identity", [investor.address])).toBe(identity);
    expect(await readAt(registry, irAbi, "investorCountry", [investor.address])).toBe(250);
    // Not linked in the platform IdFactory: that link is global, and another tenant's identity for this wallet must be its own.
    expect(await readAt(trexBase(NETWORK).idFactory, artifact("IdFactory").abi, "getIdentity", [investor.address])).toBe("0x0000000000000000000000000000000000000000");
    const tenantKey = keccak256(encodeAbiParameters([{ type: "address" }], [t.wallet]));
    expect(await readAt(identity, identityAbi, "keyHasPurpose", [tenantKey, 1n])).toBe(true);

    const [registered] = (await eventsOf(t.id, "identity.registered")).filter((e) => e.id === res.body.id);
    expect(registered).toMatchObject({ status: "registered", identity_address: identity, wallet: investor.address });

    const duplicate = await api(t, "POST", "/v1/identities", { token_id: token.id, wallet: investor.address, country: 250 });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toMatchObject({ code: "identity_exists", param: "wallet" });

    const got = await api(t, "GET", `/v1/identities/${res.body.id}`);
    expect(got.body).toMatchObject({ status: "registered", identity_address: identity });
    const listed = await api(t, "GET", `/v1/identities?token_id=${token.id}&status=registered`);
    expect(listed.body.data.map((i: any) => i.id)).toContain(res.body.id);
    expect((await api(other, "GET", "/v1/identities")).body.data).toEqual([]);
    expect((await api(other, "GET", `/v1/identities/${res.body.id}`)).status).toBe(404);
    expect((await api(other, "POST", "/v1/identities", { token_id: token.id, wallet: (await account()).address, country: "FR" })).status).toBe(404);
  });

  it("registers a provided ONCHAINID, and reuses the tenant's own ONCHAINID of the wallet in another of its tokens", async () => {
    const investor = await account(true);
    const own = getAddress(await deployContract(investor.wallet, identityAbi, artifact("Identity").bytecode, [investor.address, false]));
    const provided = await api(t, "POST", "/v1/identities", { token_id: token.id, wallet: investor.address, country: 276, identity_address: own });
    expect(provided.status, JSON.stringify(provided.body)).toBe(201);
    expect(provided.body).toMatchObject({ source: "provided", identity_address: own, country: { alpha2: "DE", numeric: 276 } });
    expect((await identityIn(provided.body.id, ["registered", "failed"])).status).toBe("registered");
    expect(await readAt(registry, irAbi, "identity", [investor.address])).toBe(own);

    // A wallet whose ONCHAINID the tenant created for the first token is registered with it in a second one.
    const linkedWallet = (await account()).address;
    const first = await api(t, "POST", "/v1/identities", { token_id: token.id, wallet: linkedWallet, country: "US" });
    const created = await identityIn(first.body.id, ["registered", "failed"]);
    const second = await deployRegulatedToken(t, { name: "Fund 2", symbol: "FND2" });
    const reused = await api(t, "POST", "/v1/identities", { token_id: second.id, wallet: linkedWallet, country: "US" });
    expect(reused.body).toMatchObject({ source: "reused", identity_address: created.identityAddress, status: "pending" });
    expect((await identityIn(reused.body.id, ["registered", "failed"])).status).toBe("registered");
    expect(await readAt(second.regulated.identity_registry, irAbi, "identity", [linkedWallet])).toBe(created.identityAddress);
    const bySecond = await api(t, "GET", `/v1/identities?token_id=${second.id}`);
    expect(bySecond.body.data.map((i: any) => i.id)).toEqual([reused.body.id]);
  });

  it("refuses bodies with no or an unknown country, a zero identity address, an unknown token or another standard's token", async () => {
    const wallet = (await account()).address;
    const unknown = await api(t, "POST", "/v1/identities", { token_id: token.id, wallet, country: "XX" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ param: "country" });
    expect((await api(t, "POST", "/v1/identities", { token_id: token.id, wallet, country: 999 })).body.error.param).toBe("country");
    expect((await api(t, "POST", "/v1/identities", { token_id: token.id, wallet })).body.error.param).toBe("country");
    expect((await api(t, "POST", "/v1/identities", { token_id: "tok_nope", wallet, country: "FR" })).status).toBe(404);
    const zero = await api(t, "POST", "/v1/identities", { token_id: token.id, wallet, country: "FR", identity_address: "0x0000000000000000000000000000000000000000" });
    expect(zero.body.error).toMatchObject({ code: "parameter_invalid", param: "identity_address" });
    const erc20 = await api(t, "POST", "/v1/tokens", { network: NETWORK, name: "Plain", symbol: "PLN", standard: "ERC20" });
    expect(erc20.status).toBe(201);
    await settled(erc20.body.deploy_tx);
    const plain = await api(t, "POST", "/v1/identities", { token_id: erc20.body.id, wallet, country: "FR" });
    expect(plain.status).toBe(400);
    expect(plain.body.error).toMatchObject({ code: "unsupported_standard" });
  });

  it("marks the identity failed with the chain's reason when the registry refuses the registration, and lets the wallet try again", async () => {
    const refusing = await deployRegulatedToken(t, { name: "No agent", symbol: "NAG" });
    const ir = refusing.regulated.identity_registry as Address;
    const target = chainTarget(NETWORK);
    const owner = createWalletClient({ account: await signerFor(t.id, false), chain: target.chain, transport: http(target.rpcUrl) });
    const removeAgent = async (fn: "removeAgent" | "addAgent") => {
      const hash = await owner.writeContract({ address: ir, abi: irAbi, functionName: fn, args: [t.wallet] } as never);
      expect((await chain().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe("success");
    };
    await removeAgent("removeAgent");
    const wallet = (await account()).address;
    const res = await api(t, "POST", "/v1/identities", { token_id: refusing.id, wallet, country: "FR" });
    expect(res.status).toBe(201);
    const failed = await identityIn(res.body.id, ["registered", "failed"]);
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toMatch(/revert.*Agent/i);
    expect(failed.identityAddress).not.toBeNull(); // the ONCHAINID was created; only the registration failed
    expect((await api(t, "GET", `/v1/identities/${res.body.id}`)).body).toMatchObject({ status: "failed", failure_reason: failed.failureReason });
    expect(await readAt(ir, irAbi, "contains", [wallet])).toBe(false);

    await removeAgent("addAgent");
    const retry = await api(t, "POST", "/v1/identities", { token_id: refusing.id, wallet, country: "FR" });
    expect(retry.status).toBe(201);
    expect(retry.body).toMatchObject({ source: "reused", identity_address: failed.identityAddress });
    expect((await identityIn(retry.body.id, ["registered", "failed"])).status).toBe("registered");
  });

  it("updates the address (POST, legacy PUT) and the country (POST, legacy PATCH), and removes it from the registry", async () => {
    const investor = await account(true);
    const res = await api(t, "POST", "/v1/identities", { token_id: token.id, wallet: investor.address, country: "FR" });
    const original = (await identityIn(res.body.id, ["registered", "failed"])).identityAddress as Address;
    const path = `/v1/identities/${res.body.id}`;

    const de = await identityWrite(t, "POST", `${path}/country`, { country: "DE" });
    expect(de.country).toEqual({ alpha2: "DE", numeric: 276 });
    expect(await readAt(registry, irAbi, "investorCountry", [investor.address])).toBe(276);
    const it_ = await identityWrite(t, "PATCH", `${path}/country`, { country: "380" });
    expect(it_.country).toEqual({ alpha2: "IT", numeric: 380 });
    expect(await readAt(registry, irAbi, "investorCountry", [investor.address])).toBe(380);
    const countryEvents = (await eventsOf(t.id, "identity.country.updated")).filter((e) => e.id === res.body.id);
    expect(countryEvents.map((e) => e.country.alpha2)).toEqual(["DE", "IT"]);

    const replacement = getAddress(await deployContract(investor.wallet, identityAbi, artifact("Identity").bytecode, [investor.address, false]));
    const moved = await identityWrite(t, "POST", path, { identity_address: replacement });
    expect(moved.identity_address).toBe(replacement);
    expect(await readAt(registry, irAbi, "identity", [investor.address])).toBe(replacement);
    const back = await identityWrite(t, "PUT", path, { identity_address: original.toLowerCase() });
    expect(back.identity_address).toBe(original);
    expect(await readAt(registry, irAbi, "identity", [investor.address])).toBe(original);
    const updated = (await eventsOf(t.id, "identity.updated")).filter((e) => e.id === res.body.id);
    expect(updated.map((e) => e.identity_address)).toEqual([replacement, original]);

    for (const [method, suffix, body] of [["POST", "", { identity_address: replacement }], ["PUT", "", { identity_address: replacement }], ["POST", "/country", { country: "FR" }], ["PATCH", "/country", { country: "FR" }], ["DELETE", "", undefined]] as const) {
      expect((await api(other, method, `${path}${suffix}`, body)).status, `${method} ${suffix}`).toBe(404);
    }

    const removing = await api(t, "DELETE", path);
    expect(removing.status).toBe(200);
    expect(removing.body.status).toBe("removing");
    expect((await settled(removing.body.transaction)).status).toBe("confirmed");
    expect((await api(t, "GET", path)).body.status).toBe("removed");
    expect(await readAt(registry, irAbi, "contains", [investor.address])).toBe(false);
    expect((await eventsOf(t.id, "identity.removed")).filter((e) => e.id === res.body.id)).toMatchObject([{ status: "removed" }]);
    const afterRemoval = await api(t, "POST", `${path}/country`, { country: "FR" });
    expect(afterRemoval.status).toBe(400);
    expect(afterRemoval.body.error.code).toBe("identity_not_registered");

    // Removed, the wallet can be registered again.
    const again = await api(t, "POST", "/v1/identities", { token_id: token.id, wallet: investor.address, country: "FR" });
    expect(again.status).toBe(201);
    expect(again.body.source).toBe("reused");
    expect((await identityIn(again.body.id, ["registered", "failed"])).status).toBe("registered");
  });

  it("reads the registry and its storage on chain (404 for another tenant's token)", async () => {
    const investor = await account();
    const res = await api(t, "POST", "/v1/identities", { token_id: token.id, wallet: investor.address, country: "JP" });
    const identity = (await identityIn(res.body.id, ["registered", "failed"])).identityAddress;
    const q = `token_id=${token.id}&address=${investor.address}`;
    const head = { token: token.id, identity_registry: registry, address: investor.address };

    expect((await api(t, "GET", `/v1/identities/on_chain/contains?${q}`)).body).toEqual({ object: "identity_registry_contains", ...head, contains: true });
    expect((await api(t, "GET", `/v1/identities/on_chain/identity?${q}`)).body).toEqual({ object: "identity_registry_identity", ...head, identity });
    expect((await api(t, "GET", `/v1/identities/on_chain/country?${q}`)).body).toEqual({ object: "identity_registry_country", ...head, country: { alpha2: "JP", numeric: 392 } });
    // No claim topic is required yet: a registered identity is verified.
    expect((await api(t, "GET", `/v1/identities/on_chain/verify?${q}`)).body).toEqual({ object: "identity_registry_verification", ...head, verified: true });
    const stranger = `token_id=${token.id}&address=${(await account()).address}`;
    expect((await api(t, "GET", `/v1/identities/on_chain/contains?${stranger}`)).body.contains).toBe(false);
    expect((await api(t, "GET", `/v1/identities/on_chain/identity?${stranger}`)).body.identity).toBeNull();
    expect((await api(t, "GET", `/v1/identities/on_chain/verify?${stranger}`)).body.verified).toBe(false);
    expect((await api(t, "GET", `/v1/identities/on_chain/registry_addresses?token_id=${token.id}`)).body).toEqual({
      object: "identity_registry_addresses", token: token.id, identity_registry: registry,
      identity_storage: token.regulated.identity_registry_storage, issuers_registry: token.regulated.trusted_issuers_registry,
      topics_registry: token.regulated.claim_topics_registry,
    });

    const storage = { token: token.id, identity_registry_storage: token.regulated.identity_registry_storage, address: investor.address };
    expect((await api(t, "GET", `/v1/identities/storage/identity?${q}`)).body).toEqual({ object: "identity_storage_identity", ...storage, identity });
    expect((await api(t, "GET", `/v1/identities/storage/country?${q}`)).body).toEqual({ object: "identity_storage_country", ...storage, country: { alpha2: "JP", numeric: 392 } });
    expect((await api(t, "GET", `/v1/identities/storage/linked_registries?token_id=${token.id}`)).body).toEqual({
      object: "identity_storage_linked_registries", token: token.id, identity_registry_storage: token.regulated.identity_registry_storage, registries: [registry],
    });

    for (const path of ["on_chain/contains", "on_chain/country", "on_chain/identity", "on_chain/verify", "storage/identity", "storage/country"]) {
      expect((await api(other, "GET", `/v1/identities/${path}?${q}`)).status, path).toBe(404);
    }
    for (const path of ["on_chain/registry_addresses", "storage/linked_registries"]) {
      expect((await api(other, "GET", `/v1/identities/${path}?token_id=${token.id}`)).status, path).toBe(404);
    }
    expect((await api(t, "GET", `/v1/identities/on_chain/contains?token_id=${token.id}&address=0x12`)).body.error.param).toBe("address");
  });

  it("binds and unbinds a registry to the storage; a refusal by the chain fails the transaction with its reason", async () => {
    const extra = (await account()).address;
    const linked = async () => (await api(t, "GET", `/v1/identities/storage/linked_registries?token_id=${token.id}`)).body.registries;
    const bind = await api(t, "POST", "/v1/identities/storage/bind", { token_id: token.id, identity_registry: extra });
    expect(bind.status, JSON.stringify(bind.body)).toBe(201);
    expect(bind.body).toMatchObject({ object: "transaction", kind: "identity.storage.bind", to: token.regulated.identity_registry_storage });
    expect((await settled(bind.body.id)).status).toBe("confirmed");
    expect(await linked()).toEqual([registry, extra]);

    const unbind = await api(t, "POST", "/v1/identities/storage/unbind", { token_id: token.id, identity_registry: extra });
    expect(unbind.status).toBe(201);
    expect((await settled(unbind.body.id)).status).toBe("confirmed");
    expect(await linked()).toEqual([registry]);

    const refused = await api(t, "POST", "/v1/identities/storage/unbind", { token_id: token.id, identity_registry: extra });
    expect(refused.status).toBe(201);
    const failed = await settled(refused.body.id);
    expect(failed.status).toBe("failed");
    // IdentityRegistryStorage.unbindIdentityRegistry removes the registry's agent role, which it no longer has.
    expect(failed.errorMessage).toMatch(/revert.*does not have role/);

    for (const path of ["bind", "unbind"]) {
      expect((await api(other, "POST", `/v1/identities/storage/${path}`, { token_id: token.id, identity_registry: extra })).status).toBe(404);
    }
  });
});
