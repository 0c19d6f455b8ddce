// The controls of a regulated token through the HTTP API on the local chain: partial and whole freezes,
// forced transfers, recovery to a new wallet, compliance and identity registry changes, live reads.
import { beforeAll, describe, expect, it } from "vitest";
import { getAddress, type Abi, type Address } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { db } from "@/lib/db";
import { account, api, confirmed, deployToken, ERC20_FEATURES, eventsOf, send, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { deployRegulatedToken } from "@/lib/trex/testing/suite";
import { investorKit, readAs, transferRefusal, type RegulatedTestToken } from "@/lib/trex/testing/controls";

const CONTROL_PATHS = [
  ["GET", "compliance_info"], ["GET", "identity_registry"], ["GET", "frozen"], ["GET", "is_frozen"], ["GET", "frozen_tokens"],
  ["POST", "freeze"], ["POST", "unfreeze"], ["POST", "freeze_partial"], ["POST", "unfreeze_partial"], ["POST", "force_transfer"],
  ["POST", "recover"], ["POST", "set_compliance"], ["POST", "set_identity_registry"],
] as const;

describe("regulated token controls", () => {
  let t: TestTenant;
  let token: RegulatedTestToken;
  let kit: Awaited<ReturnType<typeof investorKit>>;
  let alice: Awaited<ReturnType<typeof account>>;
  let bob: Awaited<ReturnType<typeof account>>;
  const path = (p: string) => `/v1/tokens/${token.id}/${p}`;
  const balanceOf = (who: Address) => readAs<bigint>(token.address, "Token", "balanceOf", [who]);
  const frozenOf = (who: Address) => readAs<bigint>(token.address, "Token", "getFrozenTokens", [who]);
  const mint = (to: Address, amount: string) => confirmed(t, "POST", path("mint"), { to, amount });

  beforeAll(async () => {
    t = await tenant();
    token = await deployRegulatedToken(t);
    kit = await investorKit(t, token);
    [alice, bob] = await Promise.all([account(true), account(true)]);
    await kit.investor(alice.address);
    await kit.investor(bob.address);
    await mint(alice.address, "1000");
  }, 120_000);

  it("a partial freeze blocks spending the frozen part only", async () => {
    const res = await api(t, "POST", path("freeze_partial"), { address: alice.address, amount: "600" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ object: "transaction", kind: "token.freeze_partial", status: "pending", to: token.address });
    expect((await settled(res.body.id)).status).toBe("confirmed");
    expect((await api(t, "GET", `${path("frozen_tokens")}?address=${alice.address}`)).body).toEqual({
      object: "frozen_tokens", token: token.id, address: alice.address, frozen_tokens: "600", balance: "1000",
    });

    expect(await transferRefusal(token, alice, bob.address, 401n)).toMatch(/Insufficient Balance/);
    expect(await transferRefusal(token, alice, bob.address, 400n)).toBeNull();
    await send(alice.wallet, { address: token.address, abi: artifact("Token").abi as Abi, functionName: "transfer", args: [bob.address, 400n] });
    expect(await balanceOf(alice.address)).toBe(600n);
    expect(await balanceOf(bob.address)).toBe(400n);
    expect(await transferRefusal(token, alice, bob.address, 1n)).toMatch(/Insufficient Balance/);

    // Refused before anything is sent: more than the free balance, more than is frozen, zero.
    const over = await api(t, "POST", path("freeze_partial"), { address: alice.address, amount: "1" });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ code: "insufficient_balance", param: "amount" });
    const tooMuch = await api(t, "POST", path("unfreeze_partial"), { address: alice.address, amount: "601" });
    expect(tooMuch.body.error).toMatchObject({ code: "amount_exceeds_frozen", param: "amount" });
    expect((await api(t, "POST", path("unfreeze_partial"), { address: alice.address, amount: "0" })).body.error).toMatchObject({ param: "amount" });

    await confirmed(t, "POST", path("unfreeze_partial"), { address: alice.address, amount: "100" }, 200);
    expect(await frozenOf(alice.address)).toBe(500n);
    expect(await transferRefusal(token, alice, bob.address, 100n)).toBeNull();

    const frozen = await eventsOf(t.id, "token.frozen");
    expect(frozen).toMatchObject([{ object: "token_operation", token: token.id, kind: "token.freeze_partial", address: alice.address, amount: "600", partial: true }]);
    expect(await eventsOf(t.id, "token.unfrozen")).toMatchObject([{ kind: "token.unfreeze_partial", address: alice.address, amount: "100" }]);
  });

  it("freezes and unfreezes a whole address (frozen and is_frozen read it live)", async () => {
    await confirmed(t, "POST", path("freeze"), { address: bob.address }, 200);
    for (const read of ["frozen", "is_frozen"]) {
      expect((await api(t, "GET", `${path(read)}?address=${bob.address}`)).body).toEqual({ object: "frozen_status", token: token.id, address: bob.address, frozen: true });
    }
    expect(await transferRefusal(token, bob, alice.address, 1n)).toMatch(/wallet is frozen/);
    expect(await transferRefusal(token, alice, bob.address, 1n)).toMatch(/wallet is frozen/);
    await confirmed(t, "POST", path("unfreeze"), { address: bob.address }, 200);
    expect((await api(t, "GET", `${path("is_frozen")}?address=${bob.address}`)).body.frozen).toBe(false);
    expect(await transferRefusal(token, bob, alice.address, 1n)).toBeNull();
    expect((await eventsOf(t.id, "token.frozen")).at(-1)).toMatchObject({ kind: "token.freeze", address: bob.address, frozen: true });
    expect((await eventsOf(t.id, "token.unfrozen")).at(-1)).toMatchObject({ kind: "token.unfreeze", address: bob.address, frozen: false });
  });

  it("force_transfer moves frozen tokens", async () => {
    // alice: 600, of which 500 frozen. Moving 550 takes the 100 free ones and unfreezes 450.
    const stranger = getAddress("0x00000000000000000000000000000000000c0ffe");
    const unverified = await api(t, "POST", path("force_transfer"), { from: alice.address, to: stranger, amount: "1" });
    expect(unverified.body.error).toMatchObject({ code: "recipient_not_verified", param: "to" });
    const tooMuch = await api(t, "POST", path("force_transfer"), { from: alice.address, to: bob.address, amount: "601" });
    expect(tooMuch.body.error).toMatchObject({ code: "insufficient_balance", param: "amount" });

    await confirmed(t, "POST", path("force_transfer"), { from: alice.address, to: bob.address, amount: "550" }, 200);
    expect(await balanceOf(alice.address)).toBe(50n);
    expect(await frozenOf(alice.address)).toBe(50n);
    expect(await balanceOf(bob.address)).toBe(950n);
    expect(await eventsOf(t.id, "token.force_transferred")).toMatchObject([
      { object: "token_operation", token: token.id, kind: "token.force_transfer", from: alice.address, to: bob.address, amount: "550" },
    ]);
  });

  it("recover moves the whole balance and the frozen state to the new wallet", async () => {
    const lost = await account();
    const fresh = await account();
    const identity = await kit.investor(lost.address, 276);
    await mint(lost.address, "300");
    await confirmed(t, "POST", path("freeze_partial"), { address: lost.address, amount: "120" }, 200);
    await confirmed(t, "POST", path("freeze"), { address: lost.address }, 200);

    expect((await api(t, "POST", path("recover"), { lost_wallet: fresh.address, new_wallet: lost.address })).body.error).toMatchObject({
      code: "nothing_to_recover", param: "lost_wallet",
    });
    expect((await api(t, "POST", path("recover"), { lost_wallet: lost.address, new_wallet: bob.address })).body.error).toMatchObject({
      code: "new_wallet_registered", param: "new_wallet",
    });

    // The new wallet is added to the investor's ONCHAINID first; recoveryAddress follows when that confirms.
    const first = await confirmed(t, "POST", path("recover"), { lost_wallet: lost.address, new_wallet: fresh.address }, 200);
    expect(first).toMatchObject({ kind: "token.recover_add_key", toAddress: identity });
    const recovery = await db.transaction.findFirstOrThrow({ where: { tokenId: token.id, kind: "token.recover" } });
    expect((await settled(recovery.id)).status).toBe("confirmed");

    expect(await balanceOf(fresh.address)).toBe(300n);
    expect(await balanceOf(lost.address)).toBe(0n);
    expect(await frozenOf(fresh.address)).toBe(120n);
    expect((await api(t, "GET", `${path("frozen")}?address=${fresh.address}`)).body.frozen).toBe(true);
    const registry = token.regulated.identity_registry as Address;
    expect(await readAs(registry, "IdentityRegistry", "identity", [fresh.address])).toBe(identity);
    expect(await readAs(registry, "IdentityRegistry", "investorCountry", [fresh.address])).toBe(276);
    expect(await readAs(registry, "IdentityRegistry", "contains", [lost.address])).toBe(false);
    expect(await eventsOf(t.id, "token.recovered")).toMatchObject([
      { token: token.id, kind: "token.recover", lost_wallet: lost.address, new_wallet: fresh.address, investor_onchain_id: identity, amount: "300" },
    ]);
  });

  it("reads the compliance and the identity registry, and sets new ones (owner actions)", async () => {
    const original = token.regulated;
    expect((await api(t, "GET", path("compliance_info"))).body).toEqual({ object: "compliance_info", token: token.id, compliance: original.compliance, modules: [] });
    expect((await api(t, "GET", path("identity_registry"))).body).toEqual({
      object: "identity_registry", token: token.id, identity_registry: original.identity_registry,
      identity_registry_storage: original.identity_registry_storage, trusted_issuers_registry: original.trusted_issuers_registry,
      claim_topics_registry: original.claim_topics_registry,
    });

    const compliance = await kit.compliance();
    expect((await api(t, "POST", path("set_compliance"), { compliance: alice.address })).body.error).toMatchObject({ code: "not_a_contract", param: "compliance" });
    expect((await api(t, "POST", path("set_compliance"), { compliance: original.identity_registry })).body.error).toMatchObject({ code: "not_a_compliance" });
    await confirmed(t, "POST", path("set_compliance"), { compliance }, 200);
    expect((await api(t, "GET", path("compliance_info"))).body.compliance).toBe(compliance);
    expect(await readAs(compliance, "ModularCompliance", "getTokenBound")).toBe(token.address);
    expect((await api(t, "GET", `/v1/tokens/${token.id}`)).body.regulated.compliance).toBe(compliance);
    await confirmed(t, "POST", path("set_compliance"), { compliance: original.compliance }, 200);
    expect((await api(t, "GET", path("compliance_info"))).body.compliance).toBe(original.compliance);

    const registry = await kit.identityRegistry();
    await confirmed(t, "POST", path("set_identity_registry"), { identity_registry: registry }, 200);
    expect((await api(t, "GET", path("identity_registry"))).body.identity_registry).toBe(registry);
    expect(await readAs(token.address, "Token", "identityRegistry")).toBe(registry);
    await confirmed(t, "POST", path("set_identity_registry"), { identity_registry: original.identity_registry }, 200);
    expect((await api(t, "GET", `/v1/tokens/${token.id}`)).body.regulated).toMatchObject({
      identity_registry: original.identity_registry, trusted_issuers_registry: original.trusted_issuers_registry,
    });
  });

  it("answers 404 for another tenant's token and 400 unsupported_standard for other standards", async () => {
    const other = await tenant();
    const erc20 = await deployToken(t, { name: "Plain", symbol: "PL", standard: "ERC20", features: ERC20_FEATURES });
    const bodies: Record<string, object> = {
      freeze: { address: alice.address }, unfreeze: { address: alice.address },
      freeze_partial: { address: alice.address, amount: "1" }, unfreeze_partial: { address: alice.address, amount: "1" },
      force_transfer: { from: alice.address, to: bob.address, amount: "1" }, recover: { lost_wallet: alice.address, new_wallet: bob.address },
      set_compliance: { compliance: alice.address }, set_identity_registry: { identity_registry: alice.address },
    };
    for (const [method, p] of CONTROL_PATHS) {
      const query = method === "GET" && p.includes("frozen") ? `?address=${alice.address}` : "";
      const foreign = await api(other, method, `/v1/tokens/${token.id}/${p}${query}`, bodies[p]);
      expect(foreign.status, `${method} ${p}`).toBe(404);
      const plain = await api(t, method, `/v1/tokens/${erc20.id}/${p}${query}`, bodies[p]);
      expect(plain.status, `${method} ${p}`).toBe(400);
      expect(plain.body.error.code, `${method} ${p}`).toBe("unsupported_standard");
    }
  });
});
